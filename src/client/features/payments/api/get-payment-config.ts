import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentConfigSchema, type PaymentConfig } from '@shared/payments';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** GET /api/payments/config: which gateway takes the money ('test' on one machine, or Stripe). */
export function getPaymentConfig({ signal }: { signal?: AbortSignal } = {}): Promise<PaymentConfig> {
  return apiClient.get('/api/payments/config', { schema: paymentConfigSchema, signal });
}

export const paymentConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.paymentConfig,
    queryFn: ({ signal }) => getPaymentConfig({ signal }),
    // Server configuration: it only changes with a restart.
    staleTime: Infinity,
  });

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions());
}
