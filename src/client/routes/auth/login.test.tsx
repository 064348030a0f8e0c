import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInInputSchema, type SignInInput } from '@shared/user';
import { adminUser, customerUser } from '@/test/fixtures';
import { accountSession, apiErrorResponse, authProvidersHandler, reviewsHandler, servicesHandler } from '@/test/handlers';
import { renderApp, renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { LoginRoute } from './login';

const goToExternalPage = vi.hoisted(() => vi.fn());
vi.mock('@/lib/browser', () => ({ goToExternalPage }));

beforeEach(() => {
  goToExternalPage.mockReset();
});

/** The demo customer's password; the fake server accepts only this one. */
const PASSWORD = 'Customer123';

/** POST /api/auth/sign-in/email that signs `session` in with the right password. */
function signInHandler(session: ReturnType<typeof accountSession>, received: SignInInput[] = []) {
  return http.post('/api/auth/sign-in/email', async ({ request }) => {
    const body = signInInputSchema.parse(await request.json());
    received.push(body);
    if (body.email !== customerUser.email || body.password !== PASSWORD) {
      return apiErrorResponse(401, 'Wrong e-mail or password.');
    }
    session.user = customerUser;
    return HttpResponse.json({ redirect: false, token: 'token', user: { id: customerUser._id } });
  });
}

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'SignIn' }));
}

describe('/login', () => {
  it("shows the spec's heading, fields, links and title", async () => {
    server.use(authProvidersHandler());
    renderApp('/login');

    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
    expect(document.title).toBe('Log In | Parlour');
    expect(screen.getByText('Sign in to access your account')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByText(/Don't have an account yet\?/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('says which fields are missing and sends nothing', async () => {
    let requests = 0;
    server.use(
      authProvidersHandler(),
      http.post('/api/auth/sign-in/email', () => {
        requests += 1;
        return HttpResponse.json({});
      }),
    );
    const { user } = renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'SignIn' }));

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(requests).toBe(0);
  });

  it("signs in and goes back to the page recorded as 'from', replacing the log-in page", async () => {
    const session = accountSession(null);
    const received: SignInInput[] = [];
    server.use(...session.handlers, signInHandler(session, received), authProvidersHandler());
    // A signed-out visitor opens a dashboard page: the guard sends her to /login, remembering it.
    const { user, router } = renderApp('/dashboard/userhome?tab=upcoming');

    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await fillAndSubmit(user, 'customer@parlour.test', PASSWORD);

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Mitu Customer' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/userhome');
    expect(router.state.location.search).toBe('?tab=upcoming');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(received).toEqual([{ email: 'customer@parlour.test', password: PASSWORD }]);
    // The navbar knows her too.
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('img', { name: 'Mitu Customer' })).toBeInTheDocument();
    expect(nav.getByRole('button', { name: 'LogOut' })).toBeInTheDocument();
  });

  it('goes home after signing in when no page was recorded', async () => {
    const session = accountSession(null);
    server.use(...session.handlers, signInHandler(session), authProvidersHandler(), servicesHandler(), reviewsHandler());
    const { user, router } = renderApp('/login');

    await fillAndSubmit(user, 'customer@parlour.test', PASSWORD);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'BEAUTY SALON FOR EVERY WOMEN' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Send Message' });
  });

  it('says plainly when the e-mail or password is wrong, and keeps what she typed', async () => {
    const session = accountSession(null);
    server.use(...session.handlers, signInHandler(session), authProvidersHandler());
    const { user, router } = renderApp('/login');

    await fillAndSubmit(user, 'customer@parlour.test', 'Wrong1234');

    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong e-mail or password.');
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByLabelText('Email')).toHaveValue('customer@parlour.test');
  });

  it('shows the rate-limit message and a network failure in plain words', async () => {
    server.use(
      authProvidersHandler(),
      http.post('/api/auth/sign-in/email', () =>
        apiErrorResponse(429, 'Too many sign-in attempts for this account. Try again in 15 minutes.'),
      ),
    );
    const { user } = renderApp('/login');
    await fillAndSubmit(user, 'customer@parlour.test', PASSWORD);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts for this account. Try again in 15 minutes.',
    );

    server.use(http.post('/api/auth/sign-in/email', () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'SignIn' }));
    expect(await screen.findByText('Cannot reach the server. Check your connection and try again.')).toBeInTheDocument();
  });

  it('sends a visitor who is already signed in to the home page', async () => {
    server.use(...accountSession(customerUser).handlers, authProvidersHandler(), servicesHandler(), reviewsHandler());
    const { router } = renderApp('/login');

    expect(await screen.findByRole('heading', { level: 1, name: 'BEAUTY SALON FOR EVERY WOMEN' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    await screen.findByRole('button', { name: 'Send Message' });
  });

  it("hands the 'from' page on to the sign-up page", async () => {
    server.use(authProvidersHandler());
    const { user } = renderWithProviders(<LoginRoute />, {
      path: '/login',
      initialEntries: [{ pathname: '/login', state: { from: { pathname: '/dashboard/book', search: '' } } }],
    });

    await user.click(await screen.findByRole('link', { name: 'Sign up' }));

    const location = await screen.findByTestId('location');
    expect(location).toHaveTextContent('/signup');
    expect(JSON.parse(location.dataset.state ?? 'null')).toEqual({ from: { pathname: '/dashboard/book', search: '' } });
  });
});

describe('/login: sign-in with a provider', () => {
  it('shows no provider buttons when none is configured', async () => {
    server.use(authProvidersHandler({ google: false, facebook: false, oidc: null }));
    renderApp('/login');

    await screen.findByRole('button', { name: 'SignIn' });
    // The config has answered once the page settles; still no button.
    await waitFor(() => expect(screen.queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument());
  });

  it('shows exactly the configured providers', async () => {
    server.use(authProvidersHandler({ google: true, facebook: false, oidc: { id: 'oidc', name: 'Salon SSO' } }));
    renderApp('/login');

    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Salon SSO' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Facebook' })).not.toBeInTheDocument();
  });

  it("starts the provider's sign-in and comes back to the 'from' page", async () => {
    let body: unknown;
    server.use(
      authProvidersHandler({ google: false, facebook: true, oidc: null }),
      http.post('/api/auth/sign-in/social', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ url: 'https://www.facebook.com/dialog/oauth?state=abc', redirect: true });
      }),
    );
    const { user } = renderApp('/dashboard/bookinglist');

    await user.click(await screen.findByRole('button', { name: 'Continue with Facebook' }));

    await waitFor(() => expect(goToExternalPage).toHaveBeenCalledWith('https://www.facebook.com/dialog/oauth?state=abc'));
    expect(body).toEqual({ provider: 'facebook', callbackURL: '/dashboard/bookinglist' });
  });

  it.each([
    ['account_not_linked', 'This e-mail already has a Parlour account. Log in with your password.'],
    ['state_mismatch', 'Sign-in with that provider did not finish. Please try again.'],
    ['please_restart_the_process', 'Sign-in with that provider did not finish. Please try again.'],
  ])('explains ?error=%s in plain words', async (code, message) => {
    server.use(authProvidersHandler());
    renderApp(`/login?error=${code}`);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});

describe('/login: a signed-in customer sent by the admin guard', () => {
  it('says why she is here, and lets her log in with an admin account', async () => {
    const session = accountSession(customerUser);
    server.use(
      ...session.handlers,
      authProvidersHandler(),
      http.post('/api/auth/sign-in/email', () => {
        session.user = adminUser;
        return HttpResponse.json({ redirect: false, token: 'token', user: { id: adminUser._id } });
      }),
      http.get('/api/user', () => HttpResponse.json([])),
    );
    const { user, router } = renderApp('/dashboard/alluser');

    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('alert')).toHaveTextContent('You are signed in as Mitu Customer, and that page needs another account.');

    await fillAndSubmit(user, 'admin@parlour.test', 'Admin123');

    expect(await screen.findByRole('heading', { level: 1, name: 'All users' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/alluser');
  });
});
