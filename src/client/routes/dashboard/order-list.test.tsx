import { http } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminUser, users } from '@/test/fixtures';
import { accountSession, apiErrorResponse } from '@/test/handlers';
import { bookingRecord, fakePayments, saturdayFreeTimes, paymentRecord, SAT_1_JUN_2024_11_00, SAT_9_MAR_2030_10_30 } from '@/test/payment-handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { mim, rumana, staffHandler } from '@/test/staff-handlers';
import { services } from '@/test/fixtures';

const rima = users[2]!;
const facial = services[1]!;

function salonWithBookings() {
  const fake = fakePayments({
    session: { user: adminUser },
    payments: [paymentRecord(1, { amount: 8999.5 }), paymentRecord(2, { amount: 1200, customer: { name: rima.name, email: rima.email, phone: null } })],
    bookings: [
      // To come: the admin may cancel it (and refund), not yet complete it.
      bookingRecord(1, { startsAt: SAT_9_MAR_2030_10_30, staffId: 'd0000000-0000-4000-8000-000000000001', staffName: 'Nila Akter' }),
      // Begun long ago: may be marked completed.
      bookingRecord(2, {
        title: 'Classic Manicure',
        price: 1200,
        duration: 45,
        startsAt: SAT_1_JUN_2024_11_00,
        endsAt: '2024-06-01T05:45:00.000Z',
        customer: { name: rima.name, email: rima.email, phone: null },
      }),
      bookingRecord(3, { title: 'Signature Facial', price: 3500, status: 'cancelled', refunded: 3500, startsAt: '2030-02-20T08:00:00.000Z', endsAt: '2030-02-20T09:00:00.000Z' }),
    ],
  });
  server.use(...accountSession(adminUser).handlers, ...fake.handlers);
  return fake;
}

async function rowOf(service: string) {
  const table = await screen.findByRole('table', { name: 'Bookings' });
  const row = within(table).getByText(service, { selector: 'td' }).closest('tr');
  if (!row) throw new Error(`no row for ${service}`);
  return within(row);
}

describe('/dashboard/orderlist', () => {
  it('lists every booking with its customer, time in the salon’s zone, status and what was paid', async () => {
    const fake = salonWithBookings();
    renderApp('/dashboard/orderlist');

    expect(await screen.findByRole('heading', { level: 1, name: 'All bookings' })).toBeInTheDocument();
    expect(document.title).toBe('Order List | Parlour');
    const table = within(await screen.findByRole('table', { name: 'Bookings' }));
    expect(table.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Customer', 'Service', 'Time', 'Status', 'Paid', 'Actions']);
    expect(table.getAllByRole('row')).toHaveLength(4);

    const keratin = await rowOf('Keratin Treatment');
    expect(keratin.getByText('Mitu Customer')).toBeInTheDocument();
    expect(keratin.getByText('customer@parlour.test')).toBeInTheDocument();
    expect(keratin.getByText('Sat, 9 Mar 2030, 10:30')).toBeInTheDocument();
    expect(keratin.getByText('Confirmed')).toBeInTheDocument();
    expect(keratin.getByText('৳8,999.50')).toBeInTheDocument();
    expect(keratin.getByRole('button', { name: 'Cancel Keratin Treatment on Sat, 9 Mar 2030, 10:30' })).toBeInTheDocument();
    expect(keratin.queryByRole('button', { name: /^Mark completed/ })).not.toBeInTheDocument();

    const facial = await rowOf('Signature Facial');
    expect(facial.getByText('Cancelled')).toBeInTheDocument();
    expect(facial.getByText('৳0')).toBeInTheDocument();
    expect(facial.getByText('৳3,500 refunded')).toBeInTheDocument();
    expect(facial.queryByRole('button')).not.toBeInTheDocument();

    expect(fake.state.requests).toContain('GET /api/bookings?when=all');
  });

  it('names the stylist under the service, in the table and the cards, and nobody for a booking made before stylists', async () => {
    salonWithBookings();
    renderApp('/dashboard/orderlist');

    const keratin = await rowOf('Keratin Treatment');
    expect(keratin.getByText('with Nila Akter')).toBeInTheDocument();
    const manicure = await rowOf('Classic Manicure');
    expect(manicure.queryByText(/^with /)).not.toBeInTheDocument();
    expect(manicure.getByText('Classic Manicure', { selector: 'td' })).toHaveTextContent(/^Classic Manicure$/);

    const cards = within(screen.getByRole('list', { name: 'Bookings' })).getAllByRole('listitem');
    expect(within(cards[0]!).getByText('with Nila Akter')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('Classic Manicure')).toBeInTheDocument();
    expect(within(cards[2]!).queryByText(/^with /)).not.toBeInTheDocument();
    expect(cards[2]!.textContent).not.toMatch(/null/);
  });

  it('shows each booking as a card with its actions in view below xl (the table is kept from xl up: it fits beside the menu from 1280 px)', async () => {
    salonWithBookings();
    const { user } = renderApp('/dashboard/orderlist');
    // jsdom applies no CSS: both layouts are in the document, each hidden at the other's widths.
    const table = await screen.findByRole('table', { name: 'Bookings' });
    expect(table.parentElement).toHaveClass('hidden', 'xl:block');
    const cards = screen.getByRole('list', { name: 'Bookings' });
    expect(cards).toHaveClass('xl:hidden');
    const items = within(cards).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    // The same order and facts as the table: newest first.
    const keratin = within(items[0]!);
    expect(keratin.getByText('Keratin Treatment')).toBeInTheDocument();
    expect(keratin.getByText('Mitu Customer')).toBeInTheDocument();
    expect(keratin.getByText('customer@parlour.test')).toHaveAttribute('title', 'customer@parlour.test');
    expect(keratin.getByText('Confirmed')).toBeInTheDocument();
    expect(keratin.getByText('৳8,999.50')).toBeInTheDocument();
    expect(keratin.getByRole('button', { name: 'Cancel Keratin Treatment on Sat, 9 Mar 2030, 10:30' })).toHaveAccessibleDescription('Mitu Customer');
    const manicure = within(items[2]!);
    expect(manicure.getByText('Classic Manicure')).toBeInTheDocument();
    await user.click(manicure.getByRole('button', { name: 'Mark completed Classic Manicure on Sat, 1 Jun 2024, 11:00' }));
    await user.click(within(await screen.findByRole('dialog', { name: `Mark Classic Manicure for ${rima.name} on Sat 1 Jun 11:00 as completed?` })).getByRole('button', { name: 'Yes, completed' }));
    expect(await within(items[2]!).findByText('Completed')).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('button')).not.toBeInTheDocument();
  });

  const markQuestion = (what: 'completed' | 'a no-show') => `Mark Classic Manicure for ${rima.name} on Sat 1 Jun 11:00 as ${what}?`;

  it('marks a begun visit completed once she confirms, naming the customer, treatment and time, and shows the new status', async () => {
    const fake = salonWithBookings();
    const { user } = renderApp('/dashboard/orderlist');

    const manicure = await rowOf('Classic Manicure');
    await user.click(manicure.getByRole('button', { name: 'Mark completed Classic Manicure on Sat, 1 Jun 2024, 11:00' }));
    const question = await screen.findByRole('dialog', { name: markQuestion('completed') });
    // Nothing is sent before she confirms.
    expect(fake.state.requests.filter((request) => request.startsWith('POST'))).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Yes, completed' }));

    await waitFor(() => expect(manicure.getByText('Completed')).toBeInTheDocument());
    expect(manicure.queryByRole('button', { name: /^Mark completed/ })).not.toBeInTheDocument();
    expect(fake.state.requests).toContain('POST /api/bookings/b0000000-0000-4000-8000-000000000002/complete');
    expect(fake.state.bookings[1]?.status).toBe('completed');
  });

  it('leaves the visit as it was when she answers Not yet', async () => {
    const fake = salonWithBookings();
    const { user } = renderApp('/dashboard/orderlist');
    await user.click((await rowOf('Classic Manicure')).getByRole('button', { name: 'No-show Classic Manicure on Sat, 1 Jun 2024, 11:00' }));
    await user.click(within(await screen.findByRole('dialog', { name: markQuestion('a no-show') })).getByRole('button', { name: 'Not yet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.state.requests.filter((request) => request.startsWith('POST'))).toEqual([]);
    expect(fake.state.bookings[1]?.status).toBe('confirmed');
  });

  it("offers Undo after a mark, which puts the visit back to confirmed with its buttons", async () => {
    const fake = salonWithBookings();
    const { user } = renderApp('/dashboard/orderlist');

    const manicure = await rowOf('Classic Manicure');
    await user.click(manicure.getByRole('button', { name: 'Mark completed Classic Manicure on Sat, 1 Jun 2024, 11:00' }));
    await user.click(within(await screen.findByRole('dialog', { name: markQuestion('completed') })).getByRole('button', { name: 'Yes, completed' }));
    expect(await screen.findByText('Classic Manicure marked completed')).toBeInTheDocument();
    // The toast's Undo takes focus: Enter or Space takes the mark back at once.
    const undo = screen.getByRole('button', { name: 'Undo' });
    await waitFor(() => expect(undo).toHaveFocus());
    await waitFor(() => expect(manicure.getByText('Completed')).toBeInTheDocument());
    await user.keyboard('{Enter}');

    await waitFor(() => expect(fake.state.requests).toContain('POST /api/bookings/b0000000-0000-4000-8000-000000000002/reopen'));
    await waitFor(() => expect(manicure.getByText('Confirmed')).toBeInTheDocument());
    expect(fake.state.bookings[1]?.status).toBe('confirmed');
    expect(await screen.findByText('Classic Manicure is confirmed again')).toBeInTheDocument();
    expect(manicure.getByRole('button', { name: 'Mark completed Classic Manicure on Sat, 1 Jun 2024, 11:00' })).toBeInTheDocument();
  });

  it("shows the server's refusal to undo in an error dialog", async () => {
    salonWithBookings();
    server.use(http.post('/api/bookings/:id/reopen', () => apiErrorResponse(409, 'A visit can be reopened up to 24 hours after it was marked a no-show.')));
    const { user } = renderApp('/dashboard/orderlist');
    await user.click((await rowOf('Classic Manicure')).getByRole('button', { name: 'No-show Classic Manicure on Sat, 1 Jun 2024, 11:00' }));
    await user.click(within(await screen.findByRole('dialog', { name: markQuestion('a no-show') })).getByRole('button', { name: 'Yes, a no-show' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    const refusal = await screen.findByRole('dialog', { name: 'The mark was not undone' });
    expect(within(refusal).getByText('A visit can be reopened up to 24 hours after it was marked a no-show.')).toBeInTheDocument();
  });

  it('cancels a booking after asking (naming the treatment, the time and the refund), refunds it, and shows it cancelled', async () => {
    const fake = salonWithBookings();
    const { user } = renderApp('/dashboard/orderlist');

    await user.click((await rowOf('Keratin Treatment')).getByRole('button', { name: 'Cancel Keratin Treatment on Sat, 9 Mar 2030, 10:30' }));
    const question = await screen.findByRole('dialog', { name: 'Cancel Keratin Treatment on Sat 9 Mar 10:30?' });
    expect(within(question).getByText('৳8,999.50 will be refunded to the card she paid with.')).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Yes, cancel it' }));

    const done = await screen.findByRole('dialog', { name: 'Appointment cancelled' });
    expect(within(done).getByText("Mitu Customer's refund is on its way.")).toBeInTheDocument();
    await user.click(within(done).getByRole('button', { name: 'OK' }));

    const keratin = await rowOf('Keratin Treatment');
    await waitFor(() => expect(keratin.getByText('Cancelled')).toBeInTheDocument());
    expect(keratin.getByText('৳8,999.50 refunded')).toBeInTheDocument();
    expect(fake.state.payments[0]?.status).toBe('refunded');
    // Its own buttons are gone: focus moves to the next booking that has one, not to <body>.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Mark completed Classic Manicure on Sat, 1 Jun 2024, 11:00' })[0]).toHaveFocus());
  });

  it('marks a begun visit a no-show: its status says so, its buttons go, and Undo is offered', async () => {
    const fake = salonWithBookings();
    const { user } = renderApp('/dashboard/orderlist');

    const manicure = await rowOf('Classic Manicure');
    // Neither button is offered for a visit still to come.
    expect((await rowOf('Keratin Treatment')).queryByRole('button', { name: /^No-show/ })).not.toBeInTheDocument();
    const noShow = manicure.getByRole('button', { name: 'No-show Classic Manicure on Sat, 1 Jun 2024, 11:00' });
    expect(noShow).toHaveAccessibleDescription(rima.name);
    await user.click(noShow);
    await user.click(within(await screen.findByRole('dialog', { name: markQuestion('a no-show') })).getByRole('button', { name: 'Yes, a no-show' }));

    expect(await screen.findByText('Classic Manicure marked a no-show')).toBeInTheDocument();
    await waitFor(() => expect(manicure.getByText('No-show')).toBeInTheDocument());
    expect(manicure.queryByRole('button')).not.toBeInTheDocument();
    expect(fake.state.requests).toContain('POST /api/bookings/b0000000-0000-4000-8000-000000000002/no-show');
    expect(fake.state.bookings[1]?.status).toBe('no-show');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus());
  });

  it('offers No-show among the statuses to filter by', async () => {
    const fake = salonWithBookings();
    const { user } = renderApp('/dashboard/orderlist');
    await rowOf('Keratin Treatment');
    const status = within(screen.getByRole('search', { name: 'Filter bookings' })).getByLabelText('Status');
    expect(within(status).getAllByRole('option').map((option) => option.textContent)).toContain('No-show');
    await user.selectOptions(status, 'No-show');
    expect(await screen.findByText('No bookings match these filters')).toBeInTheDocument();
    expect(fake.state.requests).toContain('GET /api/bookings?status=no-show&when=all');
  });

  it("shows the server's refusal to complete in an error dialog", async () => {
    salonWithBookings();
    server.use(http.post('/api/bookings/:id/complete', () => apiErrorResponse(409, 'Only a confirmed booking that has started can be marked completed.')));
    const { user } = renderApp('/dashboard/orderlist');
    await user.click((await rowOf('Classic Manicure')).getByRole('button', { name: 'Mark completed Classic Manicure on Sat, 1 Jun 2024, 11:00' }));
    await user.click(within(await screen.findByRole('dialog', { name: markQuestion('completed') })).getByRole('button', { name: 'Yes, completed' }));
    const refusal = await screen.findByRole('dialog', { name: 'The appointment was not marked completed' });
    expect(within(refusal).getByText('Only a confirmed booking that has started can be marked completed.')).toBeInTheDocument();
  });

  it('filters by status and dates through the URL', async () => {
    const fake = salonWithBookings();
    const { user, router } = renderApp('/dashboard/orderlist');
    await rowOf('Keratin Treatment');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/bookings?when=all&format=csv');

    const filters = within(screen.getByRole('search', { name: 'Filter bookings' }));
    await user.selectOptions(filters.getByLabelText('Status'), 'Cancelled');
    await waitFor(() => expect(router.state.location.search).toBe('?status=cancelled'));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Bookings' }).querySelectorAll('tbody tr')).toHaveLength(1));
    expect(fake.state.requests).toContain('GET /api/bookings?status=cancelled&when=all');

    await user.type(filters.getByLabelText('From'), '2030-03-01');
    expect(await screen.findByText('No bookings match these filters')).toBeInTheDocument();
    expect(fake.state.requests).toContain('GET /api/bookings?from=2030-03-01&status=cancelled&when=all');
    // The download is the same list: the filters on screen, as a CSV file.
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/bookings?from=2030-03-01&status=cancelled&when=all&format=csv');
  });

  /** Friday 1 March 2030, 12:00 in Dhaka: the keratin treatment on the 9th is bookable days ahead. Only Date is faked. */
  describe('moving a booking', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2030-03-01T06:00:00.000Z'));
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    /** jsdom matches no media query, so the open picker goes into the cards (the layout below xl). */
    async function keratinCard() {
      const cards = await screen.findByRole('list', { name: 'Bookings' });
      const card = within(cards).getByText('Keratin Treatment').closest('li');
      if (!card) throw new Error('no card for Keratin Treatment');
      return within(card);
    }

    it("opens the booking list's time picker for the customer's booking and moves it to the time the salon picks", async () => {
      const fake = salonWithBookings();
      const asked = saturdayFreeTimes();
      const { user } = renderApp('/dashboard/orderlist');

      // Both layouts offer Move, named for the booking and described by the customer.
      const inTable = (await rowOf('Keratin Treatment')).getByRole('button', { name: 'Move Keratin Treatment on Sat, 9 Mar 2030, 10:30' });
      expect(inTable).toHaveAccessibleDescription('Mitu Customer');
      const move = (await keratinCard()).getByRole('button', { name: 'Move Keratin Treatment on Sat, 9 Mar 2030, 10:30' });
      expect(move).toHaveAttribute('aria-expanded', 'false');
      await user.click(move);
      expect(move).toHaveAttribute('aria-expanded', 'true');

      const picker = within(await (await keratinCard()).findByRole('region', { name: 'Choose a time for Keratin Treatment' }));
      expect(move).toHaveAttribute('aria-controls', picker.getByLabelText('Date').closest('section')?.parentElement?.id);
      expect(picker.getByLabelText('Date')).toHaveFocus();
      expect(picker.getByLabelText('Date')).toHaveValue('2030-03-09');
      expect(picker.getByText(/The appointment moves as soon as you pick a new time, and Mitu Customer gets an e-mail with it/)).toBeInTheDocument();
      // One picker on the page: the table's row (hidden at this width) does not draw a second.
      expect(screen.getAllByRole('region', { name: 'Choose a time for Keratin Treatment' })).toHaveLength(1);
      const times = within(await picker.findByRole('radiogroup', { name: 'Free times on Sat, 9 Mar 2030' }));
      expect(times.getByRole('radio', { name: '10:30' })).toHaveAttribute('aria-checked', 'true');
      const keratinId = bookingRecord(1)._id;
      expect(asked).toEqual([`?serviceId=${bookingRecord(1).serviceId}&date=2030-03-09&bookingId=${keratinId}`]);

      await user.click(times.getByRole('radio', { name: '14:00' }));
      const question = await screen.findByRole('dialog', { name: 'Move Keratin Treatment to Sat 9 Mar 14:00?' });
      expect(within(question).getByText('Mitu Customer gets an e-mail with the new time.')).toBeInTheDocument();
      await user.click(within(question).getByRole('button', { name: 'Yes, move it' }));
      const done = await screen.findByRole('dialog', { name: 'Appointment moved' });
      expect(within(done).getByText('Keratin Treatment is now on Sat, 9 Mar 2030, 14:00.')).toBeInTheDocument();
      expect(fake.state.requests).toContain(`PATCH /api/bookings/${keratinId}`);
      expect(fake.state.bookings[0]?.startsAt).toBe('2030-03-09T08:00:00.000Z');
      await user.click(within(done).getByRole('button', { name: 'OK' }));

      expect(screen.queryByRole('region', { name: 'Choose a time for Keratin Treatment' })).not.toBeInTheDocument();
      await waitFor(() => expect((within(screen.getByRole('table', { name: 'Bookings' })).getByText('Sat, 9 Mar 2030, 14:00'))).toBeInTheDocument());
    });

    it('shows the refusal in the picker when the time was taken meanwhile, and leaves the booking where it was', async () => {
      const fake = salonWithBookings();
      fake.state.taken.add('2030-03-09T08:00:00.000Z');
      saturdayFreeTimes();
      const { user } = renderApp('/dashboard/orderlist');

      await user.click((await keratinCard()).getByRole('button', { name: 'Move Keratin Treatment on Sat, 9 Mar 2030, 10:30' }));
      const picker = within(await screen.findByRole('region', { name: 'Choose a time for Keratin Treatment' }));
      await user.click(within(await picker.findByRole('radiogroup', { name: 'Free times on Sat, 9 Mar 2030' })).getByRole('radio', { name: '14:00' }));
      await user.click(within(await screen.findByRole('dialog', { name: 'Move Keratin Treatment to Sat 9 Mar 14:00?' })).getByRole('button', { name: 'Yes, move it' }));
      expect(await picker.findByRole('alert')).toHaveTextContent('That time is no longer available');
      expect(screen.queryByRole('dialog', { name: 'Appointment moved' })).not.toBeInTheDocument();
      expect(fake.state.bookings[0]?.startsAt).toBe(SAT_9_MAR_2030_10_30);
      expect((await rowOf('Keratin Treatment')).getByText('Sat, 9 Mar 2030, 10:30')).toBeInTheDocument();
    });

    it('moves a visit with a stylist to another who does the service: her times, the name in the question, staffId sent', async () => {
      const fake = fakePayments({
        session: { user: adminUser },
        payments: [paymentRecord(1, { amount: 2500 })],
        bookings: [bookingRecord(1, { serviceId: facial._id, title: 'Signature Facial', staffId: mim._id, staffName: mim.name })],
      });
      server.use(...accountSession(adminUser).handlers, ...fake.handlers, staffHandler([mim, rumana]));
      const asked = saturdayFreeTimes();
      const { user } = renderApp('/dashboard/orderlist');

      const cards = await screen.findByRole('list', { name: 'Bookings' });
      const card = within(within(cards).getByText('Signature Facial').closest('li')!);
      await user.click(card.getByRole('button', { name: /^Move Signature Facial/ }));
      const picker = within(await screen.findByRole('region', { name: 'Choose a time for Signature Facial' }));
      // A booked visit has a person: hers, kept unless another is picked; no 'Any stylist'.
      const group = within(await picker.findByRole('group', { name: 'Stylist' }));
      expect(group.getAllByRole('radio')).toHaveLength(2);
      expect(group.queryByRole('radio', { name: 'Any stylist' })).not.toBeInTheDocument();
      expect(group.getByRole('radio', { name: 'Mim Chowdhury' })).toBeChecked();
      await user.click(group.getByRole('radio', { name: 'Rumana Akter' }));
      await picker.getByLabelText('Date').focus();
      const times = within(await picker.findByRole('radiogroup', { name: 'Free times on Sat, 9 Mar 2030' }));
      await waitFor(() => expect(asked.at(-1)).toContain(`staffId=${rumana._id}`));
      await user.click(times.getByRole('radio', { name: '14:00' }));
      const question = await screen.findByRole('dialog', { name: 'Move Signature Facial to Sat 9 Mar 14:00 with Rumana Akter?' });
      await user.click(within(question).getByRole('button', { name: 'Yes, move it' }));
      const done = await screen.findByRole('dialog', { name: 'Appointment moved' });
      expect(within(done).getByText('Signature Facial is now on Sat, 9 Mar 2030, 14:00 with Rumana Akter.')).toBeInTheDocument();
      expect(fake.state.bookings[0]).toMatchObject({ staffId: rumana._id, staffName: 'Rumana Akter', startsAt: '2030-03-09T08:00:00.000Z' });
    });

    it('closes the picker with Escape, gives focus back to Move, and offers no Move for a cancelled booking', async () => {
      const fake = salonWithBookings();
      saturdayFreeTimes();
      const { user } = renderApp('/dashboard/orderlist');
      const move = (await keratinCard()).getByRole('button', { name: 'Move Keratin Treatment on Sat, 9 Mar 2030, 10:30' });
      await user.click(move);
      await screen.findByRole('region', { name: 'Choose a time for Keratin Treatment' });
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('region', { name: 'Choose a time for Keratin Treatment' })).not.toBeInTheDocument();
      expect(move).toHaveFocus();
      expect(move).toHaveAttribute('aria-expanded', 'false');
      expect(fake.state.requests.filter((request) => request.startsWith('PATCH'))).toEqual([]);
      expect((await rowOf('Signature Facial')).queryByRole('button', { name: /^Move/ })).not.toBeInTheDocument();
    });
  });
});
