import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { adminReviewQuerySchema, type AdminReviewQuery } from '@shared/review';
import { DEFAULT_SALON_SETTINGS } from '@shared/salon-settings';
import { PageHeader } from '@/components/ui/page-header';
import { AdminReviewList, ReviewFilters } from '@/features/reviews/components/admin-reviews';
import { useSalonSettings } from '@/features/settings/api/get-settings';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Filters from the URL; anything malformed there is ignored rather than sent to the server. */
function filtersFrom(searchParams: URLSearchParams): AdminReviewQuery {
  const rating = adminReviewQuerySchema.shape.rating.safeParse(searchParams.get('rating') ?? undefined);
  const state = adminReviewQuerySchema.shape.state.safeParse(searchParams.get('state') ?? undefined);
  return {
    ...(rating.success && rating.data !== undefined && { rating: rating.data }),
    ...(state.success && state.data !== undefined && { state: state.data }),
  };
}

/** /dashboard/managereviews (admin): every review, filterable by rating and state; hide, show, reply. */
export function ManageReviewsRoute() {
  const { t } = useTranslation('admin-tools');
  useDocumentTitle(t('reviews.documentTitle'));
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFrom(searchParams);
  const settings = useSalonSettings();
  const timeZone = settings.data?.timeZone ?? DEFAULT_SALON_SETTINGS.timeZone;

  const change = (name: keyof AdminReviewQuery, value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const clear = () => setSearchParams(new URLSearchParams(), { replace: true });

  return (
    <>
      <PageHeader eyebrow={t('reviews.eyebrow')} title={t('reviews.title')}>
        {t('reviews.intro')}
      </PageHeader>
      <ReviewFilters filters={filters} onChange={change} onClear={clear} />
      <AdminReviewList filters={filters} timeZone={timeZone} />
    </>
  );
}
