import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { useCurrentUser } from '@/features/auth/use-current-user';
import { BookingList } from '@/features/cart/components/booking-list';
import { useStaff } from '@/features/staff/api/get-staff';
import { JoinWaitlist } from '@/features/waitlist/components/join-waitlist';
import { SalonSettingsBoundary } from '@/features/settings/components/salon-settings-boundary';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /dashboard/bookinglist: the services she picked, a time for each, and the way on to payment. */
export function BookingListRoute() {
  const { t } = useTranslation('booking');
  useDocumentTitle(t('bookingList.pageTitle'));
  const { user } = useCurrentUser();
  // Until the team is known (or if it cannot be), the list books as a salon without stylists.
  const staff = useStaff();
  return (
    <>
      <PageHeader eyebrow={t('eyebrow')} title={t('bookingList.title')}>
        {t('bookingList.intro')}
      </PageHeader>
      <div className="mt-8">
        {/* The dashboard layout only renders for a signed-in user. */}
        {user ? <SalonSettingsBoundary>{(settings) => <BookingList email={user.email} settings={settings} stylists={staff.data ?? []} whenFull={(day) => <JoinWaitlist wish={day} />} />}</SalonSettingsBoundary> : null}
      </div>
    </>
  );
}
