import { createBrowserRouter, type HydrationState, type RouteObject } from 'react-router';
import { PageLoader } from '../components/ui/page-loader';
import { pageMeta, type PageHandle } from '../config/page-meta';
import { HomeRoute } from '../routes/home';
import { RootLayout } from '../routes/root-layout';
import { RouteError } from '../routes/route-error';
import { basenameOf, type Language } from '../../shared/i18n/language';

/** A page's head, or that the browser renders it alone (read by the server, see entry-server.tsx). */
const handle = (value: PageHandle): PageHandle => value;

/**
 * The home page ships in the first bundle; every other page is split out and fetched on demand.
 * Paths come from config/paths.ts (dashboard paths are relative to /dashboard here). The server
 * renders every page with a `page` handle; the dashboards and the reset-password page (which
 * reads a one-time token) are rendered by the browser.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoader,
    children: [
      { index: true, Component: HomeRoute, handle: handle({ page: pageMeta.home }) },
      {
        path: 'login',
        handle: handle({ page: pageMeta.login }),
        lazy: async () => {
          const { LoginRoute } = await import('../routes/auth/login');
          return { Component: LoginRoute };
        },
      },
      {
        path: 'signup',
        handle: handle({ page: pageMeta.signup }),
        lazy: async () => {
          const { SignupRoute } = await import('../routes/auth/signup');
          return { Component: SignupRoute };
        },
      },
      {
        path: 'forgot-password',
        handle: handle({ page: pageMeta.forgotPassword }),
        lazy: async () => {
          const { ForgotPasswordRoute } = await import('../routes/auth/forgot-password');
          return { Component: ForgotPasswordRoute };
        },
      },
      {
        path: 'reset-password',
        handle: handle({ clientRendered: true }),
        lazy: async () => {
          const { ResetPasswordRoute } = await import('../routes/auth/reset-password');
          return { Component: ResetPasswordRoute };
        },
      },
      {
        // Needs a signed-in user (the layout checks); admin pages are checked again below.
        path: 'dashboard',
        handle: handle({ clientRendered: true }),
        lazy: async () => {
          const { DashboardLayout } = await import('../routes/dashboard/dashboard-layout');
          return { Component: DashboardLayout };
        },
        children: [
          {
            index: true,
            lazy: async () => {
              const { DashboardIndex } = await import('../routes/dashboard/dashboard-layout');
              return { Component: DashboardIndex };
            },
          },
          {
            lazy: async () => {
              const { RequireAdmin } = await import('../features/auth/components/require-account');
              return { Component: RequireAdmin };
            },
            children: [
              {
                path: 'adminhome',
                lazy: async () => {
                  const { AdminHomeRoute } = await import('../routes/dashboard/admin-home');
                  return { Component: AdminHomeRoute };
                },
              },
              {
                path: 'alluser',
                lazy: async () => {
                  const { AllUsersRoute } = await import('../routes/dashboard/all-users');
                  return { Component: AllUsersRoute };
                },
              },
              {
                path: 'orderlist',
                lazy: async () => {
                  const { OrderListRoute } = await import('../routes/dashboard/order-list');
                  return { Component: OrderListRoute };
                },
              },
              {
                path: 'calendar',
                lazy: async () => {
                  const { CalendarRoute } = await import('../routes/dashboard/calendar');
                  return { Component: CalendarRoute };
                },
              },
              {
                path: 'front-desk',
                lazy: async () => {
                  const { FrontDeskRoute } = await import('../routes/dashboard/front-desk');
                  return { Component: FrontDeskRoute };
                },
              },
              {
                path: 'settings',
                lazy: async () => {
                  const { SalonSettingsRoute } = await import('../routes/dashboard/salon-settings');
                  return { Component: SalonSettingsRoute };
                },
              },
              {
                path: 'outbox',
                lazy: async () => {
                  const { OutboxRoute } = await import('../routes/dashboard/outbox');
                  return { Component: OutboxRoute };
                },
              },
              {
                path: 'sms',
                lazy: async () => {
                  const { SentSmsRoute } = await import('../routes/dashboard/sent-sms');
                  return { Component: SentSmsRoute };
                },
              },
              {
                path: 'messages',
                lazy: async () => {
                  const { MessagesRoute } = await import('../routes/dashboard/messages');
                  return { Component: MessagesRoute };
                },
              },
              {
                path: 'managereviews',
                lazy: async () => {
                  const { ManageReviewsRoute } = await import('../routes/dashboard/manage-reviews');
                  return { Component: ManageReviewsRoute };
                },
              },
              {
                path: 'staff',
                lazy: async () => {
                  const { StaffRoute } = await import('../routes/dashboard/staff');
                  return { Component: StaffRoute };
                },
              },
              {
                path: 'addservice',
                lazy: async () => {
                  const { AddServiceRoute } = await import('../routes/dashboard/add-service');
                  return { Component: AddServiceRoute };
                },
              },
              {
                path: 'manageservice',
                lazy: async () => {
                  const { ManageServicesRoute } = await import('../routes/dashboard/manage-services');
                  return { Component: ManageServicesRoute };
                },
              },
              {
                // Loaded before it renders; an unknown id shows the 404 page inside the dashboard.
                path: 'updateservice/:id',
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
            path: 'my-day',
            lazy: async () => {
              const { MyDayRoute } = await import('../routes/dashboard/my-day');
              return { Component: MyDayRoute };
            },
          },
          {
            path: 'userhome',
            lazy: async () => {
              const { UserHomeRoute } = await import('../routes/dashboard/user-home');
              return { Component: UserHomeRoute };
            },
          },
          {
            path: 'book',
            lazy: async () => {
              const { BookRoute } = await import('../routes/dashboard/book');
              return { Component: BookRoute };
            },
          },
          {
            path: 'bookinglist',
            lazy: async () => {
              const { BookingListRoute } = await import('../routes/dashboard/booking-list');
              return { Component: BookingListRoute };
            },
          },
          {
            path: 'review',
            lazy: async () => {
              const { ReviewRoute } = await import('../routes/dashboard/review');
              return { Component: ReviewRoute };
            },
          },
          {
            path: 'appointment',
            lazy: async () => {
              const { AppointmentRoute } = await import('../routes/dashboard/appointment');
              return { Component: AppointmentRoute };
            },
          },
          {
            path: 'appointment/done',
            lazy: async () => {
              const { AppointmentDoneRoute } = await import('../routes/dashboard/appointment-done');
              return { Component: AppointmentDoneRoute };
            },
          },
          {
            path: 'paymentHistory',
            lazy: async () => {
              const { PaymentHistoryRoute } = await import('../routes/dashboard/payment-history');
              return { Component: PaymentHistoryRoute };
            },
          },
        ],
      },
      ...(['about', 'team', 'terms', 'privacy', 'cookies'] as const).map(
        (page): RouteObject => ({
          path: page,
          handle: handle({ page: pageMeta[page] }),
          lazy: async () => {
            const { infoPages } = await import('../routes/info-pages');
            return { Component: infoPages[page] };
          },
        }),
      ),
      {
        path: '*',
        handle: handle({ page: pageMeta.notFound }),
        lazy: async () => {
          const { NotFoundRoute } = await import('../routes/not-found');
          return { Component: NotFoundRoute };
        },
      },
    ],
  },
];

/** The browser's router; `hydrationData` when the server rendered the page (see main.tsx). */
/** The site's router; in Bangla it runs under /bn, so every link and path stays as paths.ts writes it. */
export function createAppRouter(language: Language, hydrationData?: HydrationState) {
  return createBrowserRouter(routes, { basename: basenameOf(language), ...(hydrationData ? { hydrationData } : {}) });
}
