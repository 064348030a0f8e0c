import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { paymentListSchema, type Payment } from '@shared/payments';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

export interface PaymentFilters {
  /** Salon-calendar days, YYYY-MM-DD, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  status?: string | undefined;
}

function toSearch(filters: PaymentFilters): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** GET /api/payments?from=&to=&status=: a customer's own payments, or every payment for an admin. */
export function getPayments(filters: PaymentFilters = {}, { signal }: { signal?: AbortSignal } = {}): Promise<Payment[]> {
  return apiClient.get(`/api/payments${toSearch(filters)}`, { schema: paymentListSchema, signal });
}

/** Every cached payment list, whatever its filters (single payments are cached elsewhere). */
export const paymentListsKey = [...queryKeys.payments, 'list'] as const;

export const paymentsQueryOptions = (filters: PaymentFilters = {}) =>
  queryOptions({
    queryKey: [...paymentListsKey, { from: filters.from, to: filters.to, status: filters.status }] as const,
    queryFn: ({ signal }) => getPayments(filters, { signal }),
    // Refunds and webhooks change payments behind the page's back.
    staleTime: 0,
    // Changing a filter keeps the old rows on screen until the new ones arrive (no flash).
    placeholderData: keepPreviousData,
  });

export function usePayments(filters: PaymentFilters = {}) {
  return useQuery(paymentsQueryOptions(filters));
}
