import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OutboxConfig, OutboxMail } from '@shared/outbox';
import { adminUser, customerUser } from '@/test/fixtures';
import { accountSession, apiErrorResponse, authProvidersHandler } from '@/test/handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const RESET_LINK = 'http://localhost:3000/api/auth/reset-password/tok3n?callbackURL=%2Freset-password';

const mails: OutboxMail[] = [
  {
    _id: '6f1c2b0a-8d4e-4f3a-9b2c-1d0e9f8a7b6c',
    to: 'mim@example.com',
    subject: 'Reset your Parlour password',
    text: `Hello Mim,\n\nOpen this link within one hour to choose a new password:\n\n${RESET_LINK}\n\nParlour beauty salon`,
    html: null,
    status: 'logged',
    error: null,
    attachments: [],
    // 08:00Z is 14:00 in Dhaka.
    createdAt: '2030-02-20T08:00:00.000Z',
  },
  {
    _id: '0b6f2a53-2a4f-4f57-9a49-1f1d3a0c6a01',
    to: 'rima@example.com',
    subject: 'Your booking is confirmed',
    text: 'See you soon.',
    attachments: ['parlour-appointment-2030-02-22.ics'],
    html: null,
    status: 'failed',
    error: 'connect ECONNREFUSED 127.0.0.1:25',
    createdAt: '2030-02-19T04:30:00.000Z',
  },
];

function outboxShown(enabled: boolean) {
  return http.get<PathParams, DefaultBodyType, OutboxConfig>('/api/config/outbox', () => HttpResponse.json({ enabled }));
}

/** GET /api/admin/outbox answering with `list`; `requests` counts what reached it. */
function outboxHandler(answer: () => Response | Promise<Response> = () => HttpResponse.json(mails)) {
  const state = { requests: 0 };
  return { state, handler: http.get('/api/admin/outbox', () => (state.requests++, answer())) };
}

function dashboardMenu() {
  return within(screen.getByRole('navigation', { name: 'Dashboard menu' }));
}

describe('/dashboard/outbox', () => {
  it('offers an admin "Sent e-mails" when the server shows its outbox, and lists each mail with a clickable link', async () => {
    const outbox = outboxHandler();
    server.use(...accountSession(adminUser).handlers, outboxShown(true), outbox.handler);
    const { user } = renderApp('/dashboard/adminhome');

    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Salon Admin' });
    const link = await dashboardMenu().findByRole('link', { name: 'Sent e-mails' });
    expect(link).toHaveAttribute('href', '/dashboard/outbox');
    expect(within(screen.getByRole('list', { name: 'Admin tools' })).getByRole('link', { name: 'Sent e-mails' })).toHaveAttribute(
      'href',
      '/dashboard/outbox',
    );

    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sent e-mails' })).toBeInTheDocument();
    expect(document.title).toBe('Sent e-mails | Parlour');
    const list = within(await screen.findByRole('list', { name: 'Sent e-mails' }));
    const [reset, confirmation] = list.getAllByRole('article');
    const first = within(reset!);
    expect(first.getByRole('heading', { name: 'Reset your Parlour password' })).toBeInTheDocument();
    expect(first.getByText('mim@example.com')).toBeInTheDocument();
    expect(first.getByText('Wed, 20 Feb 2030, 14:00')).toBeInTheDocument();
    expect(first.getByText('Not sent (no mail server)')).toBeInTheDocument();
    expect(first.getByText(/Open this link within one hour/)).toBeInTheDocument();
    expect(first.getByRole('link', { name: RESET_LINK })).toHaveAttribute('href', RESET_LINK);

    const second = within(confirmation!);
    expect(second.getByRole('heading', { name: 'Your booking is confirmed' })).toBeInTheDocument();
    expect(second.getByText('Failed')).toBeInTheDocument();
    expect(second.getByText('connect ECONNREFUSED 127.0.0.1:25')).toBeInTheDocument();
    expect(second.getByText('parlour-appointment-2030-02-22.ics')).toBeInTheDocument();
    expect(second.queryByRole('link')).not.toBeInTheDocument();
    expect(outbox.state.requests).toBe(1);
  });

  it('leaves "Sent e-mails" out of the admin menu when the server does not show its outbox', async () => {
    let configAsked = 0;
    server.use(
      ...accountSession(adminUser).handlers,
      http.get('/api/config/outbox', () => (configAsked++, HttpResponse.json({ enabled: false }))),
    );
    renderApp('/dashboard/adminhome');

    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Salon Admin' });
    await waitFor(() => expect(configAsked).toBeGreaterThan(0));
    expect(dashboardMenu().queryByRole('link', { name: 'Sent e-mails' })).not.toBeInTheDocument();
    expect(screen.queryByText('Sent e-mails')).not.toBeInTheDocument();
  });

  it('does not ask a customer’s browser about the outbox, and sends her from the page to /login', async () => {
    let configAsked = 0;
    const outbox = outboxHandler();
    server.use(
      ...accountSession(customerUser).handlers,
      authProvidersHandler(),
      http.get('/api/config/outbox', () => (configAsked++, HttpResponse.json({ enabled: true }))),
      outbox.handler,
    );
    const { router } = renderApp('/dashboard/userhome');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Mitu Customer' });
    expect(dashboardMenu().queryByRole('link', { name: 'Sent e-mails' })).not.toBeInTheDocument();

    await router.navigate('/dashboard/outbox');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
    expect(configAsked).toBe(0);
    expect(outbox.state.requests).toBe(0);
  });

  it('says so when nothing has been sent yet', async () => {
    server.use(...accountSession(adminUser).handlers, outboxShown(true), outboxHandler(() => HttpResponse.json([])).handler);
    renderApp('/dashboard/outbox');
    expect(await screen.findByText('No e-mails yet')).toBeInTheDocument();
  });

  it('shows the loading state, then an error with a retry that works', async () => {
    // Each answer waits until the test lets it go, so no state is missed on a busy machine.
    const releases: (() => void)[] = [];
    let fail = true;
    const outbox = outboxHandler(async () => {
      await new Promise<void>((resolve) => releases.push(resolve));
      return fail ? apiErrorResponse(500, 'Something went wrong on our side. Please try again.') : HttpResponse.json(mails);
    });
    server.use(...accountSession(adminUser).handlers, outboxShown(true), outbox.handler);
    const { user } = renderApp('/dashboard/outbox');

    expect(await screen.findByRole('status', { name: 'Loading the sent e-mails' })).toBeInTheDocument();
    await waitFor(() => expect(releases).toHaveLength(1));
    releases[0]!();
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(releases).toHaveLength(2));
    releases[1]!();
    expect(await screen.findByRole('list', { name: 'Sent e-mails' })).toBeInTheDocument();
    expect(outbox.state.requests).toBe(2);
  });
});
