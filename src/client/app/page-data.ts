import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import { PAGE_DATA_ELEMENT_ID, type SiteInfo } from '@shared/ssr';
import type { I18nState } from '../lib/i18n';

/** What a server-rendered page hands to the browser: the site, the answers it rendered from, the router's state. */
export type PageData = {
  site: SiteInfo;
  /** The query answers the page was rendered from, by query key. */
  queries: [QueryKey, unknown][];
  /** Present when the server rendered the page: the browser hydrates instead of rendering anew. */
  router?: HydrationState;
  /** The page's language and the catalogues it was rendered with (absent: English, loaded on demand). */
  i18n?: I18nState;
};

/** JSON for a <script type="application/json">: '<' escaped so no value can close the element. */
export function pageDataJson(data: PageData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

export function readPageData(doc: Document = document): PageData | undefined {
  const text = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as PageData) : undefined;
}

/**
 * Puts the answers the page was rendered from into the query cache, as fetched now: the server
 * rendered the page from its cache of the current data (dropped on every change), so they are as
 * fresh as the page itself and need no second request.
 */
export function seedQueries(queryClient: QueryClient, queries: PageData['queries']): void {
  for (const [queryKey, data] of queries) queryClient.setQueryData(queryKey, data);
}
