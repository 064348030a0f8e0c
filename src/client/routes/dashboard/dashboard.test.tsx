import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Session } from '@shared/user';
import { adminUser, customerUser, sessionFor } from '@/test/fixtures';
import { accountSession, authProvidersHandler, fakeCatalogue, reviewsHandler, servicesHandler } from '@/test/handlers';
import { heldResponses } from '@/test/held-response';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const adminMenu = [
  ['Admin Home', '/dashboard/adminhome'],
  ['Order List', '/dashboard/orderlist'],
  ['Calendar', '/dashboard/calendar'],
  ['Front desk', '/dashboard/front-desk'],
  ['Add services', '/dashboard/addservice'],
  ['Make Admin', '/dashboard/alluser'],
  ['Manage Services', '/dashboard/manageservice'],
  ['Stylists', '/dashboard/staff'],
  ['Payment History', '/dashboard/paymentHistory'],
  ['Reviews', '/dashboard/managereviews'],
  ['Messages', '/dashboard/messages'],
  ['Salon settings', '/dashboard/settings'],
];
const userMenu = [
  ['User Home', '/dashboard/userhome'],
  ['Book', '/dashboard/book'],
  ['Booking List', '/dashboard/bookinglist'],
  ['Add a Review', '/dashboard/review'],
  ['Payment History', '/dashboard/paymentHistory'],
];

function dashboardMenu() {
  return within(screen.getByRole('navigation', { name: 'Dashboard menu' }));
}

function fromState(router: ReturnType<typeof renderApp>['router']) {
  return (router.state.location.state as { from?: { pathname: string; search: string } } | null)?.from;
}

describe('dashboard guards', () => {
  it('sends a signed-out visitor to /login, remembering the page', async () => {
    server.use(authProvidersHandler());
    const { router } = renderApp('/dashboard/userhome');

    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(fromState(router)).toMatchObject({ pathname: '/dashboard/userhome' });
    // Replaced, so Back does not return to a page she cannot see.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each(['/dashboard/adminhome', '/dashboard/alluser', '/dashboard/orderlist', '/dashboard/calendar', '/dashboard/addservice', '/dashboard/manageservice', '/dashboard/managereviews', '/dashboard/updateservice/0b6f2a53-2a4f-4f57-9a49-1f1d3a0c6a01'])(
    'sends a signed-in customer who opens %s to /login',
    async (path) => {
      // The update page's loader asks for the service (a public read) before the guard answers.
      server.use(...accountSession(customerUser).handlers, authProvidersHandler(), ...fakeCatalogue().handlers);
      const { router } = renderApp(path);

      expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      expect(fromState(router)).toMatchObject({ pathname: path });
    },
  );

  it('shows a progress bar while the session is on its way', async () => {
    let answer: ((session: Session) => void) | undefined;
    server.use(
      http.get('/api/auth/get-session', async () => HttpResponse.json(await new Promise<Session>((resolve) => (answer = resolve)))),
      ...accountSession(customerUser).handlers.slice(1),
    );
    renderApp('/dashboard/userhome');

    expect(await screen.findByRole('progressbar', { name: 'Loading your account' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();

    // The bar can show before the request reaches the fake server (a loaded machine): answer it once it has.
    await waitFor(() => expect(answer).toBeDefined());
    answer!(sessionFor(customerUser));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Mitu Customer' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading your account' })).not.toBeInTheDocument();
  });

  it('keeps the progress bar on an admin page until the admin check has answered', async () => {
    const gate = heldResponses();
    // In front of the session's own admin check, which would otherwise answer at once.
    server.use(
      http.get('/api/user/admin/:email', async () => {
        await gate.hold();
        return HttpResponse.json({ admin: true });
      }),
      ...accountSession(adminUser).handlers,
      http.get('/api/user', () => HttpResponse.json([])),
    );
    renderApp('/dashboard/alluser');

    // The session has answered and the admin check is on its way: still only the progress bar.
    await waitFor(() => expect(gate.held).toBe(1));
    expect(screen.getByRole('progressbar', { name: 'Loading your account' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();

    gate.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'All users' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading your account' })).not.toBeInTheDocument();
  });
});

describe('dashboard layout', () => {
  it("gives an admin the admin menu, in the spec's order, and a Home link", async () => {
    server.use(...accountSession(adminUser).handlers);
    renderApp('/dashboard/adminhome');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Salon Admin' })).toBeInTheDocument();
    expect(document.title).toBe('Admin Home | Parlour');
    const links = dashboardMenu().getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([...adminMenu, ['Home', '/']]);
    expect(dashboardMenu().getByRole('link', { name: 'Admin Home' })).toHaveAttribute('aria-current', 'page');
    // The admin home leads to each tool.
    const tools = within(screen.getByRole('list', { name: 'Admin tools' }));
    expect(tools.getByRole('link', { name: 'Make Admin' })).toHaveAttribute('href', '/dashboard/alluser');
    // The navbar's Dashboard link points here and is marked current.
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/adminhome');
  });

  it("points an admin's navbar Dashboard link at the admin home as soon as her session is known", async () => {
    const gate = heldResponses();
    // The admin check, asked once she is known, is still on its way (just after she signed in).
    server.use(
      http.get('/api/user/admin/:email', async () => {
        await gate.hold();
        return HttpResponse.json({ admin: true });
      }),
      ...accountSession(adminUser).handlers,
      servicesHandler(),
      reviewsHandler(),
    );
    const { user, router } = renderApp('/');

    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    const dashboard = await nav.findByRole('link', { name: 'Dashboard' });
    await waitFor(() => expect(gate.held).toBe(1));
    expect(dashboard).toHaveAttribute('href', '/dashboard/adminhome');
    // A quick tap lands on her own home, not the customer's.
    await user.click(dashboard);
    expect(router.state.location.pathname).toBe('/dashboard/adminhome');
    gate.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Salon Admin' })).toBeInTheDocument();
  });

  it("gives a customer the user menu, in the spec's order, and a Home link", async () => {
    server.use(...accountSession(customerUser).handlers);
    renderApp('/dashboard/userhome');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Mitu Customer' })).toBeInTheDocument();
    expect(document.title).toBe('User Home | Parlour');
    const links = dashboardMenu().getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([...userMenu, ['Home', '/']]);
    const shortcuts = within(screen.getByRole('list', { name: 'Your salon' }));
    expect(shortcuts.getByRole('link', { name: 'Book' })).toHaveAttribute('href', '/dashboard/book');
    expect(shortcuts.getByRole('link', { name: 'Booking List' })).toHaveAccessibleDescription(
      'The treatments you have picked, ready to pay.',
    );
    expect(shortcuts.getByRole('link', { name: 'Booking List' })).toHaveAttribute('href', '/dashboard/bookinglist');
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard/userhome',
    );
  });

  it('opens the role’s home from /dashboard', async () => {
    server.use(...accountSession(adminUser).handlers);
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Salon Admin' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/adminhome');
  });

  it('folds the side menu behind a button on small screens', async () => {
    server.use(...accountSession(customerUser).handlers, servicesHandler());
    const { user } = renderApp('/dashboard/userhome');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Mitu Customer' });

    const toggle = screen.getByRole('button', { name: 'Dashboard menu' });
    const menu = screen.getByRole('navigation', { name: 'Dashboard menu' });
    expect(toggle).toHaveAttribute('aria-controls', menu.id);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveClass('hidden', 'lg:block');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu).not.toHaveClass('hidden');

    // Following a link closes it again.
    await user.click(within(menu).getByRole('link', { name: 'Book' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Book' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dashboard menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('logging out', () => {
  it('ends the session on the server, forgets her data, goes home; the dashboard then needs a log-in', async () => {
    const session = accountSession(adminUser);
    let logouts = 0;
    server.use(
      // Listed first: the first matching handler answers.
      http.get('/api/logout', () => {
        logouts += 1;
        session.user = null;
        return HttpResponse.json({ success: true });
      }),
      ...session.handlers,
      servicesHandler(),
      reviewsHandler(),
      authProvidersHandler(),
    );
    const { user, router, queryClient } = renderApp('/dashboard/adminhome');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Salon Admin' });
    expect(queryClient.getQueryData(['isAdmin', adminUser.email])).toEqual({ admin: true });

    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    await user.click(nav.getByRole('button', { name: 'LogOut' }));

    expect(await nav.findByRole('link', { name: 'LogIn' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(logouts).toBe(1);
    expect(nav.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(queryClient.getQueryData(['session'])).toBeNull();
    expect(queryClient.getQueryData(['isAdmin', adminUser.email])).toBeUndefined();
    await screen.findByRole('button', { name: 'Send Message' });

    await router.navigate('/dashboard/adminhome');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('stays signed in and says so when the server cannot be reached', async () => {
    server.use(http.get('/api/logout', () => HttpResponse.error()), ...accountSession(customerUser).handlers);
    const { user, router } = renderApp('/dashboard/userhome');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Mitu Customer' });

    await user.click(screen.getByRole('button', { name: 'LogOut' }));

    expect(await screen.findByText('Cannot reach the server. Check your connection and try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/userhome');
    expect(screen.getByRole('button', { name: 'LogOut' })).toBeInTheDocument();
  });
});
