import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '../components/ui/page-loader';
import { HomeRoute } from '../routes/home';
import { RootLayout } from '../routes/root-layout';
import { RouteError } from '../routes/route-error';

/**
 * The home page ships in the first bundle; every other page is split out and fetched on demand.
 * Paths come from config/paths.ts.
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
