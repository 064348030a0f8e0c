import type { Language } from './i18n/language.js';
import type { SalonSettings } from './salon-settings.js';
import type { AuthProviders } from './user.js';

/**
 * The contract between the server and the server-rendered pages (src/client/entry-server.tsx,
 * built by Vite into dist/ssr). Types only: the server never imports the client's code, it loads
 * the built module at run time (docs/decisions/024).
 */

/** What every page knows about the site: where it lives and the year its footer shows. */
export type SiteInfo = {
  /** PUBLIC_URL without a trailing slash: canonical links and the JSON-LD name it. */
  publicUrl: string;
  /** The current year in the salon's time zone (the copyright line). */
  year: number;
  /** The salon's choice of Latin digits on Bangla pages (settings.latinDigits; docs/decisions/050). */
  latinDigits: boolean;
};

/** The cached public data a page is rendered from, as the API serves it. */
export type PageInputs = {
  /** GET /api/service's body. */
  servicesJson: string;
  /** GET /api/review's body. */
  reviewsJson: string;
  /** GET /api/staff's body (the Team page). */
  staffJson: string;
  settings: SalonSettings;
  authProviders: AuthProviders;
};

/** The head of a page: its title, description and whether search engines should list it. */
export type PageHead = {
  title: string;
  description: string;
  /** The page's own path for its canonical URL; null for a page that must not be indexed. */
  canonicalPath: string | null;
  /** The page's language (<html lang>). */
  language: Language;
  /** The same page in each language (hreflang links); empty for a page not to be indexed. */
  alternates: { language: Language; path: string }[];
};

export type RenderedPage = {
  status: number;
  head: PageHead;
  /** <link rel="preload"> of the images the page shows first, for the head. */
  preloadHtml: string;
  /** The markup of <div id="root">. */
  appHtml: string;
  /** The JSON the browser hydrates from (already safe inside a <script> element). */
  pageDataJson: string;
};

export type PageRenderer = {
  /**
   * The address whose HTML stands for `url` (path and search): the path plus only the query
   * parameters the page reads. null: the page is rendered in the browser (the dashboards).
   */
  cacheKey(url: string): string | null;
  /** Renders a page at `url` (a cache key) from the cached data. */
  render(url: string, inputs: PageInputs, site: SiteInfo): Promise<RenderedPage>;
  /** The data of a page the browser renders itself (no queries to hydrate). */
  shellDataJson(site: SiteInfo): string;
  /** The head of a page the browser renders itself, in a language. */
  shellHead(language: Language): PageHead;
  /** The language of a page address (/bn/… is Bangla). */
  languageOf(url: string): Language;
  /** The public pages a search engine should know of (sitemap.xml). */
  indexablePaths: readonly string[];
};

/**
 * The comment the build leaves in index.html's head around a Bangla page's font preloads
 * (vite.config.ts): the server writes them into Bangla pages and drops them from English ones.
 */
export const BANGLA_FONTS_MARK = 'parlour-bangla-fonts:';

/** The id of the <script type="application/json"> element that carries the page's data. */
export const PAGE_DATA_ELEMENT_ID = 'parlour-page-data';
