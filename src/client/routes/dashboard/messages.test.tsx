import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contactMessagePatchSchema, type ContactMessage } from '@shared/contact';
import { adminUser } from '@/test/fixtures';
import { accountSession, apiErrorResponse } from '@/test/handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const initial: ContactMessage[] = [
  {
    _id: '5c1d7a3e-2f4b-4c6d-8e9f-0a1b2c3d4e5f',
    firstName: 'Nadia',
    lastName: 'Rahman',
    email: 'nadia+salon@example.com',
    phone: '+880 1711-000000',
    message: 'Do you open on Friday?\nI would like a facial.',
    // 08:00Z is 14:00 in Dhaka.
    createdAt: '2030-02-20T08:00:00.000Z',
    readAt: null,
    handledAt: null,
  },
  {
    _id: '7e2f8b4c-3a5d-4e6f-9a0b-1c2d3e4f5a6b',
    firstName: 'Rina',
    lastName: 'Akter',
    email: 'rina@example.com',
    phone: '',
    message: 'Thank you for the lovely bridal makeup.',
    createdAt: '2030-02-19T04:30:00.000Z',
    readAt: '2030-02-19T05:00:00.000Z',
    handledAt: '2030-02-19T05:00:00.000Z',
  },
];

/** A fake inbox that applies PATCHes as the server does and records each one. */
function fakeInbox(start: ContactMessage[] = initial) {
  let messages = structuredClone(start);
  const patches: { id: string; body: unknown }[] = [];
  const handlers = [
    http.get('/api/contact', () => HttpResponse.json(messages)),
    http.get('/api/contact/unread', () => HttpResponse.json({ unread: messages.filter((m) => !m.readAt).length })),
    http.patch<{ id: string }>('/api/contact/:id', async ({ params, request }) => {
      const body = contactMessagePatchSchema.parse(await request.json());
      patches.push({ id: params.id, body });
      const now = '2030-02-21T06:00:00.000Z';
      messages = messages.map((m) =>
        m._id !== params.id
          ? m
          : {
              ...m,
              readAt: m.readAt ?? (body.read || body.handled ? now : null),
              handledAt: body.handled === undefined ? m.handledAt : body.handled ? (m.handledAt ?? now) : null,
            },
      );
      return HttpResponse.json(messages.find((m) => m._id === params.id));
    }),
  ];
  return { handlers, patches };
}

const menu = () => within(screen.getByRole('navigation', { name: 'Dashboard menu' }));

describe('/dashboard/messages', () => {
  it('counts the unread in the menu, lists newest first, marks one read on opening, replies by mailto and marks it handled', async () => {
    const inbox = fakeInbox();
    server.use(...accountSession(adminUser).handlers, ...inbox.handlers);
    const { user } = renderApp('/dashboard/messages');

    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(document.title).toBe('Messages | Parlour');
    expect(await menu().findByRole('link', { name: 'Messages, 1 unread' })).toHaveAttribute('href', '/dashboard/messages');

    const list = within(await screen.findByRole('list', { name: 'Messages' }));
    const [nadia, rina] = list.getAllByRole('article');
    expect(within(nadia!).getByRole('heading', { name: 'Nadia Rahman' })).toBeInTheDocument();
    expect(within(nadia!).getByText('Unread')).toBeInTheDocument();
    expect(within(nadia!).getByText('Wed, 20 Feb 2030, 14:00')).toBeInTheDocument();
    expect(within(rina!).getByRole('heading', { name: 'Rina Akter' })).toBeInTheDocument();
    expect(within(rina!).getByText('Handled')).toBeInTheDocument();

    await user.click(within(nadia!).getByRole('button', { name: 'Open message from Nadia Rahman' }));
    await waitFor(() => expect(inbox.patches).toEqual([{ id: initial[0]!._id, body: { read: true } }]));
    const card = within(screen.getAllByRole('article')[0]!);
    expect(card.getByText(/I would like a facial/)).toBeInTheDocument();
    expect(card.getByText('nadia+salon@example.com')).toBeInTheDocument();
    expect(card.getByRole('link', { name: '+880 1711-000000' })).toHaveAttribute('href', 'tel:+8801711000000');
    expect(card.getByRole('link', { name: 'Reply by e-mail to Nadia Rahman' })).toHaveAttribute(
      'href',
      'mailto:nadia%2Bsalon@example.com?subject=Re%3A%20Your%20message%20to%20Parlour',
    );
    expect(await card.findByText('Read')).toBeInTheDocument();
    await waitFor(() => expect(menu().getByRole('link', { name: 'Messages' })).toBeInTheDocument());

    await user.click(card.getByRole('button', { name: 'Mark handled the message from Nadia Rahman' }));
    await waitFor(() => expect(inbox.patches.at(-1)).toEqual({ id: initial[0]!._id, body: { handled: true } }));
    expect(await card.findByText('Handled')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Reopen the message from Nadia Rahman' })).toBeInTheDocument();
  });

  it('does not mark an already read message again when it is opened', async () => {
    const inbox = fakeInbox();
    server.use(...accountSession(adminUser).handlers, ...inbox.handlers);
    const { user } = renderApp('/dashboard/messages');
    const rina = within((await screen.findAllByRole('article'))[1]!);
    await user.click(rina.getByRole('button', { name: 'Open message from Rina Akter' }));
    expect(rina.getByText('Thank you for the lovely bridal makeup.')).toBeInTheDocument();
    await user.click(rina.getByRole('button', { name: 'Reopen the message from Rina Akter' }));
    await waitFor(() => expect(inbox.patches).toEqual([{ id: initial[1]!._id, body: { handled: false } }]));
  });

  it('says so when there are no messages', async () => {
    server.use(...accountSession(adminUser).handlers, ...fakeInbox([]).handlers);
    renderApp('/dashboard/messages');
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
  });

  it('shows the error with a retry that asks again', async () => {
    let calls = 0;
    server.use(
      ...accountSession(adminUser).handlers,
      http.get('/api/contact', () => (++calls === 1 ? apiErrorResponse(500, 'The inbox is not available.') : HttpResponse.json(initial))),
    );
    const { user } = renderApp('/dashboard/messages');
    expect(await screen.findByText('The inbox is not available.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('heading', { name: 'Nadia Rahman' })).toBeInTheDocument();
  });
});
