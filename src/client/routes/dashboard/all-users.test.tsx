import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { modifiedSchema } from '@shared/results';
import type { User } from '@shared/user';
import { adminUser, users as fixtureUsers } from '@/test/fixtures';
import { accountSession, apiErrorResponse } from '@/test/handlers';
import { heldResponses } from '@/test/held-response';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

type ModifiedResult = z.infer<typeof modifiedSchema>;

/** The admin's fake server: GET /api/user from a list the PATCH routes really change. */
function usersServer(initial: User[] = fixtureUsers) {
  const list = initial.map((user) => ({ ...user }));
  const requests: string[] = [];
  let listRequests = 0;
  server.use(
    ...accountSession(adminUser).handlers,
    http.get('/api/user', () => {
      listRequests += 1;
      return HttpResponse.json(list);
    }),
    http.patch<{ id: string }, never, ModifiedResult>('/api/user/admin/:id', ({ params }) => {
      requests.push(`make-admin ${params.id}`);
      const user = list.find((u) => u._id === params.id);
      const changed = user && user.role !== 'admin' ? 1 : 0;
      if (user) user.role = 'admin';
      return HttpResponse.json({ modifiedCount: changed });
    }),
    http.patch<{ id: string }, never, ModifiedResult>('/api/user/admin-remove/:id', ({ params }) => {
      requests.push(`remove-admin ${params.id}`);
      const user = list.find((u) => u._id === params.id);
      const changed = user && user.role === 'admin' ? 1 : 0;
      if (user) user.role = 'user';
      return HttpResponse.json({ modifiedCount: changed });
    }),
  );
  return {
    requests,
    get listRequests() {
      return listRequests;
    },
  };
}

async function rowOf(name: string) {
  // The table (md and up); below md the same accounts are cards, tested on their own.
  const table = await screen.findByRole('table', { name: 'Accounts and their roles' });
  const cell = await within(table).findByText(name, { selector: 'span' });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
}

describe('/dashboard/alluser', () => {
  it('lists every account with photo, name, e-mail and the role action', async () => {
    usersServer();
    renderApp('/dashboard/alluser');

    expect(await screen.findByRole('heading', { level: 1, name: 'All users' })).toBeInTheDocument();
    expect(document.title).toBe('Make Admin | Parlour');
    const table = await screen.findByRole('table', { name: 'Accounts and their roles' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);

    const admin = await rowOf('Salon Admin');
    expect(admin.getByRole('img', { name: 'Salon Admin' })).toHaveAttribute('src', '/images/reviews/tahmina.svg');
    expect(admin.getAllByText('admin@parlour.test').length).toBeGreaterThan(0);
    // Her own role is not offered for removal only to be refused: the button is off, and says why.
    const own = admin.getByRole('button', { name: 'Remove Admin Salon Admin' });
    expect(own).toBeDisabled();
    expect(own).toHaveAccessibleDescription('Your own role: another admin can remove it.');
    expect(admin.getByText('you')).toBeInTheDocument();

    const customer = await rowOf('Mitu Customer');
    expect(customer.getByRole('button', { name: 'Make admin Mitu Customer' })).toBeInTheDocument();
    // No photo: her initials stand in, still named.
    const rima = await rowOf('Rima Akter');
    expect(rima.getByRole('img', { name: 'Rima Akter' })).toHaveTextContent('RA');
  });

  it('shows each account as a card with its role button in view below md, and the button works there', async () => {
    usersServer();
    const { user } = renderApp('/dashboard/alluser');
    // jsdom applies no CSS: both layouts are in the document, each hidden at the other's widths.
    const table = await screen.findByRole('table', { name: 'Accounts and their roles' });
    expect(table.parentElement).toHaveClass('hidden', 'md:block');
    const cards = screen.getByRole('list', { name: 'Accounts and their roles' });
    expect(cards).toHaveClass('md:hidden');
    const [admin, customer] = within(cards).getAllByRole('listitem');
    expect(within(admin!).getByText('Salon Admin')).toBeInTheDocument();
    expect(within(admin!).getByText('you')).toBeInTheDocument();
    expect(within(admin!).getByText('admin@parlour.test')).toHaveAttribute('title', 'admin@parlour.test');
    expect(within(admin!).getByText('Admin')).toBeInTheDocument();
    expect(within(admin!).getByRole('button', { name: 'Remove Admin Salon Admin' })).toBeDisabled();

    await user.click(within(customer!).getByRole('button', { name: 'Make admin Mitu Customer' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Make Mitu Customer an admin?' })).getByRole('button', { name: 'Yes, make admin' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Admin!' })).getByRole('button', { name: 'OK' }));
    expect(await within(customer!).findByRole('button', { name: 'Remove Admin Mitu Customer' })).toBeInTheDocument();
  });

  it('asks first, makes the user an admin, says so, and refetches the list', async () => {
    const api = usersServer();
    const { user } = renderApp('/dashboard/alluser');

    await user.click((await rowOf('Mitu Customer')).getByRole('button', { name: 'Make admin Mitu Customer' }));
    const confirm = await screen.findByRole('dialog', { name: 'Make Mitu Customer an admin?' });
    expect(within(confirm).getByText('You want to make user admin!')).toBeInTheDocument();
    const before = api.listRequests;
    await user.click(within(confirm).getByRole('button', { name: 'Yes, make admin' }));

    const done = await screen.findByRole('dialog', { name: 'Admin!' });
    expect(within(done).getByText('Mitu Customer is an admin now.')).toBeInTheDocument();
    expect(api.requests).toEqual(['make-admin 7c3e9a12-4b5d-4e6f-8a9b-0c1d2e3f4a02']);
    await user.click(within(done).getByRole('button', { name: 'OK' }));

    expect(await (await rowOf('Mitu Customer')).findByRole('button', { name: 'Remove Admin Mitu Customer' })).toBeInTheDocument();
    expect(api.listRequests).toBeGreaterThan(before);
  });

  it('asks first, removes the admin role, says so, and refetches the list', async () => {
    const api = usersServer(fixtureUsers.map((u) => (u.name === 'Rima Akter' ? { ...u, role: 'admin' as const } : u)));
    const { user } = renderApp('/dashboard/alluser');

    await user.click((await rowOf('Rima Akter')).getByRole('button', { name: 'Remove Admin Rima Akter' }));
    const confirm = await screen.findByRole('dialog', { name: "Remove Rima Akter's admin role?" });
    expect(within(confirm).getByText('You want to remove user admin role!')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Yes, remove admin' }));

    const done = await screen.findByRole('dialog', { name: 'Admin!' });
    expect(within(done).getByText('Rima Akter is no longer an admin.')).toBeInTheDocument();
    await user.click(within(done).getByRole('button', { name: 'OK' }));

    expect(await (await rowOf('Rima Akter')).findByRole('button', { name: 'Make admin Rima Akter' })).toBeInTheDocument();
    expect(api.requests).toEqual(['remove-admin 7c3e9a12-4b5d-4e6f-8a9b-0c1d2e3f4a03']);
  });

  it('changes nothing when she cancels', async () => {
    const api = usersServer();
    const { user } = renderApp('/dashboard/alluser');

    await user.click((await rowOf('Mitu Customer')).getByRole('button', { name: 'Make admin Mitu Customer' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Make Mitu Customer an admin?' })).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requests).toEqual([]);
    expect((await rowOf('Mitu Customer')).getByRole('button', { name: 'Make admin Mitu Customer' })).toBeInTheDocument();
  });

  it("shows the server's refusal (409) in an error dialog", async () => {
    usersServer(fixtureUsers.map((u) => (u.name === 'Rima Akter' ? { ...u, role: 'admin' as const } : u)));
    server.use(http.patch('/api/user/admin-remove/:id', () => apiErrorResponse(409, 'The salon needs at least one admin.')));
    const { user } = renderApp('/dashboard/alluser');

    await user.click((await rowOf('Rima Akter')).getByRole('button', { name: 'Remove Admin Rima Akter' }));
    await user.click(within(await screen.findByRole('dialog', { name: "Remove Rima Akter's admin role?" })).getByRole('button', { name: 'Yes, remove admin' }));

    const refusal = await screen.findByRole('dialog', { name: 'The role was not changed' });
    expect(within(refusal).getByText('The salon needs at least one admin.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Admin!' })).not.toBeInTheDocument();
  });

  it('shows no success dialog when nothing changed (the list was out of date), only the fresh list', async () => {
    usersServer();
    const asked: string[] = [];
    server.use(
      http.patch('/api/user/admin/:id', () => {
        asked.push('PATCH');
        return HttpResponse.json({ modifiedCount: 0 });
      }),
      http.get('/api/user', () => {
        asked.push('GET');
        return undefined; // answered by the fake server's own list
      }),
    );
    const { user } = renderApp('/dashboard/alluser');

    await user.click((await rowOf('Mitu Customer')).getByRole('button', { name: 'Make admin Mitu Customer' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Make Mitu Customer an admin?' })).getByRole('button', { name: 'Yes, make admin' }));

    // The change was sent and answered, and the list asked for again after it.
    await waitFor(() => expect(asked.slice(asked.indexOf('PATCH'))).toEqual(['PATCH', 'GET']));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Admin!' })).not.toBeInTheDocument();
  });

  it('shows the loading state, then an error with a retry that works', async () => {
    let fail = true;
    const gate = heldResponses();
    server.use(
      ...accountSession(adminUser).handlers,
      http.get('/api/user', async () => {
        await gate.hold();
        return fail ? apiErrorResponse(500, 'Something went wrong on our side. Please try again in a moment.') : HttpResponse.json(fixtureUsers);
      }),
    );
    const { user } = renderApp('/dashboard/alluser');

    expect(await screen.findByRole('status', { name: 'Loading the accounts' })).toBeInTheDocument();
    gate.release();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('Something went wrong on our side. Please try again in a moment.');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Accounts and their roles' })).toBeInTheDocument();
  });

  it('says so when there are no accounts', async () => {
    server.use(...accountSession(adminUser).handlers, http.get('/api/user', () => HttpResponse.json([])));
    renderApp('/dashboard/alluser');
    expect(await screen.findByText('No accounts yet')).toBeInTheDocument();
  });
});
