import { paths } from '@/config/paths';

/** What the guards and the 'Add to Booking list' prompt put in the navigation state. */
export interface FromState {
  from: { pathname: string; search?: string };
}

function readFrom(state: unknown): FromState['from'] | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from = (state as { from: unknown }).from;
  if (typeof from !== 'object' || from === null) return null;
  const { pathname, search } = from as { pathname?: unknown; search?: unknown };
  if (typeof pathname !== 'string') return null;
  return { pathname, search: typeof search === 'string' ? search : '' };
}

const authPages = new Set<string>([paths.login, paths.signup, paths.forgotPassword, paths.resetPassword]);

/**
 * The page to return to after signing in: the recorded 'from' (path and query), else home.
 * Only a path on this site is accepted, and never an account page (that would loop).
 */
export function redirectTarget(state: unknown): string {
  const from = readFrom(state);
  if (!from || !from.pathname.startsWith('/') || from.pathname.startsWith('//') || authPages.has(from.pathname)) {
    return paths.home;
  }
  return `${from.pathname}${from.search ?? ''}`;
}

/** The same 'from', to hand on to a sibling account page (log in ⇄ sign up). */
export function forwardedFromState(state: unknown): FromState | undefined {
  const from = readFrom(state);
  return from ? { from } : undefined;
}

/** True when a guard sent her here (she was on her way to a page). */
export function hasFrom(state: unknown): boolean {
  return readFrom(state) !== null;
}
