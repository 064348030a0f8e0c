import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@shared/user';
import { isAdminQueryOptions } from './api/get-is-admin';
import { sessionQueryOptions } from './api/get-session';

export type CurrentUser = SessionUser;

export interface CurrentUserState {
  user: CurrentUser | null;
  /** True until the session, and for a signed-in user the admin check, are known (spec section 4). */
  isLoading: boolean;
  /**
   * Her role as the session carries it until the admin check answers, then the check's answer:
   * right from the first paint after she signs in, so the navbar's Dashboard link never points an
   * admin at the customer's home. Guards wait for `isLoading` to end before they decide.
   */
  isAdmin: boolean;
  /**
   * Who is signed in once her session has arrived (the request already on its way, if any): for
   * an action taken before it has, which must not take her for a visitor. Nobody if it cannot be read.
   */
  whenKnown: () => Promise<CurrentUser | null>;
}

/** Who is signed in: the session query, then the admin check for her e-mail. */
export function useCurrentUser(): CurrentUserState {
  const queryClient = useQueryClient();
  const session = useQuery(sessionQueryOptions());
  const user = session.data?.user ?? null;
  const adminCheck = useQuery(isAdminQueryOptions(user?.email));
  const whenKnown = useCallback(async () => {
    try {
      return (await queryClient.fetchQuery(sessionQueryOptions()))?.user ?? null;
    } catch {
      return null;
    }
  }, [queryClient]);

  if (session.isPending) return { user: null, isLoading: true, isAdmin: false, whenKnown };
  if (!user) return { user: null, isLoading: false, isAdmin: false, whenKnown };
  if (adminCheck.isPending) return { user, isLoading: true, isAdmin: user.role === 'admin', whenKnown };
  // Should the check itself fail, the role in the session decides; the server guards every admin
  // call anyway, so this only chooses which menu to show.
  const isAdmin = adminCheck.data?.admin ?? user.role === 'admin';
  return { user, isLoading: false, isAdmin, whenKnown };
}

/**
 * True once the component calling it has seen someone signed in and she is gone: she logged out
 * (or was signed out) while on the page, rather than arriving signed out.
 */
export function useSignedOutWhileHere(user: CurrentUser | null): boolean {
  // Adjusted while rendering (React's "store information from previous renders" pattern).
  const [seenUserId, setSeenUserId] = useState<string | null>(null);
  if (user && user.id !== seenUserId) setSeenUserId(user.id);
  return user === null && seenUserId !== null;
}
