import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation, type InitialEntry, type RouteObject } from 'react-router';
import { routes as appRoutes } from '../app/router';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Infinity },
      mutations: { retry: false },
    },
  });
}

/** Stands in for pages a test navigates to but does not render (e.g. /login). */
function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </div>
  );
}

function renderRouter(routes: RouteObject[], initialEntries: InitialEntry[]) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(routes, { initialEntries });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, user, router, queryClient };
}

/** Renders one component at `path`, with any other path answered by a location probe. */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', initialEntries }: { path?: string; initialEntries?: InitialEntry[] } = {},
) {
  return renderRouter(
    [
      { path, element: ui },
      { path: '*', element: <LocationProbe /> },
    ],
    initialEntries ?? [path],
  );
}

/** Renders the whole app (layout, routes, lazy pages) at the given URL (or history entry). */
export function renderApp(entry: InitialEntry = '/') {
  return renderRouter(appRoutes, [entry]);
}
