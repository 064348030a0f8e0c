import { createBrowserRouter, type HydrationState, type RouteObject } from 'react-router';
import { PageLoader } from '../components/ui/page-loader';
import { pageMeta, type PageHandle } from '../config/page-meta';
import { paths } from '../config/paths';
import { HomeRoute } from '../routes/home';
import { RootLayout } from '../routes/root-layout';
import { RouteError } from '../routes/route-error';
import { basenameOf, type Language } from '@shared/i18n/language';
import { loadPageTexts } from '../lib/i18n';

/**
 * A lazy route whose catalogues are fetched beside its code (lib/i18n.ts loadPageTexts): the page
 * renders once both are in, instead of suspending for each namespace its components name. The
 * lists are by area (what the area's screens and dialogs use), so a page within an area fetches
 * nothing more when it opens.
 */
function withTexts<T>(namespaces: readonly string[], load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), loadPageTexts(namespaces)]))[0];
}
// Each list is checked against what its pages import (router-texts.test.ts). `meta` is the
// document title's (usePageTitle, and the not-found page a dashboard shows for a missing service).
const AUTH_TEXTS = ['auth', 'account', 'ui', 'errors', 'meta'] as const;
// Every signed-in account's screens: her home, bookings, checkout, reviews, the stylist's day; the
// services to book are the home page's cards (`home`).
const DASHBOARD_TEXTS = ['dashboard', 'ui', 'errors', 'account', 'booking', 'booking-actions', 'payment', 'reviews', 'home', 'meta'] as const;
// The admin's screens add their own.
const ADMIN_TEXTS = ['admin', 'admin-tools', 'staff', 'calendar', 'front-desk', 'services', 'settings'] as const;
// A stylist's day: the calendar's grid and details, and the admin's payment form for her chair.
const STYLIST_DAY_TEXTS = ['calendar', 'admin'] as const;
// About, team and the legal pages (one module), and the not-found page.
const INFO_TEXTS = ['info', 'legal', 'ui', 'errors', 'meta'] as const;
const NOT_FOUND_TEXTS = ['meta'] as const;

/** A page's head, or that the browser renders it alone (read by the server, see entry-server.tsx). */
const handle = (value: PageHandle): PageHandle => value;

/**
 * The home page ships in the first bundle; every other page is split out and fetched on demand.
 * Every path is config/paths.ts's own (absolute: React Router takes a child's full path when it
 * begins with its parent's), so a link and its route cannot disagree. The server
 * renders every page with a `page` handle; the dashboards and the reset-password page (which
 * reads a one-time token) are rendered by the browser.
 */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoader,
    children: [
      { index: true, Component: HomeRoute, handle: handle({ page: pageMeta.home }) },
      {
        path: paths.login,
        handle: handle({ page: pageMeta.login }),
        lazy: withTexts(AUTH_TEXTS, async () => {
          const { LoginRoute } = await import('../routes/auth/login');
          return { Component: LoginRoute };
        }),
      },
      {
        path: paths.signup,
        handle: handle({ page: pageMeta.signup }),
        lazy: withTexts(AUTH_TEXTS, async () => {
          const { SignupRoute } = await import('../routes/auth/signup');
          return { Component: SignupRoute };
        }),
      },
      {
        path: paths.forgotPassword,
        handle: handle({ page: pageMeta.forgotPassword }),
        lazy: withTexts(AUTH_TEXTS, async () => {
          const { ForgotPasswordRoute } = await import('../routes/auth/forgot-password');
          return { Component: ForgotPasswordRoute };
        }),
      },
      {
        path: paths.resetPassword,
        handle: handle({ clientRendered: true }),
        lazy: withTexts(AUTH_TEXTS, async () => {
          const { ResetPasswordRoute } = await import('../routes/auth/reset-password');
          return { Component: ResetPasswordRoute };
        }),
      },
      {
        // Needs a signed-in user (the layout checks); admin pages are checked again below.
        path: paths.dashboard.root,
        handle: handle({ clientRendered: true }),
        lazy: withTexts(DASHBOARD_TEXTS, async () => {
          const { DashboardLayout } = await import('../routes/dashboard/dashboard-layout');
          return { Component: DashboardLayout };
        }),
        children: [
          {
            index: true,
            lazy: async () => {
              const { DashboardIndex } = await import('../routes/dashboard/dashboard-layout');
              return { Component: DashboardIndex };
            },
          },
          {
            lazy: withTexts(ADMIN_TEXTS, async () => {
              const { RequireAdmin } = await import('../features/auth/components/require-account');
              return { Component: RequireAdmin };
            }),
            children: [
              {
                path: paths.dashboard.adminHome,
                lazy: async () => {
                  const { AdminHomeRoute } = await import('../routes/dashboard/admin-home');
                  return { Component: AdminHomeRoute };
                },
              },
              {
                path: paths.dashboard.allUsers,
                lazy: async () => {
                  const { AllUsersRoute } = await import('../routes/dashboard/all-users');
                  return { Component: AllUsersRoute };
                },
              },
              {
                path: paths.dashboard.orderList,
                lazy: async () => {
                  const { OrderListRoute } = await import('../routes/dashboard/order-list');
                  return { Component: OrderListRoute };
                },
              },
              {
                path: paths.dashboard.calendar,
                lazy: async () => {
                  const { CalendarRoute } = await import('../routes/dashboard/calendar');
                  return { Component: CalendarRoute };
                },
              },
              {
                path: paths.dashboard.frontDesk,
                lazy: async () => {
                  const { FrontDeskRoute } = await import('../routes/dashboard/front-desk');
                  return { Component: FrontDeskRoute };
                },
              },
              {
                path: paths.dashboard.settings,
                lazy: async () => {
                  const { SalonSettingsRoute } = await import('../routes/dashboard/salon-settings');
                  return { Component: SalonSettingsRoute };
                },
              },
              {
                path: paths.dashboard.outbox,
                lazy: async () => {
                  const { OutboxRoute } = await import('../routes/dashboard/outbox');
                  return { Component: OutboxRoute };
                },
              },
              {
                path: paths.dashboard.sentSms,
                lazy: async () => {
                  const { SentSmsRoute } = await import('../routes/dashboard/sent-sms');
                  return { Component: SentSmsRoute };
                },
              },
              {
                path: paths.dashboard.messages,
                lazy: async () => {
                  const { MessagesRoute } = await import('../routes/dashboard/messages');
                  return { Component: MessagesRoute };
                },
              },
              {
                path: paths.dashboard.manageReviews,
                lazy: async () => {
                  const { ManageReviewsRoute } = await import('../routes/dashboard/manage-reviews');
                  return { Component: ManageReviewsRoute };
                },
              },
              {
                path: paths.dashboard.staff,
                lazy: async () => {
                  const { StaffRoute } = await import('../routes/dashboard/staff');
                  return { Component: StaffRoute };
                },
              },
              {
                path: paths.dashboard.addService,
                lazy: async () => {
                  const { AddServiceRoute } = await import('../routes/dashboard/add-service');
                  return { Component: AddServiceRoute };
                },
              },
              {
                path: paths.dashboard.manageServices,
                lazy: async () => {
                  const { ManageServicesRoute } = await import('../routes/dashboard/manage-services');
                  return { Component: ManageServicesRoute };
                },
              },
              {
                // Loaded before it renders; an unknown id shows the 404 page inside the dashboard.
                path: paths.dashboard.updateService(':id'),
                lazy: async () => {
                  const { UpdateServiceRoute, updateServiceLoader, UpdateServiceErrorBoundary } = await import(
                    '../routes/dashboard/update-service'
                  );
                  return { Component: UpdateServiceRoute, loader: updateServiceLoader, ErrorBoundary: UpdateServiceErrorBoundary };
                },
              },
            ],
          },
          {
            path: paths.dashboard.myDay,
            lazy: withTexts(STYLIST_DAY_TEXTS, async () => {
              const { MyDayRoute } = await import('../routes/dashboard/my-day');
              return { Component: MyDayRoute };
            }),
          },
          {
            path: paths.dashboard.userHome,
            lazy: async () => {
              const { UserHomeRoute } = await import('../routes/dashboard/user-home');
              return { Component: UserHomeRoute };
            },
          },
          {
            path: paths.dashboard.book,
            lazy: async () => {
              const { BookRoute } = await import('../routes/dashboard/book');
              return { Component: BookRoute };
            },
          },
          {
            path: paths.dashboard.bookingList,
            lazy: async () => {
              const { BookingListRoute } = await import('../routes/dashboard/booking-list');
              return { Component: BookingListRoute };
            },
          },
          {
            path: paths.dashboard.review,
            lazy: async () => {
              const { ReviewRoute } = await import('../routes/dashboard/review');
              return { Component: ReviewRoute };
            },
          },
          {
            path: paths.dashboard.appointment,
            lazy: async () => {
              const { AppointmentRoute } = await import('../routes/dashboard/appointment');
              return { Component: AppointmentRoute };
            },
          },
          {
            path: paths.dashboard.appointmentDone,
            lazy: async () => {
              const { AppointmentDoneRoute } = await import('../routes/dashboard/appointment-done');
              return { Component: AppointmentDoneRoute };
            },
          },
          {
            path: paths.dashboard.paymentHistory,
            lazy: async () => {
              const { PaymentHistoryRoute } = await import('../routes/dashboard/payment-history');
              return { Component: PaymentHistoryRoute };
            },
          },
        ],
      },
      ...(['about', 'team', 'terms', 'privacy', 'cookies'] as const).map(
        (page): RouteObject => ({
          path: paths[page],
          handle: handle({ page: pageMeta[page] }),
          lazy: withTexts(INFO_TEXTS, async () => {
            const { infoPages } = await import('../routes/info-pages');
            return { Component: infoPages[page] };
          }),
        }),
      ),
      {
        path: '*',
        handle: handle({ page: pageMeta.notFound }),
        lazy: withTexts(NOT_FOUND_TEXTS, async () => {
          const { NotFoundRoute } = await import('../routes/not-found');
          return { Component: NotFoundRoute };
        }),
      },
    ],
  },
];

/** The browser's router; `hydrationData` when the server rendered the page (see main.tsx). */
/** The site's router; in Bangla it runs under /bn, so every link and path stays as paths.ts writes it. */
export function createAppRouter(language: Language, hydrationData?: HydrationState) {
  return createBrowserRouter(routes, { basename: basenameOf(language), ...(hydrationData ? { hydrationData } : {}) });
}
