import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { idSchema } from '@shared/ids';
import { DEFAULT_SALON_SETTINGS } from '@shared/salon-settings';
import { PageHeader } from '@/components/ui/page-header';
import { useCurrentUser } from '@/features/auth/use-current-user';
import { MyReviewsPanel } from '@/features/reviews/components/my-reviews';
import { REVIEW_FORM_ID } from '@/features/reviews/components/review-form';
import { useSalonSettings } from '@/features/settings/api/get-settings';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /dashboard/review: her visits to review and her reviews. `?booking=<id>` (the link in the
 * e-mail sent when a visit is completed) opens the form for that visit.
 */
export function ReviewRoute() {
  const { t } = useTranslation(['reviews', 'dashboard']);
  useDocumentTitle(t('page.documentTitle'));
  const { user } = useCurrentUser();
  const settings = useSalonSettings();
  const timeZone = settings.data?.timeZone ?? DEFAULT_SALON_SETTINGS.timeZone;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const booking = searchParams.get('booking');
  const openBookingId = booking !== null && idSchema.safeParse(booking).success ? booking : booking !== null ? 'unknown' : undefined;

  // Opening a form adds #review-form, so the page's focus-on-navigation moves focus to its heading.
  const setBooking = (id: string | undefined) => {
    const next = new URLSearchParams(searchParams);
    if (id) next.set('booking', id);
    else next.delete('booking');
    const search = next.toString();
    void navigate({ search: search ? `?${search}` : '', hash: id ? REVIEW_FORM_ID : '' }, { replace: true });
  };

  return (
    <>
      <PageHeader eyebrow={t('dashboard:menu.review.label')} title={t('page.title')}>
        {t('page.intro')}
      </PageHeader>
      {user ? (
        <MyReviewsPanel
          user={user}
          timeZone={timeZone}
          openBookingId={openBookingId}
          onOpen={(id) => setBooking(id)}
          onClose={() => setBooking(undefined)}
        />
      ) : null}
    </>
  );
}
