import { queryOptions, useQuery } from '@tanstack/react-query';
import { myReviewsSchema, type MyReviews } from '@shared/review';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** GET /api/review/mine: her visits she can still review, and her reviews with their state. */
export function getMyReviews({ signal }: { signal?: AbortSignal } = {}): Promise<MyReviews> {
  return apiClient.get('/api/review/mine', { schema: myReviewsSchema, signal });
}

export const myReviewsQueryOptions = (email: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.myReviews(email ?? ''),
    queryFn: ({ signal }) => getMyReviews({ signal }),
    enabled: Boolean(email),
  });

export function useMyReviews(email: string | undefined) {
  return useQuery(myReviewsQueryOptions(email));
}
