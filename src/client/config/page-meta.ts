import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../hooks/use-document-title';
import { paths } from './paths';

/**
 * The head of each server-rendered page: the server writes title, description, canonical URL and
 * Open Graph tags from these (src/server/ssr/document.ts), and the page sets the same title in the
 * browser (usePageTitle). Title and description are in the `meta` catalogue under `key`.
 * `path` null: not to be indexed (the 404 page).
 */
export type PageMeta = {
  key: string;
  path: string | null;
  /** Listed in sitemap.xml. */
  sitemap?: boolean;
  /** Query parameters the page reads while rendering (its HTML is cached per value of these only). */
  search?: readonly string[];
};

export const pageMeta = {
  home: {
    key: 'home',
    path: paths.home,
    sitemap: true,
    // ?stylist=<id> narrows the services to hers (the Team page's 'Book with her').
    search: ['stylist'],
  },
  login: {
    key: 'login',
    path: paths.login,
    search: ['error'],
  },
  signup: {
    key: 'signup',
    path: paths.signup,
  },
  forgotPassword: {
    key: 'forgotPassword',
    path: paths.forgotPassword,
  },
  about: {
    key: 'about',
    path: paths.about,
    sitemap: true,
  },
  team: {
    key: 'team',
    path: paths.team,
    sitemap: true,
  },
  terms: {
    key: 'terms',
    path: paths.terms,
    sitemap: true,
  },
  privacy: {
    key: 'privacy',
    path: paths.privacy,
    sitemap: true,
  },
  cookies: {
    key: 'cookies',
    path: paths.cookies,
    sitemap: true,
  },
  notFound: {
    key: 'notFound',
    path: null,
  },
} as const satisfies Record<string, PageMeta>;

/** The route handle of a page: its head, or that the browser renders it alone (the dashboards). */
export type PageHandle = { page?: PageMeta; clientRendered?: boolean };

/** Sets the browser tab to the page's title in the page's language. */
export function usePageTitle(meta: PageMeta): void {
  const { t } = useTranslation('meta');
  useDocumentTitle(t(`${meta.key}.title`));
}
