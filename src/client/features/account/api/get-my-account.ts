import { queryOptions, useQuery } from '@tanstack/react-query';
import { myAccountSchema, type MyAccount } from '@shared/account';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** `GET /api/me`: the stylist the account is linked to, and whether deleting it asks for her password or a fresh sign-in. */
export function getMyAccount({ signal }: { signal?: AbortSignal } = {}): Promise<MyAccount> {
  return apiClient.get('/api/me', { schema: myAccountSchema, signal });
}

/** For the dashboard's menu: whether she is a stylist changes only when the admin links or retires her. */
export const myAccountQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.myAccount,
    queryFn: ({ signal }) => getMyAccount({ signal }),
    staleTime: 60_000,
  });

/** Whether she is one of the salon's stylists (null: not, or not known yet); asked once she is signed in. */
export function useLinkedStylist(enabled: boolean) {
  return useQuery({ ...myAccountQueryOptions(), enabled, select: (account) => account.stylist });
}

/**
 * For 'Delete my account', asked when she opens it: how recent her sign-in is changes by the
 * minute, so it is never answered from what the menu read earlier (a key of its own, kept nowhere).
 */
export function useMyAccount(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.myAccountForDeletion,
    queryFn: ({ signal }) => getMyAccount({ signal }),
    staleTime: 0,
    gcTime: 0,
    enabled,
  });
}
