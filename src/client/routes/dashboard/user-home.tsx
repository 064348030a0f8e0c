import { useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DEFAULT_SALON_SETTINGS } from '@shared/salon-settings';
import { PageHeader } from '@/components/ui/page-header';
import { MobileNumber } from '@/features/account/components/mobile-number';
import { YourData } from '@/features/account/components/your-data';
import { clearSession } from '@/features/auth/api/get-session';
import { useCurrentUser } from '@/features/auth/use-current-user';
import { PastVisits } from '@/features/bookings/components/past-visits';
import { UpcomingAppointments } from '@/features/bookings/components/upcoming-appointments';
import { useBookAgain } from '@/features/cart/use-book-again';
import { RecentPayments } from '@/features/payments/components/recent-payments';
import { useSalonSettings } from '@/features/settings/api/get-settings';
import { MyWaitlist } from '@/features/waitlist/components/my-waitlist';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useUserMenu } from './dashboard-menu';
import { CustomerMovePicker } from './move-time-picker';
import { ShortcutCards } from './shortcut-cards';

/** /dashboard/userhome: her coming visits, last payments and past visits (to book again) first, then the way to everything else. */
export function UserHomeRoute() {
  const { t } = useTranslation('dashboard');
  useDocumentTitle(t('userHome.documentTitle'));
  const { user } = useCurrentUser();
  const settings = useSalonSettings();
  const timeZone = settings.data?.timeZone ?? DEFAULT_SALON_SETTINGS.timeZone;
  const menu = useUserMenu(true);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const bookAgain = useBookAgain(user?.email ?? '');
  // Her account is gone and the server has cleared the cookie: nothing of hers stays cached.
  const leave = async () => {
    clearSession(queryClient);
    await navigate(paths.home);
  };
  return (
    <>
      <PageHeader
        eyebrow={t('menu.userHome.label')}
        title={<Trans t={t} i18nKey="userHome.welcome" values={{ name: user?.name ?? '' }} components={{ name: <span translate="no" /> }} />}
      >
        {t('userHome.intro')}
      </PageHeader>
      <div className="mt-8 grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] xl:items-start">
        <UpcomingAppointments timeZone={timeZone} cancelNoticeHours={settings.data?.cancelNoticeHours} MovePicker={CustomerMovePicker} />
        <RecentPayments timeZone={timeZone} />
        <PastVisits timeZone={timeZone} onBookAgain={(booking, button) => bookAgain(booking, button)} />
        <MyWaitlist timeZone={timeZone} />
      </div>
      <ShortcutCards label={t('userHome.shortcuts')} items={menu.slice(1)} />
      <MobileNumber />
      <YourData cancelNoticeHours={settings.data?.cancelNoticeHours} onDeleted={leave} />
    </>
  );
}
