import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminWaitlistSchema } from '@shared/waitlist';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** GET /api/admin/waitlist?date=: who waits for what that day, in line order (admin). */
export function getDayWaitlist(date: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get(`/api/admin/waitlist?date=${encodeURIComponent(date)}`, { schema: adminWaitlistSchema, signal });
}

export const dayWaitlistQueryOptions = (date: string) =>
  queryOptions({ queryKey: queryKeys.dayWaitlist(date), queryFn: ({ signal }) => getDayWaitlist(date, { signal }), staleTime: 0 });

export function useDayWaitlist(date: string) {
  return useQuery(dayWaitlistQueryOptions(date));
}
