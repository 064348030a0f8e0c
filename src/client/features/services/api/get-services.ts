import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Service } from '@shared/service';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

// Typed by the shared contract but not re-parsed: the server already validates this response
// against serviceListSchema, and parsing here would put zod on the home page's first-paint path.
export function getServices({ signal }: { signal?: AbortSignal } = {}): Promise<Service[]> {
  return apiClient.get<Service[]>('/api/service', { signal });
}

export const servicesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.services,
    queryFn: ({ signal }) => getServices({ signal }),
  });

/** `staleTime: 0` suits the admin's list, which other admins change too; visitors keep the default. */
export function useServices(overrides: { staleTime?: number } = {}) {
  return useQuery({ ...servicesQueryOptions(), ...overrides });
}
