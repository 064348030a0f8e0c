import { queryOptions, useQuery } from '@tanstack/react-query';
import { userListSchema, type User } from '@shared/user';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** Every account (admin only). */
export function getUsers({ signal }: { signal?: AbortSignal } = {}): Promise<User[]> {
  return apiClient.get('/api/user', { schema: userListSchema, signal });
}

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.users,
    queryFn: ({ signal }) => getUsers({ signal }),
    // Roles change under other admins' hands too: always ask again when the page opens.
    staleTime: 0,
  });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
