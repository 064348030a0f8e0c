import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { myStylistSchema, staffVisitListSchema, staffVisitSchema } from '@shared/staff';
import type { CounterMethod } from '@shared/deposits';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** Which stylist the signed-in account is (null for customers and admins who are not on the team): My day's own question. */
export function useMyStylist() {
  return useQuery({
    queryKey: queryKeys.myStylist,
    queryFn: ({ signal }) => apiClient.get('/api/staff/me', { signal, schema: myStylistSchema }),
  });
}

/** Her visits on one salon day. */
export function useMyVisits(date: string) {
  return useQuery({
    queryKey: queryKeys.myVisits(date),
    queryFn: ({ signal }) => apiClient.get(`/api/staff/me/visits?from=${date}&to=${date}`, { signal, schema: staffVisitListSchema }),
    staleTime: 0,
  });
}

/** She marks one of her visits completed or a no-show; her days, and every bookings list, refresh. */
export function useMarkVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'completed' | 'no-show' }) =>
      apiClient.post(`/api/staff/me/visits/${encodeURIComponent(id)}`, { status }, { schema: staffVisitSchema }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.myVisitsAll }), queryClient.invalidateQueries({ queryKey: queryKeys.bookings })]),
  });
}

/** She takes the money of one of her visits at her chair (cash, card, bKash, Nagad); her days and every bookings list refresh. */
export function useRecordChairPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, amount, method }: { id: string; amount: number; method: CounterMethod }) =>
      apiClient.post(`/api/staff/me/visits/${encodeURIComponent(id)}/counter-payments`, { amount, method }, { schema: staffVisitSchema }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.myVisitsAll }), queryClient.invalidateQueries({ queryKey: queryKeys.bookings })]),
  });
}
