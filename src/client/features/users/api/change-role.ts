import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modifiedSchema } from '@shared/results';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

export type RoleChange = 'make-admin' | 'remove-admin';

/** PATCH /user/admin/{id} or /user/admin-remove/{id}; answers how many records changed. */
export function changeRole(id: string, change: RoleChange) {
  const path = change === 'make-admin' ? `/api/user/admin/${id}` : `/api/user/admin-remove/${id}`;
  return apiClient.patch(path, undefined, { schema: modifiedSchema });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: RoleChange }) => changeRole(id, change),
    // Refetched whatever happened: a refusal may mean the list was out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  });
}
