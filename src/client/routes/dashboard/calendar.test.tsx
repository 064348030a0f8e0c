import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOLD_TAKEN_MESSAGE, type Availability } from '@shared/cart';
import type { AdminWaitlist, AdminWish } from '@shared/waitlist';
import { adminUser, services, users } from '@/test/fixtures';
import { accountSession } from '@/test/handlers';
import { bookingRecord, fakePayments } from '@/test/payment-handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { mim, rumana, staffHandler } from '@/test/staff-handlers';

const rima = users[2]!;
const facial = services[1]!;
const manicure = services[0]!;
// Saturday 2 March 2030, 12:00 in Dhaka (UTC+6): Friday 1 March the salon is closed.
const NOW = new Date('2030-03-02T06:00:00.000Z');
const TODAY = '2030-03-02';
const dhaka = (date: string, time: string) => new Date(`${date}T${time}:00+06:00`).toISOString();
const NILA = 'd0000000-0000-4000-8000-000000000009';

/** Mim's facial at 14:00 today: to come, so it may be moved (and its details opened). */
const MIM_FACIAL = "Mim Chowdhury: Signature Facial for Mitu Customer, 14:00–15:00, Confirmed";

function salon() {
  const fake = fakePayments({
    session: { user: adminUser },
    bookings: [
      bookingRecord(1, {
        serviceId: facial._id,
        title: facial.title,
        duration: 60,
        startsAt: dhaka(TODAY, '14:00'),
        endsAt: dhaka(TODAY, '15:00'),
        // Fifteen minutes' buffer after it: Mim is busy until 15:15.
        staffFreeAt: dhaka(TODAY, '15:15'),
        staffId: mim._id,
        staffName: mim.name,
      }),
      // Begun this morning: may be marked completed.
      bookingRecord(2, {
        serviceId: facial._id,
        title: facial.title,
        duration: 60,
        startsAt: dhaka(TODAY, '10:00'),
        endsAt: dhaka(TODAY, '11:00'),
        staffId: rumana._id,
        staffName: rumana.name,
        customer: { name: rima.name, email: rima.email, phone: null },
      }),
      // Nila has left the team; her booking keeps her name.
      bookingRecord(3, { startsAt: dhaka(TODAY, '16:00'), endsAt: dhaka(TODAY, '18:30'), staffId: NILA, staffName: 'Nila Akter' }),
      // Booked before the salon had stylists.
      bookingRecord(4, { serviceId: manicure._id, title: manicure.title, duration: 45, startsAt: dhaka(TODAY, '11:00'), endsAt: dhaka(TODAY, '11:45') }),
      // A checkout not paid yet, and a cancelled visit.
      bookingRecord(5, { status: 'pending', startsAt: dhaka(TODAY, '17:00'), endsAt: dhaka(TODAY, '19:30'), staffId: mim._id, staffName: mim.name }),
      bookingRecord(6, { status: 'cancelled', refunded: 8999.5, startsAt: dhaka(TODAY, '12:00'), endsAt: dhaka(TODAY, '14:30'), staffId: rumana._id, staffName: rumana.name }),
      // Tomorrow.
      bookingRecord(7, { serviceId: manicure._id, title: manicure.title, duration: 45, startsAt: dhaka('2030-03-03', '10:00'), endsAt: dhaka('2030-03-03', '10:45'), staffId: mim._id, staffName: mim.name }),
    ],
  });
  server.use(...accountSession(adminUser).handlers, ...fake.handlers, staffHandler());
  return fake;
}

/** A stylist's column of the day grid. */
const column = (name: string) => within(screen.getByRole('region', { name }));

/** GET /api/availability offering 16:00 and 17:00 today; answers the queries it was asked. */
function freeThisAfternoon(): URLSearchParams[] {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get<PathParams, DefaultBodyType, Availability>('/api/availability', ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json({ timeZone: 'Asia/Dhaka', slots: [dhaka(TODAY, '16:00'), dhaka(TODAY, '17:00')].map((startsAt) => ({ startsAt, staff: [] })) });
    }),
  );
  return asked;
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('/dashboard/calendar', () => {
  it("shows today by stylist: the team's columns, a retired stylist's and 'No stylist', each booking a block named for what it is", async () => {
    const fake = salon();
    const { user } = renderApp('/dashboard/calendar');

    expect(await screen.findByRole('heading', { level: 1, name: "The salon's day" })).toBeInTheDocument();
    expect(document.title).toBe('Calendar | Parlour');
    expect(await screen.findByRole('heading', { level: 2, name: 'Sat, 2 Mar 2030 (today)' })).toBeInTheDocument();
    const grid = within(await screen.findByRole('region', { name: 'Bookings by stylist' }));
    expect(grid.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Mim Chowdhury', 'Rumana Akter', 'Nila AkterRetired', 'No stylist']);

    expect(column('Mim Chowdhury').getByRole('button', { name: MIM_FACIAL })).toBeInTheDocument();
    expect(column('Mim Chowdhury').getByRole('button', { name: 'Mim Chowdhury: Keratin Treatment for Mitu Customer, 17:00–19:30, Pending' })).toBeInTheDocument();
    expect(column('Rumana Akter').getByRole('button', { name: `Rumana Akter: Signature Facial for ${rima.name}, 10:00–11:00, Confirmed` })).toBeInTheDocument();
    expect(column('Nila Akter').getByRole('button', { name: 'Nila Akter: Keratin Treatment for Mitu Customer, 16:00–18:30, Confirmed' })).toBeInTheDocument();
    expect(column('No stylist').getByRole('button', { name: 'No stylist: Classic Manicure for Mitu Customer, 11:00–11:45, Confirmed' })).toBeInTheDocument();
    // Tomorrow's booking is not today's.
    expect(screen.queryByRole('button', { name: /Classic Manicure for Mitu Customer, 10:00/ })).not.toBeInTheDocument();
    // Paid bookings in any state, and those awaiting payment, which the server lists only when asked.
    expect(fake.state.requests).toEqual(expect.arrayContaining([`GET /api/bookings?from=${TODAY}&to=${TODAY}&when=all`, `GET /api/bookings?from=${TODAY}&to=${TODAY}&status=pending`]));

    // A cancelled visit takes no time: it is only drawn when asked for.
    expect(screen.queryByRole('button', { name: /Cancelled$/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Show cancelled bookings' }));
    expect(column('Rumana Akter').getByRole('button', { name: 'Rumana Akter: Keratin Treatment for Mitu Customer, 12:00–14:30, Cancelled' })).toBeInTheDocument();
  });

  it('steps to the next and previous day and to a week, keeping each in the URL and asking for those days', async () => {
    const fake = salon();
    const { user, router } = renderApp('/dashboard/calendar');
    await screen.findByRole('button', { name: MIM_FACIAL });

    await user.click(screen.getByRole('button', { name: 'Next day' }));
    expect(router.state.location.search).toBe('?date=2030-03-03');
    expect(await screen.findByRole('heading', { level: 2, name: 'Sun, 3 Mar 2030' })).toBeInTheDocument();
    expect(await column('Mim Chowdhury').findByRole('button', { name: 'Mim Chowdhury: Classic Manicure for Mitu Customer, 10:00–10:45, Confirmed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: MIM_FACIAL })).not.toBeInTheDocument();
    expect(fake.state.requests).toContain('GET /api/bookings?from=2030-03-03&to=2030-03-03&when=all');

    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(router.state.location.search).toBe('?date=2030-03-01');
    expect(await screen.findByText('The salon is closed on Fri, 1 Mar 2030.')).toBeInTheDocument();
    await waitFor(() => expect(fake.state.requests).toContain('GET /api/bookings?from=2030-03-01&to=2030-03-01&when=all'));

    await user.click(screen.getByRole('button', { name: 'Today' }));
    await user.click(screen.getByRole('button', { name: 'Week', pressed: false }));
    expect(router.state.location.search).toBe(`?date=${TODAY}&view=week`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Sat, 2 Mar 2030 – Fri, 8 Mar 2030' })).toBeInTheDocument();
    await waitFor(() => expect(fake.state.requests).toContain(`GET /api/bookings?from=${TODAY}&to=2030-03-08&when=all`));
    const week = within(await screen.findByRole('table', { name: /^Bookings from Sat, 2 Mar 2030 to Fri, 8 Mar 2030/ }));
    expect(week.getAllByRole('rowheader').map((day) => day.textContent)).toEqual(['Sat, 2 Mar', 'Sun, 3 Mar', 'Mon, 4 Mar', 'Tue, 5 Mar', 'Wed, 6 Mar', 'Thu, 7 Mar', 'Fri, 8 MarClosed']);
    expect(week.getByRole('button', { name: 'Mim Chowdhury: Classic Manicure for Mitu Customer, Sun, 3 Mar 2030, 10:00–10:45, Confirmed' })).toBeInTheDocument();
    // A day of the week opens on its own.
    expect(week.getByRole('link', { name: 'Sun, 3 Mar' })).toHaveAttribute('href', '/dashboard/calendar?date=2030-03-03&view=day');
  });

  it('opens on the day and view the URL names', async () => {
    salon();
    renderApp('/dashboard/calendar?date=2030-03-03&view=week');
    expect(await screen.findByRole('heading', { level: 2, name: 'Sun, 3 Mar 2030 – Sat, 9 Mar 2030' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('First day')).toHaveValue('2030-03-03');
  });

  it('on a phone shows one stylist at a time, chosen above the grid', async () => {
    salon();
    const { user } = renderApp('/dashboard/calendar');
    await screen.findByRole('button', { name: MIM_FACIAL });
    // jsdom applies no CSS: the columns not chosen carry the class that hides them below sm.
    const chooser = screen.getByRole('combobox', { name: 'Stylist' });
    expect(within(chooser).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Mim Chowdhury, 2 bookings',
      'Rumana Akter, 1 booking',
      'Nila Akter (retired), 1 booking',
      'No stylist, 1 booking',
    ]);
    expect(chooser.parentElement).toHaveClass('sm:hidden');
    expect(screen.getByRole('region', { name: 'Mim Chowdhury' })).not.toHaveClass('hidden');
    expect(screen.getByRole('region', { name: 'Rumana Akter' })).toHaveClass('hidden', 'sm:block');

    await user.selectOptions(chooser, 'Rumana Akter, 1 booking');
    expect(screen.getByRole('region', { name: 'Rumana Akter' })).not.toHaveClass('hidden');
    expect(screen.getByRole('region', { name: 'Mim Chowdhury' })).toHaveClass('hidden', 'sm:block');
  });

  it("opens a booking's details, and Move sends the new time with the chosen stylist; the block moves to her column", async () => {
    const fake = salon();
    const asked = freeThisAfternoon();
    const { user } = renderApp('/dashboard/calendar');

    await user.click(await screen.findByRole('button', { name: MIM_FACIAL }));
    const panel = screen.getByRole('region', { name: 'Signature Facial for Mitu Customer' });
    const details = within(panel);
    expect(details.getByRole('heading', { level: 3 })).toHaveFocus();
    expect(panel).toHaveTextContent('from 15:15 (15 min after the visit)');
    // To come: it may be moved or cancelled, not yet marked.
    expect(details.queryByRole('button', { name: /^Mark completed/ })).not.toBeInTheDocument();
    await user.click(details.getByRole('button', { name: 'Move Signature Facial on Sat, 2 Mar 2030, 14:00' }));

    const picker = within(await screen.findByRole('region', { name: 'Choose a time for Signature Facial' }));
    await user.click(picker.getByRole('radio', { name: rumana.name }));
    await waitFor(() => expect(asked.some((query) => query.get('staffId') === rumana._id)).toBe(true));
    // Someone took 16:00 meanwhile: the server's refusal is shown in the picker, and nothing moved.
    fake.state.taken.add(dhaka(TODAY, '16:00'));
    await user.click(await picker.findByRole('radio', { name: '16:00' }));
    await user.click(within(await screen.findByRole('dialog', { name: `Move Signature Facial to Sat 2 Mar 16:00 with ${rumana.name}?` })).getByRole('button', { name: 'Yes, move it' }));
    expect(await picker.findByRole('alert')).toHaveTextContent(HOLD_TAKEN_MESSAGE);
    expect(fake.state.bookings[0]?.staffId).toBe(mim._id);

    await user.click(picker.getByRole('radio', { name: '17:00' }));
    await user.click(within(await screen.findByRole('dialog', { name: `Move Signature Facial to Sat 2 Mar 17:00 with ${rumana.name}?` })).getByRole('button', { name: 'Yes, move it' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Appointment moved' })).getByRole('button', { name: 'OK' }));

    expect(fake.state.requests).toContain('PATCH /api/bookings/b0000000-0000-4000-8000-000000000001');
    expect(fake.state.bookings[0]).toMatchObject({ staffId: rumana._id, startsAt: dhaka(TODAY, '17:00') });
    // The grid asked again and draws it in Rumana's column, with its buffer kept.
    expect(await column('Rumana Akter').findByRole('button', { name: 'Rumana Akter: Signature Facial for Mitu Customer, 17:00–18:00, Confirmed' })).toBeInTheDocument();
    expect(column('Mim Chowdhury').queryByRole('button', { name: /Signature Facial/ })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Signature Facial for Mitu Customer' })).toHaveTextContent('from 18:15 (15 min after the visit)');
  });

  it('marks a begun visit completed from its details, and the block says so', async () => {
    const fake = salon();
    const { user } = renderApp('/dashboard/calendar');
    await user.click(await screen.findByRole('button', { name: `Rumana Akter: Signature Facial for ${rima.name}, 10:00–11:00, Confirmed` }));
    const details = within(screen.getByRole('region', { name: `Signature Facial for ${rima.name}` }));
    await user.click(details.getByRole('button', { name: 'Mark completed Signature Facial on Sat, 2 Mar 2030, 10:00' }));
    await user.click(within(await screen.findByRole('dialog', { name: `Mark Signature Facial for ${rima.name} on Sat 2 Mar 10:00 as completed?` })).getByRole('button', { name: 'Yes, completed' }));

    expect(await column('Rumana Akter').findByRole('button', { name: `Rumana Akter: Signature Facial for ${rima.name}, 10:00–11:00, Completed` })).toBeInTheDocument();
    expect(fake.state.requests).toContain('POST /api/bookings/b0000000-0000-4000-8000-000000000002/complete');

    await user.click(details.getByRole('button', { name: "Close the booking's details" }));
    expect(screen.queryByRole('region', { name: `Signature Facial for ${rima.name}` })).not.toBeInTheDocument();
    // Focus goes back to the block she opened.
    await waitFor(() => expect(screen.getByRole('button', { name: `Rumana Akter: Signature Facial for ${rima.name}, 10:00–11:00, Completed` })).toHaveFocus());
  });
});

describe("/dashboard/calendar: the day's waitlist", () => {
  const waiting: AdminWish = {
    _id: '00000000-0000-4000-8000-0000000000b1',
    serviceId: facial._id,
    serviceTitle: facial.title,
    serviceTitle_bn: null,
    date: TODAY,
    staffId: null,
    staffName: null,
    from: '15:00',
    to: null,
    status: 'waiting',
    place: 1,
    offerStartsAt: null,
    offerExpiresAt: null,
    createdAt: NOW.toISOString(),
    customerName: rima.name,
    customerEmail: rima.email,
  };

  it('lists who waits for the day and offers one of them a time by hand, in the salon’s zone', async () => {
    salon();
    let wishes: AdminWish[] = [waiting];
    const offers: { id: string; startsAt: string }[] = [];
    server.use(
      http.get<PathParams, DefaultBodyType, AdminWaitlist>('/api/admin/waitlist', ({ request }) => {
        expect(new URL(request.url).searchParams.get('date')).toBe(TODAY);
        return HttpResponse.json({ timeZone: 'Asia/Dhaka', wishes });
      }),
      http.post<{ id: string }, { startsAt: string }>('/api/admin/waitlist/:id/offer', async ({ params, request }) => {
        const { startsAt } = await request.json();
        if (startsAt === dhaka(TODAY, '09:00')) return HttpResponse.json({ statusCode: 400, error: 'Bad Request', message: 'The salon is not open at that time.' }, { status: 400 });
        offers.push({ id: params.id, startsAt });
        wishes = [{ ...waiting, status: 'offered', offerStartsAt: startsAt, offerExpiresAt: dhaka(TODAY, '12:15') }];
        return HttpResponse.json({ acknowledged: true });
      }),
    );
    const { user } = renderApp('/dashboard/calendar');
    const waitlist = within(await screen.findByRole('region', { name: 'Waitlist' }));
    const entry = within(await waitlist.findByRole('listitem'));
    expect(entry.getByText('1st in line')).toBeInTheDocument();
    expect(entry.getByText(/^Any stylist · 15:00–closing ·/)).toHaveTextContent(`Any stylist · 15:00–closing · ${rima.email}`);

    // A time the salon refuses: its words, and nothing offered.
    await user.type(entry.getByLabelText('Time to offer'), '09:00');
    await user.click(entry.getByRole('button', { name: `Offer ${rima.name} this time` }));
    expect(await entry.findByRole('alert')).toHaveTextContent('The salon is not open at that time.');

    await user.clear(entry.getByLabelText('Time to offer'));
    await user.type(entry.getByLabelText('Time to offer'), '16:00');
    await user.click(entry.getByRole('button', { name: `Offer ${rima.name} this time` }));
    await waitFor(() => expect(offers).toEqual([{ id: waiting._id, startsAt: dhaka(TODAY, '16:00') }]));
    expect(await waitlist.findByText(/^Offered .*16:00, held until 12:15$/)).toBeInTheDocument();
    expect(waitlist.queryByLabelText('Time to offer')).not.toBeInTheDocument();
  });
});
