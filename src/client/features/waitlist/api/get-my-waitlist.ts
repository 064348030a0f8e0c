import { queryOptions, useQuery } from '@tanstack/react-query';
import { myWishesSchema } from '@shared/waitlist';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** GET /api/waitlist/mine: her wishes with her place in line and any time held for her. */
export function getMyWaitlist({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get('/api/waitlist/mine', { schema: myWishesSchema, signal });
}

export const myWaitlistQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.myWaitlist,
    queryFn: ({ signal }) => getMyWaitlist({ signal }),
    // Her place moves as others leave or are offered a time.
    staleTime: 0,
  });

export function useMyWaitlist() {
  return useQuery(myWaitlistQueryOptions());
}
