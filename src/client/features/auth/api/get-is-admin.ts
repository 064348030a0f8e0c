import { queryOptions } from '@tanstack/react-query';
import type { AdminCheck } from '@shared/user';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

// Typed, not re-parsed: it runs on every page for a signed-in user (see get-session.ts).
export function getIsAdmin(email: string, { signal }: { signal?: AbortSignal } = {}): Promise<AdminCheck> {
  return apiClient.get<AdminCheck>(`/api/user/admin/${encodeURIComponent(email)}`, { signal });
}

/** Spec sections 4 and 7: cached under isAdmin plus the e-mail; asked only once she is known. */
export const isAdminQueryOptions = (email: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.isAdmin(email ?? ''),
    queryFn: ({ signal }) => getIsAdmin(email ?? '', { signal }),
    enabled: Boolean(email),
    staleTime: 60_000,
  });
