import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SALON_SETTINGS, type SalonSettings } from '@shared/salon-settings';
import { cartItemFor, fakeCart } from '@/test/cart-handlers';
import { customerUser, services } from '@/test/fixtures';
import { accountSession } from '@/test/handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const manicure = services[0]!;
const item = cartItemFor(manicure, customerUser);

/**
 * Saturday 5 December 2026, 19:00 in Dhaka (13:00 UTC). With two hours' notice nothing is left
 * before the 20:00 close, so the picker opens on Sunday the 6th. Only Date is faked: timers stay
 * real, so React, msw and SweetAlert2 run as usual while the clock stands still until moved.
 */
const NOW = new Date('2026-12-05T13:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

function pickerServer(settings: SalonSettings = DEFAULT_SALON_SETTINGS) {
  const session = accountSession(customerUser);
  const cart = fakeCart({ session, items: [item], settings });
  server.use(...session.handlers, ...cart.handlers);
  return cart;
}

async function openPicker(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Pick a time for Classic Manicure' }));
  return within(await screen.findByRole('region', { name: 'Choose a time for Classic Manicure' }));
}

function availabilityRequests(cart: ReturnType<typeof fakeCart>) {
  return cart.requests.filter((request) => request.startsWith('GET /api/availability'));
}


/** Matches the <time> showing an appointment; its date and its clock time are separate pieces. */
function shownTime(text: string) {
  return (_content: string, element: Element | null) => element?.tagName === 'TIME' && element.textContent === text;
}

describe('the time picker', () => {
  it("offers bookable dates and the free times on the salon's clock", async () => {
    const cart = pickerServer();
    const { user } = renderApp('/dashboard/bookinglist');

    const picker = await openPicker(user);
    expect(screen.getByRole('button', { name: 'Pick a time for Classic Manicure' })).toHaveAttribute('aria-expanded', 'true');
    const date = picker.getByLabelText('Date');
    // Focus moves into the picker.
    expect(date).toHaveFocus();
    expect(date).toHaveValue('2026-12-06');
    expect(date).toHaveAttribute('min', '2026-12-05');
    expect(date).toHaveAttribute('max', '2027-02-03');
    expect(picker.getByText(/Times are in Dhaka time \(Asia\/Dhaka\)/)).toBeInTheDocument();

    // The server sends 04:00, 04:15 and 04:30 UTC: in Dhaka that is 10:00, 10:15 and 10:30.
    const times = within(await picker.findByRole('radiogroup', { name: 'Free times on Sun, 6 Dec 2026' }));
    expect(times.getAllByRole('radio').map((radio) => radio.textContent)).toEqual(['10:00', '10:15', '10:30']);
    expect(availabilityRequests(cart)).toEqual(['GET /api/availability 2026-12-06']);
  });

  it('asks for the service, the date and its own item', async () => {
    pickerServer();
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/api/availability')) asked.push(new URL(request.url).search);
    });
    const { user } = renderApp('/dashboard/bookinglist');

    const picker = await openPicker(user);
    await picker.findByRole('radiogroup', { name: 'Free times on Sun, 6 Dec 2026' });
    server.events.removeAllListeners();
    expect(asked).toEqual([`?serviceId=${manicure._id}&date=2026-12-06&cartItemId=${item._id}`]);
  });

  it('holds the chosen time, closes, and shows the time with its countdown', async () => {
    const cart = pickerServer();
    const { user } = renderApp('/dashboard/bookinglist');

    const picker = await openPicker(user);
    await user.click(await picker.findByRole('radio', { name: '10:15' }));

    await waitFor(() => expect(screen.queryByRole('region', { name: 'Choose a time for Classic Manicure' })).not.toBeInTheDocument());
    expect(cart.writes).toEqual([{ method: 'PATCH', path: `/api/cart/${item._id}`, body: { startsAt: '2026-12-06T04:15:00.000Z' } }]);
    expect(screen.getByText(shownTime('Sun, 6 Dec 2026, 10:15'))).toBeInTheDocument();
    // Held for the salon's 10 minutes, counted from now.
    expect(screen.getByRole('timer', { name: 'Held for 10 minutes 0 seconds' })).toHaveTextContent('Held for 10:00');
    // Focus goes back to the row's button, now offering a change; the choice is announced.
    const change = screen.getByRole('button', { name: 'Change for Classic Manicure' });
    expect(change).toHaveFocus();
    expect(screen.getByText('Classic Manicure: Sun, 6 Dec 2026, 10:15 is held for you for 10 minutes.')).toBeInTheDocument();

    vi.setSystemTime(new Date(NOW.getTime() + 19_000));
    expect(await screen.findByText('Held for 9:41', {}, { timeout: 2500 })).toBeInTheDocument();
    vi.setSystemTime(new Date(NOW.getTime() + 10 * 60_000 + 1_000));
    expect(await screen.findByText('Hold expired — pick again', {}, { timeout: 2500 })).toBeInTheDocument();

    // Re-timing opens on the date already chosen, with that time marked.
    await user.click(screen.getByRole('button', { name: 'Pick a time for Classic Manicure' }));
    const again = within(await screen.findByRole('region', { name: 'Choose a time for Classic Manicure' }));
    expect(again.getByLabelText('Date')).toHaveValue('2026-12-06');
    expect(await again.findByRole('radio', { name: '10:15' })).toHaveAttribute('aria-checked', 'true');
    expect(again.getByRole('radio', { name: '10:00' })).toHaveAttribute('aria-checked', 'false');
  });

  it('is one Tab stop: the arrow keys move among the times and Enter or Space chooses one', async () => {
    const cart = pickerServer();
    const { user } = renderApp('/dashboard/bookinglist');

    const picker = await openPicker(user);
    const group = await picker.findByRole('radiogroup', { name: 'Free times on Sun, 6 Dec 2026' });
    const [ten, quarter, half] = within(group).getAllByRole('radio') as [HTMLElement, HTMLElement, HTMLElement];
    // Date, Next day, then the group: Tab lands on the first time (none is chosen yet) and leaves
    // the group with the next Tab.
    expect(picker.getByLabelText('Date')).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(ten).toHaveFocus();
    expect([ten, quarter, half].map((radio) => radio.tabIndex)).toEqual([0, -1, -1]);

    await user.keyboard('{ArrowRight}');
    expect(quarter).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(half).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(ten).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(half).toHaveFocus();
    await user.keyboard('{Home}');
    expect(ten).toHaveFocus();
    await user.keyboard('{End}');
    expect(half).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(quarter).toHaveFocus();
    expect([ten, quarter, half].map((radio) => radio.tabIndex)).toEqual([-1, 0, -1]);
    // Moving past the times holds nothing.
    expect(cart.writes).toEqual([]);
    await user.tab({ shift: true });
    expect(picker.getByRole('button', { name: 'Next day' })).toHaveFocus();
    await user.tab();
    expect(quarter).toHaveFocus();

    await user.keyboard(' ');
    await waitFor(() => expect(cart.writes).toEqual([{ method: 'PATCH', path: `/api/cart/${item._id}`, body: { startsAt: '2026-12-06T04:15:00.000Z' } }]));

    // Opened again, Tab lands on the chosen time, checked.
    await user.click(await screen.findByRole('button', { name: 'Change for Classic Manicure' }));
    const again = within(await screen.findByRole('region', { name: 'Choose a time for Classic Manicure' }));
    const chosen = await again.findByRole('radio', { name: '10:15' });
    expect(chosen).toHaveAttribute('aria-checked', 'true');
    expect(chosen.tabIndex).toBe(0);
    await user.tab();
    await user.tab();
    expect(chosen).toHaveFocus();
    await user.keyboard('{ArrowRight}{Enter}');
    await waitFor(() => expect(cart.writes.at(-1)?.body).toEqual({ startsAt: '2026-12-06T04:30:00.000Z' }));
  });

  it('says when a time was taken meanwhile, and asks again for the free times', async () => {
    const cart = pickerServer();
    const { user } = renderApp('/dashboard/bookinglist');

    const picker = await openPicker(user);
    const taken = await picker.findByRole('radio', { name: '10:15' });
    // Another customer takes 10:15 after the list was shown.
    cart.taken.add('2026-12-06T04:15:00.000Z');
    await user.click(taken);

    expect(await picker.findByRole('alert')).toHaveTextContent('That time is no longer available');
    await waitFor(() => expect(picker.queryByRole('radio', { name: '10:15' })).not.toBeInTheDocument());
    expect(availabilityRequests(cart)).toHaveLength(2);
    expect(picker.getByRole('radio', { name: '10:00' })).toBeInTheDocument();
    // Still open, nothing held.
    expect(cart.items[0]?.startsAt).toBeNull();
    expect(screen.getByText('No time chosen yet')).toBeInTheDocument();
  });

  it('says so when a day has no free times, and moves between days', async () => {
    const cart = pickerServer();
    const { user } = renderApp('/dashboard/bookinglist');

    const picker = await openPicker(user);
    await picker.findByRole('radiogroup', { name: 'Free times on Sun, 6 Dec 2026' });

    // Friday: the salon is closed.
    fireEvent.change(picker.getByLabelText('Date'), { target: { value: '2026-12-11' } });
    expect(await picker.findByText('No free times that day')).toBeInTheDocument();
    expect(picker.getByText('The salon is closed that day. Please try another date.')).toBeInTheDocument();

    await user.click(picker.getByRole('button', { name: 'Next day' }));
    expect(picker.getByLabelText('Date')).toHaveValue('2026-12-12');
    expect(await picker.findByRole('radiogroup', { name: 'Free times on Sat, 12 Dec 2026' })).toBeInTheDocument();
    expect(availabilityRequests(cart)).toEqual([
      'GET /api/availability 2026-12-06',
      'GET /api/availability 2026-12-11',
      'GET /api/availability 2026-12-12',
    ]);
  });

  it('refuses a date outside the bookable range without asking the server', async () => {
    const cart = pickerServer();
    const { user } = renderApp('/dashboard/bookinglist');

    const picker = await openPicker(user);
    await picker.findByRole('radiogroup', { name: 'Free times on Sun, 6 Dec 2026' });
    fireEvent.change(picker.getByLabelText('Date'), { target: { value: '2027-06-01' } });

    expect(picker.getByLabelText('Date')).toHaveAccessibleDescription('Pick a date from Sat, 5 Dec 2026 to Wed, 3 Feb 2027.');
    expect(picker.getByLabelText('Date')).toBeInvalid();
    expect(picker.queryByRole('group')).not.toBeInTheDocument();
    expect(availabilityRequests(cart)).toHaveLength(1);
  });

  it('closes with Escape and gives the focus back', async () => {
    const cart = pickerServer();
    const { user } = renderApp('/dashboard/bookinglist');

    await openPicker(user);
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('region', { name: 'Choose a time for Classic Manicure' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pick a time for Classic Manicure' })).toHaveFocus();
    expect(cart.writes).toEqual([]);
  });

  it("shows times in the salon's zone when it is not Dhaka", async () => {
    const newYork: SalonSettings = { ...DEFAULT_SALON_SETTINGS, timeZone: 'America/New_York' };
    const session = accountSession(customerUser);
    const cart = fakeCart({
      session,
      items: [item],
      settings: newYork,
      // 15:00 UTC on a December day is 10:00 in New York.
      slotsOn: (date) => [`${date}T15:00:00.000Z`],
    });
    server.use(...session.handlers, ...cart.handlers);
    const { user } = renderApp('/dashboard/bookinglist');

    expect(await screen.findByText('Times are in New York time (America/New_York)')).toBeInTheDocument();
    const picker = await openPicker(user);
    // 13:00 UTC is 08:00 in New York: Saturday the 5th is still bookable there.
    expect(picker.getByLabelText('Date')).toHaveValue('2026-12-05');
    expect(await picker.findByRole('radio', { name: '10:00' })).toBeInTheDocument();
  });
});
