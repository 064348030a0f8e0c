import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminSummarySchema, type AdminSummary, type AdminSummaryQuery } from '@shared/admin-summary';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** GET /api/admin/summary?from=&to=: the salon's figures for salon-local days from..to (admin). */
export function getAdminSummary({ from, to }: AdminSummaryQuery, { signal }: { signal?: AbortSignal } = {}): Promise<AdminSummary> {
  const search = new URLSearchParams({ from, to });
  return apiClient.get(`/api/admin/summary?${search.toString()}`, { schema: adminSummarySchema, signal });
}

export const adminSummaryQueryOptions = (period: AdminSummaryQuery) =>
  queryOptions({
    queryKey: queryKeys.adminSummary(period.from, period.to),
    queryFn: ({ signal }) => getAdminSummary(period, { signal }),
    // Payments come in all day: a returning owner sees today's figures, not a remembered set.
    staleTime: 0,
    // Switching periods keeps the last figures on screen (marked busy) instead of a blank page.
    placeholderData: keepPreviousData,
  });

export function useAdminSummary(period: AdminSummaryQuery) {
  return useQuery(adminSummaryQueryOptions(period));
}
