import { ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_SALON_SETTINGS } from '@shared/salon-settings';
import type { GatewayName } from '@shared/payments';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
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
  if (!email || cart.isPending || settings.isPending) {
    return (
      <div role="status" aria-label={t('appointment.loading')} className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="skeleton h-64 w-full" />
        <div className="skeleton h-64 w-full" />
      </div>
    );
  }

  if (cart.isError) {
    return (
      <div className="mt-8">
        <ErrorState title={t('somethingWrong')} message={cart.error.message} onRetry={() => void cart.refetch()} isRetrying={cart.isFetching} />
      </div>
    );
  }

  if (cart.data.length === 0) {
    return (
      <div className="mt-8 flex flex-col items-center gap-3 rounded-box bg-base-100 p-10 text-center shadow-soft ring-1 ring-base-300/70">
        <ListChecks aria-hidden="true" className="size-8 text-primary" />
        <p className="font-display text-xl font-semibold">{t('appointment.emptyTitle')}</p>
        <p className="text-base-content/75">{t('appointment.emptyText')}</p>
        <Link to={paths.dashboard.book} className="btn mt-2 rounded-full btn-primary">
          {t('appointment.bookTreatment')}
        </Link>
      </div>
    );
  }

  // Should the settings fail to load, the seeded zone is far likelier right than the browser's.
  const timeZone = settings.data?.timeZone ?? DEFAULT_SALON_SETTINGS.timeZone;
  const items = cart.data;
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
