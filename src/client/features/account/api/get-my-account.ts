import { queryOptions, useQuery } from '@tanstack/react-query';
import { myAccountSchema, type MyAccount } from '../../../../shared/account';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-client';

/** `GET /api/me`: whether deleting the account asks for her password or for a fresh sign-in. */
export function getMyAccount({ signal }: { signal?: AbortSignal } = {}): Promise<MyAccount> {
  return apiClient.get('/api/me', { schema: myAccountSchema, signal });
}

export const myAccountQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.myAccount,
    queryFn: ({ signal }) => getMyAccount({ signal }),
    // How recent her sign-in is changes by the minute: asked afresh each time the form opens.
    staleTime: 0,
    gcTime: 0,
  });

/** Asked only once she opens 'Delete my account'. */
export function useMyAccount(enabled: boolean) {
  return useQuery({ ...myAccountQueryOptions(), enabled });
}
