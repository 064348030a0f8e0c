import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartItem } from '@shared/cart';
import { cartItemFor, fakeCart } from '@/test/cart-handlers';
import { customerUser, services } from '@/test/fixtures';
import { accountSession } from '@/test/handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { mim, rumana, stylists } from '@/test/staff-handlers';

const [manicure, facial, keratin] = services as [(typeof services)[0], (typeof services)[0], (typeof services)[0]];

/**
 * Saturday 5 December 2026, 19:00 in Dhaka: the picker opens on Sunday the 6th, where the fake
 * offers 10:00, 10:15 and 10:30 (04:00, 04:15, 04:30 UTC). Only Date is faked.
 */
const NOW = new Date('2026-12-05T13:00:00Z');
const SUN_10_00 = '2026-12-06T04:00:00.000Z';
const SUN_10_15 = '2026-12-06T04:15:00.000Z';
const SUN_10_30 = '2026-12-06T04:30:00.000Z';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

function salonWithStylists(items: CartItem[], staff = stylists) {
  const session = accountSession(customerUser);
  const cart = fakeCart({ session, items, staff });
  server.use(...session.handlers, ...cart.handlers);
  return cart;
}

async function rowOf(title: string) {
  const table = await screen.findByRole('table', { name: 'Your booking list' });
  const row = within(table).getByText(title, { selector: 'p' }).closest('tr');
  if (!row) throw new Error(`no row for ${title}`);
  return within(row);
}

async function openPicker(user: ReturnType<typeof renderApp>['user'], title: string, verb = 'Pick a time') {
  await user.click(await screen.findByRole('button', { name: `${verb} for ${title}` }));
  return within(await screen.findByRole('region', { name: `Choose a time for ${title}` }));
}

/** The query strings of the availability requests, in order. */
function availabilityAsked() {
  const asked: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url.includes('/api/availability')) asked.push(new URL(request.url).search);
  });
  return asked;
}

const optionNames = (group: HTMLElement) => within(group).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent);

describe('choosing a stylist on the booking list', () => {
  afterEach(() => server.events.removeAllListeners());

  it('offers the choice only for services that stylists perform: any, then those who perform it, with photo or initials', async () => {
    const cart = salonWithStylists([cartItemFor(manicure, customerUser), cartItemFor(facial, customerUser), cartItemFor(keratin, customerUser)]);
    const { user } = renderApp('/dashboard/bookinglist');

    // Before anything is chosen the rows say 'Any stylist' where there is a choice, nothing where there is none.
    expect((await rowOf('Classic Manicure')).getByText('Any stylist')).toBeInTheDocument();
    expect((await rowOf('Signature Facial')).getByText('Any stylist')).toBeInTheDocument();
    expect((await rowOf('Keratin Treatment')).queryByText('Any stylist')).not.toBeInTheDocument();

    const facialPicker = await openPicker(user, 'Signature Facial');
    const group = facialPicker.getByRole('group', { name: 'Stylist' });
    expect(optionNames(group)).toEqual(['Any stylist', 'Mim Chowdhury', 'RARumana Akter']);
    expect(within(group).getByRole('radio', { name: 'Any stylist' })).toBeChecked();
    // Her photo beside her name; Rumana has none, so her initials.
    expect(group.querySelector(`img[src="${mim.photo_url}"]`)).not.toBeNull();
    // The choice is asked first: focus is on it.
    expect(within(group).getByRole('radio', { name: 'Any stylist' })).toHaveFocus();
    await user.keyboard('{Escape}');

    const manicurePicker = await openPicker(user, 'Classic Manicure');
    expect(optionNames(manicurePicker.getByRole('group', { name: 'Stylist' }))).toEqual(['Any stylist', 'Mim Chowdhury']);
    await user.keyboard('{Escape}');

    const keratinPicker = await openPicker(user, 'Keratin Treatment');
    await keratinPicker.findByRole('radiogroup', { name: 'Free times on Sun, 6 Dec 2026' });
    expect(keratinPicker.queryByRole('group', { name: 'Stylist' })).not.toBeInTheDocument();
    expect(keratinPicker.getByLabelText('Date')).toHaveFocus();
    // Looking is not choosing: nothing was written.
    expect(cart.writes).toEqual([]);
  });

  it("offers the chosen stylist's times, holds with her, and says whom the time is with", async () => {
    const item = cartItemFor(facial, customerUser);
    const cart = salonWithStylists([item]);
    // Mim is busy at 10:15.
    cart.busy.set(mim._id, new Set([SUN_10_15]));
    const asked = availabilityAsked();
    const { user } = renderApp('/dashboard/bookinglist');

    const picker = await openPicker(user, 'Signature Facial');
    // With any stylist, 10:15 is still free (Rumana).
    expect(within(await picker.findByRole('radiogroup', { name: 'Free times on Sun, 6 Dec 2026' })).getAllByRole('radio').map((radio) => radio.textContent)).toEqual(['10:00', '10:15', '10:30']);

    await user.click(picker.getByRole('radio', { name: 'Mim Chowdhury' }));
    await waitFor(() => expect(picker.queryByRole('radio', { name: '10:15' })).not.toBeInTheDocument());
    expect(picker.getAllByRole('radio', { name: /^10:/ }).map((radio) => radio.textContent)).toEqual(['10:00', '10:30']);
    expect(asked.at(-1)).toBe(`?serviceId=${facial._id}&date=2026-12-06&cartItemId=${item._id}&staffId=${mim._id}`);

    await user.click(picker.getByRole('radio', { name: '10:30' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Choose a time for Signature Facial' })).not.toBeInTheDocument());
    expect(cart.writes.map((write) => write.body)).toEqual([
      // Her choice is recorded as she makes it (nothing was held, so nothing is let go)...
      { startsAt: null, staffId: mim._id },
      // ...and the hold is with her.
      { startsAt: SUN_10_30, staffId: mim._id },
    ]);
    const row = await rowOf('Signature Facial');
    expect(row.getByText('with Mim Chowdhury')).toBeInTheDocument();
    expect(screen.getByText('Signature Facial: Sun, 6 Dec 2026, 10:30 with Mim Chowdhury is held for you for 10 minutes.')).toBeInTheDocument();
    expect(cart.items[0]).toMatchObject({ startsAt: SUN_10_30, staffId: mim._id, anyStylist: false });
  });

  it("holds 'any stylist' with no stylist named, and says who was given the time", async () => {
    const item = cartItemFor(facial, customerUser);
    const cart = salonWithStylists([item]);
    // Mim is busy at 10:00: the salon gives the time to Rumana.
    cart.busy.set(mim._id, new Set([SUN_10_00]));
    const { user } = renderApp('/dashboard/bookinglist');

    const picker = await openPicker(user, 'Signature Facial');
    await user.click(await picker.findByRole('radio', { name: '10:00' }));

    await waitFor(() => expect(cart.writes.map((write) => write.body)).toEqual([{ startsAt: SUN_10_00, staffId: null }]));
    expect(await (await rowOf('Signature Facial')).findByText('with Rumana Akter (any stylist)')).toBeInTheDocument();
    expect(cart.items[0]).toMatchObject({ staffId: rumana._id, anyStylist: true });
  });

  it('says that a change of stylist lets a held time go, lets it go with the new choice recorded, and the choice survives a reload', async () => {
    const held = cartItemFor(facial, customerUser, {
      startsAt: SUN_10_00,
      endsAt: '2026-12-06T05:00:00.000Z',
      holdExpiresAt: new Date(NOW.getTime() + 8 * 60_000).toISOString(),
      staffId: mim._id,
      staffName: 'Mim Chowdhury',
      anyStylist: false,
    });
    const cart = salonWithStylists([held]);
    const first = renderApp('/dashboard/bookinglist');
    const { user } = first;
    expect((await rowOf('Signature Facial')).getByText('with Mim Chowdhury')).toBeInTheDocument();

    const picker = await openPicker(user, 'Signature Facial', 'Change');
    const group = picker.getByRole('group', { name: 'Stylist' });
    expect(within(group).getByRole('radio', { name: 'Mim Chowdhury' })).toBeChecked();
    // Said before she changes anything.
    expect(group).toHaveAccessibleDescription('Choosing another stylist lets go of your time (Sun, 6 Dec 2026, 10:00 with Mim Chowdhury); you then pick a new one.');
    // Her held time is marked among Mim's times.
    expect(await picker.findByRole('radio', { name: '10:00' })).toHaveAttribute('aria-checked', 'true');

    await user.click(within(group).getByRole('radio', { name: 'Rumana Akter' }));

    // Said as it happens, and the row no longer shows a time.
    expect(await picker.findByText('Your time, Sun, 6 Dec 2026, 10:00 with Mim Chowdhury, was let go. Pick a time with Rumana Akter below.')).toBeInTheDocument();
    expect(cart.writes.map((write) => write.body)).toEqual([{ startsAt: null, staffId: rumana._id }]);
    expect(cart.items[0]).toMatchObject({ startsAt: null, holdExpiresAt: null, staffId: rumana._id, staffName: 'Rumana Akter', anyStylist: false });
    const row = await rowOf('Signature Facial');
    expect(row.getByText('No time chosen yet')).toBeInTheDocument();
    expect(row.getByText('with Rumana Akter')).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: 'Rumana Akter' })).toBeChecked();
    // Rumana's times, none of them hers yet.
    await waitFor(() => expect(picker.getByRole('radio', { name: '10:00' })).toHaveAttribute('aria-checked', 'false'));

    // A reload asks the server again and finds her choice.
    first.unmount();
    const asked = availabilityAsked();
    const again = renderApp('/dashboard/bookinglist');
    expect(await (await rowOf('Signature Facial')).findByText('with Rumana Akter')).toBeInTheDocument();
    await again.user.click(screen.getByRole('button', { name: 'Pick a time for Signature Facial' }));
    const reopened = within(await screen.findByRole('region', { name: 'Choose a time for Signature Facial' }));
    expect(reopened.getByRole('radio', { name: 'Rumana Akter' })).toBeChecked();
    await reopened.findByRole('radiogroup', { name: 'Free times on Sun, 6 Dec 2026' });
    expect(asked).toEqual([`?serviceId=${facial._id}&date=2026-12-06&cartItemId=${held._id}&staffId=${rumana._id}`]);
  });

  it('shows the refusal when her stylist was taken meanwhile, and holds nothing', async () => {
    const cart = salonWithStylists([cartItemFor(manicure, customerUser, { staffId: mim._id, staffName: 'Mim Chowdhury', anyStylist: false })]);
    const { user } = renderApp('/dashboard/bookinglist');

    const picker = await openPicker(user, 'Classic Manicure');
    expect(picker.getByRole('radio', { name: 'Mim Chowdhury' })).toBeChecked();
    const quarter = await picker.findByRole('radio', { name: '10:15' });
    cart.busy.set(mim._id, new Set([SUN_10_15]));
    await user.click(quarter);

    expect(await picker.findByRole('alert')).toHaveTextContent('Mim Chowdhury is not free at that time.');
    expect(cart.writes.map((write) => write.body)).toEqual([{ startsAt: SUN_10_15, staffId: mim._id }]);
    expect(cart.items[0]?.startsAt).toBeNull();
    await waitFor(() => expect(picker.queryByRole('radio', { name: '10:15' })).not.toBeInTheDocument());
  });

  it('works by keyboard alone: Tab into the choice, arrows to choose, on to the times, Enter to hold', async () => {
    const item = cartItemFor(facial, customerUser);
    const cart = salonWithStylists([item]);
    const { user } = renderApp('/dashboard/bookinglist');

    const pick = await screen.findByRole('button', { name: 'Pick a time for Signature Facial' });
    pick.focus();
    await user.keyboard('{Enter}');
    const picker = within(await screen.findByRole('region', { name: 'Choose a time for Signature Facial' }));
    expect(picker.getByRole('radio', { name: 'Any stylist' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(picker.getByRole('radio', { name: 'Mim Chowdhury' })).toBeChecked();
    expect(picker.getByRole('radio', { name: 'Mim Chowdhury' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    const rumanaRadio = picker.getByRole('radio', { name: 'Rumana Akter' });
    expect(rumanaRadio).toBeChecked();
    await waitFor(() => expect(cart.items[0]).toMatchObject({ staffId: rumana._id, anyStylist: false }));

    // The choice is one Tab stop: then the previous day, the date, the next day and the times.
    const ten = await picker.findByRole('radio', { name: '10:00' });
    await user.tab();
    expect(picker.getByRole('button', { name: 'Previous day' })).toHaveFocus();
    await user.tab();
    expect(picker.getByLabelText('Date')).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(ten).toHaveFocus();
    await user.keyboard('{ArrowRight}{Enter}');

    await waitFor(() => expect(cart.writes.at(-1)?.body).toEqual({ startsAt: SUN_10_15, staffId: rumana._id }));
    expect(await (await rowOf('Signature Facial')).findByText('with Rumana Akter')).toBeInTheDocument();
    // In order: Mim recorded, Rumana recorded, the hold with Rumana.
    expect(cart.writes.map((write) => write.body)).toEqual([
      { startsAt: null, staffId: mim._id },
      { startsAt: null, staffId: rumana._id },
      { startsAt: SUN_10_15, staffId: rumana._id },
    ]);
  });

  it('is the booking list of before when the salon has no stylists: no choice, no stylist words, the same body', async () => {
    const cart = salonWithStylists([cartItemFor(facial, customerUser)], []);
    const { user } = renderApp('/dashboard/bookinglist');

    const row = await rowOf('Signature Facial');
    expect(row.queryByText('Any stylist')).not.toBeInTheDocument();
    const picker = await openPicker(user, 'Signature Facial');
    expect(picker.queryByRole('group', { name: 'Stylist' })).not.toBeInTheDocument();
    await user.click(await picker.findByRole('radio', { name: '10:15' }));

    await waitFor(() => expect(cart.writes.map((write) => write.body)).toEqual([{ startsAt: SUN_10_15 }]));
    expect(await screen.findByText('Signature Facial: Sun, 6 Dec 2026, 10:15 is held for you for 10 minutes.')).toBeInTheDocument();
    expect(screen.queryByText(/^with /)).not.toBeInTheDocument();
  });
});
