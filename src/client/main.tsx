// First: before any module parses a schema (see zod-jitless.ts). Started by boot.ts, which also
// brings the stylesheet.
import './lib/zod-jitless';

import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { readPageData, seedQueries } from './app/page-data';
import { AppProvider } from './app/provider';
import { createAppRouter, routes } from './app/router';
import { browserSiteInfo, SiteProvider } from './lib/site';
import { createI18n, setPageTextSource } from './lib/i18n';
import { loadCatalogue } from './lib/i18n-catalogues';
import { createQueryClient } from './lib/query-client';
import { basenameOf, languageOfPath } from '@shared/i18n/language';
import { markPageLoadEntry } from './lib/scroll-restoration-key';

/**
 * A lazy page the server rendered must be loaded before hydrating: the router would otherwise
 * render its fallback first, and that would not match the server's HTML.
 */
async function loadLazyMatches(basename: string | undefined) {
  const matches = matchRoutes(routes, window.location, basename) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

async function start() {
  // Before the router reads the history entry (see scroll-restoration-key.ts).
  markPageLoadEntry();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html must contain <div id="root">');

  const pageData = readPageData();
  const queryClient = createQueryClient();
  if (pageData) seedQueries(queryClient, pageData.queries);
  const hydrating = pageData?.router !== undefined;
  // The address says the language (/bn/… is Bangla); the page carries the catalogues it was
  // rendered with, so the first render needs no fetch.
  const language = languageOfPath(window.location.pathname);
  document.documentElement.lang = language;
  const i18n = createI18n(language, pageData?.i18n?.language === language ? pageData.i18n.resources : undefined, loadCatalogue, pageData?.site.latinDigits);
  setPageTextSource(i18n);
  await Promise.all([hydrating ? loadLazyMatches(basenameOf(language)) : undefined, i18n.loadNamespaces('common')]);

  const app = (
    <StrictMode>
      <AppProvider queryClient={queryClient} i18n={i18n}>
        <SiteProvider site={pageData?.site ?? browserSiteInfo()}>
          <RouterProvider router={createAppRouter(language, pageData?.router)} />
        </SiteProvider>
      </AppProvider>
    </StrictMode>
  );
  if (hydrating) {
    hydrateRoot(container, app, {
      // A page that does not hydrate to what the server sent is a defect: say so where tests look.
      onRecoverableError: (error, info) => console.error('Hydration problem:', error, info.componentStack ?? ''),
    });
  } else {
    createRoot(container).render(app);
  }
}

/** Settles once React has taken the page over (its events are React's from then on; boot.ts). */
export const hydrating = start();
