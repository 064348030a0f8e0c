/**
 * The server's renderer of the public pages (docs/decisions/024). Vite builds it into
 * dist/ssr/entry-server.js; the server loads it at run time and caches what it renders per
 * change of the catalogue, the reviews and the salon settings.
 */
import { StrictMode } from 'react';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { pageDataJson, type PageData } from './app/page-data';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { SiteProvider } from './lib/site';
import { pageMeta, type PageHandle, type PageMeta } from './config/page-meta';
import { settingsQueryKey } from './lib/salon-settings';
import { createI18n, resourcesOf, usedResources } from './lib/i18n';
import { createQueryClient, queryKeys } from './lib/query-client';
import { basenameOf, languageOfPath, LANGUAGES, pathIn, type Language } from '@shared/i18n/language';
import type { PageHead, PageInputs, PageRenderer, RenderedPage, SiteInfo } from '@shared/ssr';

/** One request handler per language: the Bangla site is the same routes under /bn. */
const handlers = Object.fromEntries(
  LANGUAGES.map((language) => [language, createStaticHandler(routes, { basename: basenameOf(language) })]),
) as Record<Language, ReturnType<typeof createStaticHandler>>;

/**
 * Every catalogue of every language, in the server's bundle: each request gets an i18next instance
 * of its own (two pages in two languages may render at once) with its language's catalogues at hand.
 */
const catalogueModules = import.meta.glob<Record<string, unknown>>('../shared/i18n/locales/*/*.json', { eager: true, import: 'default' });
const allResources = resourcesOf(catalogueModules);

function i18nFor(language: Language, latinDigits: boolean): I18n {
  return createI18n(language, { [language]: allResources[language] ?? {} }, undefined, latinDigits);
}

function headOf(meta: PageMeta, language: Language, i18n: I18n): PageHead {
  const t = i18n.getFixedT(language, 'meta');
  return {
    title: t(`${meta.key}.title`),
    description: t(`${meta.key}.description`),
    canonicalPath: meta.path === null ? null : pathIn(language, meta.path),
    language,
    alternates: meta.path === null ? [] : LANGUAGES.map((lng) => ({ language: lng, path: pathIn(lng, meta.path!) })),
  };
}

/** Matching walks and ranks the whole route table (about 2 ms); its answers are kept per path. */
const handlesByPath = new Map<string, PageHandle[] | null>();
const MAX_REMEMBERED_PATHS = 1000;

/** The handles of the routes `pathname` matches, outermost first; null when nothing matches. */
function handlesOf(pathname: string): PageHandle[] | null {
  let handles = handlesByPath.get(pathname);
  if (handles === undefined) {
    const matches = matchRoutes(routes, pathname, basenameOf(languageOfPath(pathname)));
    handles = matches ? matches.map(({ route }) => (route.handle ?? {}) as PageHandle) : null;
    // Addresses are the visitors' to choose: past the limit the oldest are forgotten.
    if (handlesByPath.size >= MAX_REMEMBERED_PATHS) handlesByPath.delete(handlesByPath.keys().next().value!);
    handlesByPath.set(pathname, handles);
  }
  return handles;
}

function cacheKey(url: string): string | null {
  const parsed = new URL(url, 'http://parlour.invalid');
  const handles = handlesOf(parsed.pathname);
  if (!handles || handles.some((h) => h.clientRendered)) return null;
  const page = handles.at(-1)?.page;
  const kept = new URLSearchParams();
  for (const name of page?.search ?? []) {
    const value = parsed.searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  const search = kept.toString();
  return `${parsed.pathname}${search ? `?${search}` : ''}`;
}

/**
 * The whole page, every lazy part included: written only once all is ready, so React writes no
 * inline scripts (the site's CSP allows none) and the browser hydrates what it sees.
 */
function renderToHtml(element: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const errors: unknown[] = [];
    const { pipe } = renderToPipeableStream(element, {
      onError: (error) => void errors.push(error),
      onShellError: reject,
      // Never split a finished part off to be revealed by a script later: the page goes out whole.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        // A part that failed would be rendered by the browser instead, and differ from this HTML.
        if (errors.length > 0) {
          reject(errors[0] instanceof Error ? errors[0] : new Error(String(errors[0])));
          return;
        }
        const sink = new PassThrough();
        let html = '';
        sink.setEncoding('utf8');
        sink.on('data', (chunk: string) => (html += chunk));
        sink.on('end', () => resolve(html));
        sink.on('error', reject);
        pipe(sink);
      },
    });
  });
}

/** React puts the preloads of the page's images first; they belong in the head, not in #root. */
function splitPreloads(html: string): { preloads: string; body: string } {
  const leading = /^(?:<link [^>]*\/>)*/.exec(html)?.[0] ?? '';
  return { preloads: leading, body: html.slice(leading.length) };
}

async function render(url: string, inputs: PageInputs, site: SiteInfo): Promise<RenderedPage> {
  const language = languageOfPath(new URL(url, site.publicUrl).pathname);
  const handler = handlers[language];
  const i18n = i18nFor(language, site.latinDigits);
  const context = await handler.query(new Request(new URL(url, site.publicUrl)));
  if (context instanceof Response) throw new Error(`${url} answered with a redirect; only pages are rendered`);
  if (context.errors) throw new Error(`${url} failed to load: ${JSON.stringify(context.errors)}`);

  const queries: PageData['queries'] = [
    [queryKeys.services, JSON.parse(inputs.servicesJson) as unknown],
    [queryKeys.reviews, JSON.parse(inputs.reviewsJson) as unknown],
    [queryKeys.staff, JSON.parse(inputs.staffJson) as unknown],
    [settingsQueryKey, inputs.settings],
    [queryKeys.authProviders, inputs.authProviders],
  ];
  const queryClient = createQueryClient();
  for (const [queryKey, data] of queries) queryClient.setQueryData(queryKey, data);
  const router = createStaticRouter(handler.dataRoutes, context);

  // The same tree main.tsx hydrates (RouterProvider there, its static twin here).
  const { preloads, body: appHtml } = splitPreloads(await renderToHtml(
    <StrictMode>
      <AppProvider queryClient={queryClient} i18n={i18n}>
        <SiteProvider site={site}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </SiteProvider>
      </AppProvider>
    </StrictMode>,
  ));

  const page = (context.matches.at(-1)?.route.handle as PageHandle | undefined)?.page ?? pageMeta.notFound;
  const data: PageData = {
    site,
    queries,
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
    i18n: usedResources(i18n),
  };
  return {
    status: page === pageMeta.notFound ? 404 : context.statusCode,
    head: headOf(page, language, i18n),
    preloadHtml: preloads,
    appHtml,
    pageDataJson: pageDataJson(data),
  };
}

export const renderer: PageRenderer = {
  cacheKey,
  render,
  shellDataJson: (site) => pageDataJson({ site, queries: [] }),
  shellHead: (language) => {
    const t = i18nFor(language, false).getFixedT(language, 'meta');
    return { title: 'Parlour', description: t('home.description'), canonicalPath: null, language, alternates: [] };
  },
  languageOf: (url) => languageOfPath(new URL(url, 'http://parlour.invalid').pathname),
  indexablePaths: Object.values(pageMeta as Record<string, PageMeta>).flatMap((meta) =>
    meta.sitemap && meta.path ? LANGUAGES.map((language) => pathIn(language, meta.path!)) : [],
  ),
};
