import { queryOptions, useQuery } from '@tanstack/react-query';
import { outboxConfigSchema, type OutboxConfig } from '@shared/outbox';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** GET /api/config/outbox: whether this server shows its outbox (SHOW_OUTBOX, on under `npm start`). */
export function getOutboxConfig({ signal }: { signal?: AbortSignal } = {}): Promise<OutboxConfig> {
  return apiClient.get('/api/config/outbox', { schema: outboxConfigSchema, signal });
}

export const outboxConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.outboxConfig,
    queryFn: ({ signal }) => getOutboxConfig({ signal }),
    // Server configuration: it only changes with a restart.
    staleTime: Infinity,
  });

/** Only asked when `enabled` (the admin menu): a customer never needs to know. */
export function useOutboxConfig({ enabled }: { enabled: boolean }) {
  return useQuery({ ...outboxConfigQueryOptions(), enabled });
}
