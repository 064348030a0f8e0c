import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, services } from '@/test/fixtures';
import { accountSession, apiErrorResponse, fakeCatalogue } from '@/test/handlers';
import { heldResponses } from '@/test/held-response';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

function catalogueForAdmin() {
  const catalogue = fakeCatalogue();
  server.use(...accountSession(adminUser).handlers, ...catalogue.handlers);
  return catalogue;
}

function table() {
  return screen.findByRole('table', { name: "The salon's services" });
}

async function rowOf(title: string) {
  const cell = await screen.findByRole('cell', { name: title });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${title}`);
  return within(row);
}

describe('/dashboard/manageservice', () => {
  it('lists every service with its number, title, price, Update link and Delete button', async () => {
    catalogueForAdmin();
    renderApp('/dashboard/manageservice');

    expect(await screen.findByRole('heading', { level: 1, name: 'Manage services' })).toBeInTheDocument();
    expect(document.title).toBe('Manage Services | Parlour');
    const rows = within(await table()).getAllByRole('row');
    const texts = rows.map((row) => within(row).getAllByRole(row.closest('thead') ? 'columnheader' : 'cell').map((c) => c.textContent));
    expect(texts).toEqual([
      ['#', 'Service title', 'Price', 'Update', 'Delete'],
      ['1', 'Classic Manicure', '৳1,200', 'Update', 'Delete'],
      ['2', 'Signature Facial', '৳3,500', 'Update', 'Delete'],
      ['3', 'Keratin Treatment', '৳8,999.50', 'Update', 'Delete'],
    ]);
    const facial = await rowOf('Signature Facial');
    expect(facial.getByRole('link', { name: 'Update Signature Facial' })).toHaveAttribute(
      'href',
      `/dashboard/updateservice/${services[1]?._id}`,
    );
  });

  it('shows each service as a card with labelled Update and Delete in view below md', async () => {
    catalogueForAdmin();
    renderApp('/dashboard/manageservice');
    // jsdom applies no CSS: both layouts are in the document, each hidden at the other's widths.
    expect((await table()).parentElement).toHaveClass('hidden', 'md:block');
    const cards = screen.getByRole('list', { name: "The salon's services" });
    expect(cards).toHaveClass('md:hidden');
    const items = within(cards).getAllByRole('listitem');
    expect(items.map((item) => [item.querySelector('.font-semibold')?.textContent, within(item).getByText(/৳/).textContent])).toEqual([
      ['Classic Manicure', '৳1,200'],
      ['Signature Facial', '৳3,500'],
      ['Keratin Treatment', '৳8,999.50'],
    ]);
    const facial = within(items[1]!);
    expect(facial.getByRole('link', { name: 'Update Signature Facial' })).toHaveAttribute('href', `/dashboard/updateservice/${services[1]?._id}`);
    expect(facial.getByRole('button', { name: 'Delete Signature Facial' })).toHaveTextContent('Delete');
  });

  it('shows the Bangla title under the English one, marked Bangla, in the table and on the cards', async () => {
    const catalogue = fakeCatalogue(services.map((s, i) => (i === 1 ? { ...s, title_bn: 'সিগনেচার ফেসিয়াল' } : s)));
    server.use(...accountSession(adminUser).handlers, ...catalogue.handlers);
    renderApp('/dashboard/manageservice');

    const row = within((await within(await table()).findByText('Signature Facial')).closest('tr')!);
    const [english, bangla] = row.getAllByText(/Signature Facial|সিগনেচার ফেসিয়াল/);
    expect(english).toHaveTextContent('Signature Facial');
    expect(english).not.toHaveAttribute('lang');
    expect(bangla).toHaveTextContent('সিগনেচার ফেসিয়াল');
    expect(bangla).toHaveAttribute('lang', 'bn');
    // The English page names the service in English.
    expect(row.getByRole('link', { name: 'Update Signature Facial' })).toBeInTheDocument();
    const card = within(screen.getByRole('list', { name: "The salon's services" })).getAllByRole('listitem')[1]!;
    expect(within(card).getByText('সিগনেচার ফেসিয়াল')).toHaveAttribute('lang', 'bn');
    // No Bangla title, no second line.
    expect((await rowOf('Classic Manicure')).queryByText(/[অ-হ]/)).not.toBeInTheDocument();
  });

  it("shows 'Loading' until the list arrives", async () => {
    const gate = heldResponses();
    server.use(
      ...accountSession(adminUser).handlers,
      http.get('/api/service', async () => {
        await gate.hold();
        return HttpResponse.json(services);
      }),
    );
    renderApp('/dashboard/manageservice');

    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
    gate.release();
    expect(await table()).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it("shows 'Something went wrong' with a Try again button that loads the list", async () => {
    let fail = true;
    server.use(
      ...accountSession(adminUser).handlers,
      http.get('/api/service', () => (fail ? apiErrorResponse(503, 'The catalogue is unavailable right now.') : HttpResponse.json(services))),
    );
    const { user } = renderApp('/dashboard/manageservice');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('The catalogue is unavailable right now.');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await table()).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks first, deletes the service, says so, and the row goes with the refetched list', async () => {
    const catalogue = catalogueForAdmin();
    const { user } = renderApp('/dashboard/manageservice');

    await user.click((await rowOf('Signature Facial')).getByRole('button', { name: 'Delete Signature Facial' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByText("You won't be able to revert this!")).toBeInTheDocument();
    const listsBefore = catalogue.calls.filter((call) => call === 'list').length;
    await user.click(within(confirm).getByRole('button', { name: 'Yes, delete it!' }));

    // The result names what went, not 'Deleted! Your file has been deleted.'
    const done = await screen.findByRole('dialog', { name: 'Service deleted' });
    expect(within(done).getByText('Signature Facial is no longer offered.')).toBeInTheDocument();
    await user.click(within(done).getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Signature Facial' })).not.toBeInTheDocument());
    expect(within(await table()).getAllByRole('row')).toHaveLength(3);
    expect(catalogue.writes).toEqual([{ method: 'DELETE', id: services[1]?._id }]);
    expect(catalogue.calls.filter((call) => call === 'list').length).toBeGreaterThan(listsBefore);
  });

  it('deletes nothing when she cancels', async () => {
    const catalogue = catalogueForAdmin();
    const { user } = renderApp('/dashboard/manageservice');

    await user.click((await rowOf('Classic Manicure')).getByRole('button', { name: 'Delete Classic Manicure' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(catalogue.writes).toEqual([]);
    expect(within(await table()).getAllByRole('row')).toHaveLength(4);
  });

  it("shows the server's refusal in an error dialog and keeps the row", async () => {
    const catalogue = catalogueForAdmin();
    server.use(http.delete('/api/service/:id', () => apiErrorResponse(403, 'Only an admin can do this.')));
    const { user } = renderApp('/dashboard/manageservice');

    await user.click((await rowOf('Classic Manicure')).getByRole('button', { name: 'Delete Classic Manicure' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Yes, delete it!' }));

    const refusal = await screen.findByRole('dialog', { name: 'The service was not deleted' });
    expect(within(refusal).getByText('Only an admin can do this.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Service deleted' })).not.toBeInTheDocument();
    await user.click(within(refusal).getByRole('button', { name: 'OK' }));

    expect(catalogue.list).toHaveLength(3);
    expect((await rowOf('Classic Manicure')).getByRole('button', { name: 'Delete Classic Manicure' })).toBeEnabled();
  });

  it('says so when there are no services, with a way to add one', async () => {
    server.use(...accountSession(adminUser).handlers, ...fakeCatalogue([]).handlers);
    renderApp('/dashboard/manageservice');

    expect(await screen.findByText('No services yet')).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getAllByRole('link', { name: 'Add services' }).map((link) => link.getAttribute('href'))).toContain('/dashboard/addservice');
  });
});
