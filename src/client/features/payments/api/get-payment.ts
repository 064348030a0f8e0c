import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentSchema, type Payment } from '@shared/payments';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** How often, and how many times, a pending payment is asked about again (Stripe's webhook may lag). */
export const PENDING_POLL_INTERVAL_MS = 1000;
export const PENDING_POLL_LIMIT = 30;

/** GET /api/payments/{id}: one payment (her own, or any for an admin). */
export function getPayment(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Payment> {
  return apiClient.get(`/api/payments/${encodeURIComponent(id)}`, { schema: paymentSchema, signal });
}

export const paymentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.payment(id),
    queryFn: ({ signal }) => getPayment(id, { signal }),
    staleTime: 0,
    // Polls while the outcome is unknown, for about 30 s; then the page offers to check again.
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.dataUpdateCount < PENDING_POLL_LIMIT ? PENDING_POLL_INTERVAL_MS : false,
  });

export function usePayment(id: string) {
  return useQuery(paymentQueryOptions(id));
}
