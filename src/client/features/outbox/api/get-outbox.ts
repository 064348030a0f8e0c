import { queryOptions, useQuery } from '@tanstack/react-query';
import { outboxListSchema, OUTBOX_PAGE_SIZE, type OutboxMail } from '@shared/outbox';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** GET /api/admin/outbox: the newest e-mails the salon sent, newest first (admin). */
export function getOutbox({ signal }: { signal?: AbortSignal } = {}): Promise<OutboxMail[]> {
  return apiClient.get(`/api/admin/outbox?limit=${OUTBOX_PAGE_SIZE}`, { schema: outboxListSchema, signal });
}

export const outboxQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.outbox,
    queryFn: ({ signal }) => getOutbox({ signal }),
    // A reset link may have been asked for a moment ago: always ask again when the page opens.
    staleTime: 0,
  });

export function useOutbox() {
  return useQuery(outboxQueryOptions());
}
