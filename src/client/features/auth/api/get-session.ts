import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Session } from '@shared/user';
import { apiClient } from '@/lib/api-client';
import { accountScopedQueryKeys, queryKeys } from '@/lib/query-client';

// Typed by the shared contract but not re-parsed: every page asks for the session, and parsing
// here would put zod on the home page's first-paint path (see get-services.ts).
export async function getSession({ signal }: { signal?: AbortSignal } = {}): Promise<Session> {
  const session = await apiClient.get<Session | undefined>('/api/auth/get-session', { signal });
  return session ?? null;
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.session,
    queryFn: ({ signal }) => getSession({ signal }),
    // Sign-in and log-out update this cache themselves; a minute is plenty for anything else
    // (a session ended elsewhere), and it keeps the page from asking on every focus.
    staleTime: 60_000,
  });

function forgetAccountData(queryClient: QueryClient) {
  for (const queryKey of accountScopedQueryKeys) queryClient.removeQueries({ queryKey });
}

/**
 * After a sign-in or sign-up: forgets the previous account's cached answers and waits for the new
 * session, so the page the user goes to next (often a guarded one) already knows her.
 */
export async function refreshSession(queryClient: QueryClient): Promise<void> {
  forgetAccountData(queryClient);
  try {
    await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
  } catch {
    // Signed in, but the session could not be read back just now: let the next page ask again.
    await queryClient.invalidateQueries({ queryKey: queryKeys.session });
  }
}

/** After logging out: nobody is signed in, and nothing of hers stays in the cache. */
export function clearSession(queryClient: QueryClient): void {
  queryClient.setQueryData(queryKeys.session, null);
  forgetAccountData(queryClient);
}
