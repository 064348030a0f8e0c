import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartItem } from '@shared/cart';
import { cartItemFor, fakeCart } from '@/test/cart-handlers';
import { customerUser, services } from '@/test/fixtures';
import { accountSession, apiErrorResponse } from '@/test/handlers';
import { heldResponses } from '@/test/held-response';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const [manicure, facial, keratin] = services as [(typeof services)[0], (typeof services)[0], (typeof services)[0]];

function bookingListServer(items: CartItem[]) {
  const session = accountSession(customerUser);
  const cart = fakeCart({ session, items });
  server.use(...session.handlers, ...cart.handlers);
  return cart;
}

function navbar() {
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

async function rowOf(title: string) {
  const table = await screen.findByRole('table', { name: 'Your booking list' });
  const cell = within(table).getByText(title, { selector: 'p' });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${title}`);
  return within(row);
}

/** Matches the <time> showing an appointment; its date and its clock time are separate pieces. */
function shownTime(text: string) {
  return (_content: string, element: Element | null) => element?.tagName === 'TIME' && element.textContent === text;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('/dashboard/bookinglist', () => {
  it('lists each service with number, image, name, price and appointment, the total, and the way to payment', async () => {
    bookingListServer([cartItemFor(manicure, customerUser), cartItemFor(keratin, customerUser)]);
    renderApp('/dashboard/bookinglist');

    expect(await screen.findByRole('heading', { level: 1, name: 'Booking List' })).toBeInTheDocument();
    expect(document.title).toBe('Booking List | Parlour');
    const table = await screen.findByRole('table', { name: 'Your booking list' });
    const headers = within(table).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['No', 'Service', 'Name', 'Price', 'Appointment', 'Action']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    const first = await rowOf('Classic Manicure');
    expect(first.getByRole('cell', { name: '1' })).toBeInTheDocument();
    expect(first.getByRole('img', { name: 'Classic Manicure' })).toHaveAttribute('src', manicure.image_url);
    expect(first.getByText('৳1,200')).toBeInTheDocument();
    expect(first.getByText('No time chosen yet')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Pick a time for Classic Manicure' })).toHaveAttribute('aria-expanded', 'false');
    expect(first.getByRole('button', { name: 'Delete Classic Manicure' })).toHaveTextContent('DELETE');
    expect((await rowOf('Keratin Treatment')).getByText('৳8,999.50')).toBeInTheDocument();

    expect(screen.getByText('Total:').parentElement).toHaveTextContent('Total: ৳10,199.50');
    expect(screen.getByText('Times are in Dhaka time (Asia/Dhaka)')).toBeInTheDocument();
    expect(screen.getByText('For service Pay and Take Appointment Date:')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Appointment' })).toHaveAttribute('href', '/dashboard/appointment');
    expect(screen.getByText('Pick a time for each service before you pay.')).toBeInTheDocument();
    expect(navbar().getByRole('link', { name: 'Booking(2)' })).toHaveAttribute('aria-current', 'page');
  });

  it("shows a held time on the salon's clock with its countdown, and a lapsed hold as expired", async () => {
    // The clock is fixed (only Date is faked; timers stay real so the page and msw run as usual).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-05T10:00:00Z'));
    bookingListServer([
      cartItemFor(manicure, customerUser, {
        startsAt: '2026-12-06T04:00:00.000Z',
        endsAt: '2026-12-06T04:45:00.000Z',
        holdExpiresAt: '2026-12-05T10:09:41.000Z',
      }),
      cartItemFor(facial, customerUser, {
        startsAt: '2026-12-06T05:30:00.000Z',
        endsAt: '2026-12-06T06:30:00.000Z',
        holdExpiresAt: '2026-12-05T09:59:00.000Z',
      }),
    ]);
    renderApp('/dashboard/bookinglist');

    const held = await rowOf('Classic Manicure');
    // 04:00 UTC is 10:00 in Dhaka, whatever zone the test runs in.
    expect(held.getByText(shownTime('Sun, 6 Dec 2026, 10:00'))).toHaveAttribute('datetime', '2026-12-06T04:00:00.000Z');
    // The time is never broken; the date is kept whole from the tablet width up, and on a phone
    // may break at its spaces ('Mon, 14 Dec 2026,' whole is wider than a 320 px row).
    expect(held.getByText('Sun, 6 Dec 2026,')).toHaveClass('sm:whitespace-nowrap');
    expect(held.getByText('10:00')).toHaveClass('whitespace-nowrap');
    expect(held.getByRole('timer', { name: 'Held for 9 minutes 41 seconds' })).toHaveTextContent('Held for 9:41');
    expect(held.getByRole('button', { name: 'Change for Classic Manicure' })).toBeInTheDocument();

    const lapsed = await rowOf('Signature Facial');
    expect(lapsed.getByText(shownTime('Sun, 6 Dec 2026, 11:30'))).toBeInTheDocument();
    expect(lapsed.getByText('Hold expired — pick again')).toBeInTheDocument();
    expect(lapsed.queryByRole('timer')).not.toBeInTheDocument();
    expect(lapsed.getByRole('button', { name: 'Pick a time for Signature Facial' })).toBeInTheDocument();
    expect(screen.getByText('1 of 2 services still needs a time before you pay.')).toBeInTheDocument();

    // The countdown runs, and the held time lapses in its turn (the list's clock ticks each second).
    vi.setSystemTime(new Date('2026-12-05T10:05:00Z'));
    expect(await held.findByText('Held for 4:41', {}, { timeout: 2500 })).toBeInTheDocument();
    vi.setSystemTime(new Date('2026-12-05T10:10:00Z'));
    expect(await held.findByText('Hold expired — pick again', {}, { timeout: 2500 })).toBeInTheDocument();
    expect(held.getByRole('button', { name: 'Pick a time for Classic Manicure' })).toBeInTheDocument();
  });

  it('says so when the list is empty and leads to the services', async () => {
    bookingListServer([]);
    renderApp('/dashboard/bookinglist');

    expect(await screen.findByText('Your booking list is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse our services' })).toHaveAttribute('href', '/#services');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('asks first, deletes the item, says so, and refetches the list', async () => {
    const cart = bookingListServer([cartItemFor(manicure, customerUser), cartItemFor(facial, customerUser)]);
    const { user } = renderApp('/dashboard/bookinglist');

    await user.click((await rowOf('Classic Manicure')).getByRole('button', { name: 'Delete Classic Manicure' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByText("You won't be able to revert this!")).toBeInTheDocument();
    const listRequests = cart.requests.filter((r) => r === 'GET /api/cart').length;
    await user.click(within(confirm).getByRole('button', { name: 'Yes, delete it!' }));

    // The result names what went, not 'Deleted! Your file has been deleted.'
    const done = await screen.findByRole('dialog', { name: 'Removed from your booking list' });
    expect(within(done).getByText('Classic Manicure is no longer in it.')).toBeInTheDocument();
    expect(cart.writes).toEqual([{ method: 'DELETE', path: `/api/cart/${cartItemFor(manicure, customerUser)._id}` }]);
    await user.click(within(done).getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(screen.queryByText('Classic Manicure', { selector: 'p' })).not.toBeInTheDocument());
    expect((await rowOf('Signature Facial')).getByText('Signature Facial', { selector: 'p' })).toBeVisible();
    expect(cart.requests.filter((r) => r === 'GET /api/cart').length).toBeGreaterThan(listRequests);
    expect(await navbar().findByRole('link', { name: 'Booking(1)' })).toBeInTheDocument();
    expect(screen.getByText('Total:').parentElement).toHaveTextContent('Total: ৳3,500');
  });

  it('keeps the item when she cancels', async () => {
    const cart = bookingListServer([cartItemFor(manicure, customerUser)]);
    const { user } = renderApp('/dashboard/bookinglist');

    await user.click((await rowOf('Classic Manicure')).getByRole('button', { name: 'Delete Classic Manicure' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cart.writes).toEqual([]);
    expect((await rowOf('Classic Manicure')).getByText('Classic Manicure', { selector: 'p' })).toBeVisible();
  });

  it("shows the server's refusal when the item is already gone", async () => {
    bookingListServer([cartItemFor(manicure, customerUser)]);
    server.use(http.delete('/api/cart/:id', () => apiErrorResponse(404, 'Booking list item not found')));
    const { user } = renderApp('/dashboard/bookinglist');

    await user.click((await rowOf('Classic Manicure')).getByRole('button', { name: 'Delete Classic Manicure' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Yes, delete it!' }));

    const refusal = await screen.findByRole('dialog', { name: 'The service was not removed' });
    expect(within(refusal).getByText('Booking list item not found')).toBeInTheDocument();
  });

  it('shows the loading state, then an error with a retry that works', async () => {
    const cart = bookingListServer([cartItemFor(manicure, customerUser)]);
    let fail = true;
    const gate = heldResponses();
    server.use(
      http.get('/api/cart', async () => {
        await gate.hold();
        return fail ? apiErrorResponse(500, 'Something went wrong on our side. Please try again in a moment.') : HttpResponse.json(cart.items);
      }),
    );
    const { user } = renderApp('/dashboard/bookinglist');

    // The list's own loading state: a bare /^Loading/ also matched the route's code-loading fallback,
    // which could vanish between being found and being checked.
    expect(await screen.findByText('Loading your booking list')).toBeInTheDocument();
    gate.release();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('Something went wrong on our side. Please try again in a moment.');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await rowOf('Classic Manicure')).getByText('Classic Manicure', { selector: 'p' })).toBeVisible();
  });
});
