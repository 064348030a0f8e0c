import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '../components/ui/page-loader';
import { HomeRoute } from '../routes/home';
import { RootLayout } from '../routes/root-layout';
import { RouteError } from '../routes/route-error';

/** A dashboard page whose feature comes in a later issue: a named 'coming soon' page. */
function comingSoon(path: string, title: string): RouteObject {
  return {
    path,
    lazy: async () => {
      const { ComingSoon } = await import('../routes/dashboard/coming-soon');
      return { element: <ComingSoon title={title} /> };
    },
  };
}

/**
 * The home page ships in the first bundle; every other page is split out and fetched on demand.
 * Paths come from config/paths.ts (dashboard paths are relative to /dashboard here).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoader,
    children: [
      { index: true, Component: HomeRoute },
      {
        path: 'login',
        lazy: async () => {
          const { LoginRoute } = await import('../routes/auth/login');
          return { Component: LoginRoute };
        },
      },
      {
        path: 'signup',
        lazy: async () => {
          const { SignupRoute } = await import('../routes/auth/signup');
          return { Component: SignupRoute };
        },
      },
      {
        path: 'forgot-password',
        lazy: async () => {
          const { ForgotPasswordRoute } = await import('../routes/auth/forgot-password');
          return { Component: ForgotPasswordRoute };
        },
      },
      {
        path: 'reset-password',
        lazy: async () => {
          const { ResetPasswordRoute } = await import('../routes/auth/reset-password');
          return { Component: ResetPasswordRoute };
        },
      },
      {
        // Needs a signed-in user (the layout checks); admin pages are checked again below.
        path: 'dashboard',
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
              comingSoon('orderlist', 'Order List'),
              comingSoon('addservice', 'Add services'),
              comingSoon('manageservice', 'Manage Services'),
              comingSoon('updateservice/:id', 'Update Service'),
            ],
          },
          {
            path: 'userhome',
            lazy: async () => {
              const { UserHomeRoute } = await import('../routes/dashboard/user-home');
              return { Component: UserHomeRoute };
            },
          },
          comingSoon('book', 'Book'),
          comingSoon('bookinglist', 'Booking List'),
          comingSoon('review', 'Add a Review'),
          comingSoon('appointment', 'Appointment'),
          comingSoon('paymentHistory', 'Payment History'),
        ],
      },
      {
        path: '*',
        lazy: async () => {
          const { NotFoundRoute } = await import('../routes/not-found');
          return { Component: NotFoundRoute };
        },
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
