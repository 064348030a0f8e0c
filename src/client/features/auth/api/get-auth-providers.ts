import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthProviders } from '@shared/user';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

export function getAuthProviders({ signal }: { signal?: AbortSignal } = {}): Promise<AuthProviders> {
  return apiClient.get<AuthProviders>('/api/config/auth', { signal });
}

export const authProvidersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.authProviders,
    queryFn: ({ signal }) => getAuthProviders({ signal }),
    // Configuration: it changes only when the server restarts.
    staleTime: Infinity,
  });

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions());
}
