import type { Location } from 'react-router';

const LOAD_ID = 'parlourLoadId';

type HistoryLike = Pick<History, 'state' | 'replaceState'>;

function loadIdOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !(LOAD_ID in state)) return undefined;
  const id = (state as Record<string, unknown>)[LOAD_ID];
  return typeof id === 'string' ? id : undefined;
}

/**
 * Gives the history entry of a full page load (a typed address, a bookmark, a link from outside)
 * an id of its own, kept in the entry's state so a reload or Back finds it again. React Router
 * names every such entry 'default'; without this, the next page opened that way in the tab took
 * over the last one's scroll position. Call once, before the router is created.
 */
export function markPageLoadEntry(history: HistoryLike = window.history): void {
  const state: unknown = history.state;
  if (loadIdOf(state) !== undefined) return;
  // A client-side navigation's entry has React Router's own key already.
  if (typeof state === 'object' && state !== null && 'key' in state) return;
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  history.replaceState({ ...(typeof state === 'object' ? state : null), [LOAD_ID]: id }, '');
}

/**
 * Where <ScrollRestoration /> files a page's scroll position: the history key of a client-side
 * navigation, or the id markPageLoadEntry gave a full load. So a reload or Back comes back to
 * where the page was left, and any other page starts at the top.
 */
export function scrollRestorationKey(
  location: Pick<Location, 'key' | 'pathname' | 'search'>,
  history: Pick<History, 'state'> = window.history,
): string {
  if (location.key !== 'default') return location.key;
  const id = loadIdOf(history.state);
  return id ? `load:${id}` : `${location.pathname}${location.search}`;
}
