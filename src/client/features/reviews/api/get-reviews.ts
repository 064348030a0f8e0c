import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '@shared/review';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

// Typed by the shared contract; the server validates the response (see get-services.ts).
export function getReviews({ signal }: { signal?: AbortSignal } = {}): Promise<Review[]> {
  return apiClient.get<Review[]>('/api/review', { signal });
}

export const reviewsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.reviews,
    queryFn: ({ signal }) => getReviews({ signal }),
  });

export function useReviews() {
  return useQuery(reviewsQueryOptions());
}
