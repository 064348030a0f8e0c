import { ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_SALON_SETTINGS } from '@shared/salon-settings';
import type { GatewayName } from '@shared/payments';
import type { CartItem } from '@shared/cart';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth/use-current-user';
import { useCart } from '@/features/cart/api/get-cart';
import { useKeepHeldTimes } from '@/features/cart/api/keep-held-times';
import { usePaymentConfig } from '@/features/payments/api/get-payment-config';
import { AppointmentCheckout } from '@/features/payments/components/appointment-checkout';
import { useSalonSettings } from '@/features/settings/api/get-settings';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /dashboard/appointment: pay for the whole booking list, which confirms its appointments. */
export function AppointmentRoute() {
  const { t } = useTranslation('payment');
  useDocumentTitle(t('appointment.pageTitle'));
  const { user } = useCurrentUser();
  const email = user?.email;
  // Holds change by the minute: always ask for the list as it is now.
  const cart = useCart(email, { staleTime: 0 });
  const settings = useSalonSettings();
  const config = usePaymentConfig();
  const keepTimes = useKeepHeldTimes(email ?? '');

  return (
    <>
      <PageHeader eyebrow={t('eyebrow')} title={t('appointment.title')}>
        {t('appointment.intro')}
      </PageHeader>
      <AppointmentBody email={email} cart={cart} settings={settings} gateway={config.data?.gateway} testMode={config.data?.testMode ?? false} keepTimes={keepTimes} />
    </>
  );
}

interface AppointmentBodyProps {
  email: string | undefined;
  cart: ReturnType<typeof useCart>;
  settings: ReturnType<typeof useSalonSettings>;
  gateway: GatewayName | undefined;
  testMode: boolean;
  keepTimes: ReturnType<typeof useKeepHeldTimes>;
}

function AppointmentBody({ email, cart, settings, gateway, testMode, keepTimes }: AppointmentBodyProps) {
  const { t } = useTranslation('payment');
  const placeholders = (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="skeleton h-64 w-full" />
      <div className="skeleton h-64 w-full" />
    </div>
  );
  const loading = { label: t('appointment.loading'), placeholders };
  return (
    <QueryState
      query={cart}
      className="mt-8"
      errorTitle={t('somethingWrong')}
      loading={loading}
      empty={{
        icon: ListChecks,
        title: t('appointment.emptyTitle'),
        message: t('appointment.emptyText'),
        action: (
          <Link to={paths.dashboard.book} className="btn mt-2 rounded-full btn-primary">
            {t('appointment.bookTreatment')}
          </Link>
        ),
      }}
    >
      {(items) =>
        // Her address and the salon's rules come with the list: the page waits for all three.
        !email || settings.isPending ? (
          <div role="status" aria-label={loading.label} className="mt-8">
            {placeholders}
          </div>
        ) : (
          <Checkout email={email} items={items} settings={settings} gateway={gateway} testMode={testMode} keepTimes={keepTimes} />
        )
      }
    </QueryState>
  );
}

function Checkout({ email, items, settings, gateway, testMode, keepTimes }: Omit<AppointmentBodyProps, 'cart' | 'email'> & { email: string; items: CartItem[] }) {
  // Should the settings fail to load, the seeded zone is far likelier right than the browser's.
  const timeZone = settings.data?.timeZone ?? DEFAULT_SALON_SETTINGS.timeZone;
  return (
    <AppointmentCheckout
      email={email}
      items={items}
      timeZone={timeZone}
      cancelNoticeHours={settings.data?.cancelNoticeHours ?? DEFAULT_SALON_SETTINGS.cancelNoticeHours}
      gateway={gateway}
      testMode={testMode}
      onKeepTimes={() => keepTimes.mutateAsync(items)}
    />
  );
}
