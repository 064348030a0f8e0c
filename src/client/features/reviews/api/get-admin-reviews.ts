import { queryOptions, useQuery } from '@tanstack/react-query';
import { managedReviewListSchema, type AdminReviewQuery, type ManagedReview } from '@shared/review';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** GET /api/admin/reviews: every review with its visit and state, filtered (admin). */
export function getAdminReviews(filters: AdminReviewQuery, { signal }: { signal?: AbortSignal } = {}): Promise<ManagedReview[]> {
  const query = new URLSearchParams();
  if (filters.rating !== undefined) query.set('rating', String(filters.rating));
  if (filters.state !== undefined) query.set('state', filters.state);
  const search = query.toString();
  return apiClient.get(`/api/admin/reviews${search ? `?${search}` : ''}`, { schema: managedReviewListSchema, signal });
}

export const adminReviewsQueryOptions = (filters: AdminReviewQuery) =>
  queryOptions({
    queryKey: queryKeys.adminReviews(filters),
    queryFn: ({ signal }) => getAdminReviews(filters, { signal }),
  });

export function useAdminReviews(filters: AdminReviewQuery) {
  return useQuery(adminReviewsQueryOptions(filters));
}
