import { salon } from '../../shared/salon';
import { paths } from './paths';

/**
 * The head of each server-rendered page: the server writes title, description, canonical URL and
 * Open Graph tags from these (src/server/ssr/document.ts), and the page sets the same title in the
 * browser (useDocumentTitle). `path` null: not to be indexed (the 404 page).
 */
export type PageMeta = {
  title: string;
  description: string;
  path: string | null;
  /** Listed in sitemap.xml. */
  sitemap?: boolean;
  /** Query parameters the page reads while rendering (its HTML is cached per value of these only). */
  search?: readonly string[];
};

const where = 'Dhanmondi, Dhaka';

export const pageMeta = {
  home: {
    title: 'Parlour|Home',
    description: `${salon.name} is a beauty salon for women in ${where}. Browse hair, skin, nail and bridal services with their prices and book your appointment online.`,
    path: paths.home,
    sitemap: true,
    // ?stylist=<id> narrows the services to hers (the Team page's 'Book with her').
    search: ['stylist'],
  },
  login: {
    title: 'Log In | Parlour',
    description: `Log in to your ${salon.name} account to book treatments, see your booking list and pay online.`,
    path: paths.login,
    search: ['error'],
  },
  signup: {
    title: 'Sign Up | Parlour',
    description: `Create a ${salon.name} account to book treatments at our women-only salon in ${where}.`,
    path: paths.signup,
  },
  forgotPassword: {
    title: 'Forgot Password | Parlour',
    description: `Get a link to set a new password for your ${salon.name} account.`,
    path: paths.forgotPassword,
  },
  about: {
    title: 'About us | Parlour',
    description: `How ${salon.name}, a women-only beauty salon in ${where}, came to be and how we work.`,
    path: paths.about,
    sitemap: true,
  },
  team: {
    title: 'Our team | Parlour',
    description: `The stylists, therapists and make-up artists of ${salon.name} in ${where}.`,
    path: paths.team,
    sitemap: true,
  },
  terms: {
    title: 'Terms and conditions | Parlour',
    description: `The terms for booking, paying for and cancelling appointments at ${salon.name}.`,
    path: paths.terms,
    sitemap: true,
  },
  privacy: {
    title: 'Privacy policy | Parlour',
    description: `What personal data ${salon.name} keeps about you, why, for how long, and your rights.`,
    path: paths.privacy,
    sitemap: true,
  },
  cookies: {
    title: 'Cookie policy | Parlour',
    description: `The one cookie ${salon.name} sets, and why there are no others.`,
    path: paths.cookies,
    sitemap: true,
  },
  notFound: {
    title: 'Page not found | Parlour',
    description: 'This page does not exist.',
    path: null,
  },
} as const satisfies Record<string, PageMeta>;

/** The route handle of a page: its head, or that the browser renders it alone (the dashboards). */
export type PageHandle = { page?: PageMeta; clientRendered?: boolean };
