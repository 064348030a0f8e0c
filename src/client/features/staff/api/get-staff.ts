import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Staff } from '@shared/staff';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

// Typed by the shared contract, not re-parsed: the server checks this answer against
// staffListSchema, and the Team page and home page should not load zod for it.
export function getStaff({ signal }: { signal?: AbortSignal } = {}): Promise<Staff[]> {
  return apiClient.get<Staff[]>('/api/staff', { signal });
}

export const staffQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.staff,
    queryFn: ({ signal }) => getStaff({ signal }),
  });

/** `staleTime: 0` suits the admin's list; visitors keep the default. */
export function useStaff(overrides: { staleTime?: number } = {}) {
  return useQuery({ ...staffQueryOptions(), ...overrides });
}
