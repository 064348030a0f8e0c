import { http } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customerUser } from '@/test/fixtures';
import { accountSession, apiErrorResponse } from '@/test/handlers';
import { bookingRecord, fakePayments, saturdayFreeTimes, paymentRecord, SAT_9_MAR_2030_10_30 } from '@/test/payment-handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const NILA_ID = 'd0000000-0000-4000-8000-000000000001';

/** Two visits to come (one of them tomorrow-ish, inside the notice), one cancelled and one long past. */
function customerWithBookings() {
  const soon = new Date(Date.now() + 3 * 60 * 60_000).toISOString();
  const fake = fakePayments({
    session: { user: customerUser },
    bookings: [
      bookingRecord(1, { startsAt: SAT_9_MAR_2030_10_30, staffId: NILA_ID, staffName: 'Nila Akter' }),
      bookingRecord(2, { title: 'Signature Facial', price: 3500, duration: 60, startsAt: soon, endsAt: new Date(Date.parse(soon) + 3_600_000).toISOString() }),
      bookingRecord(3, { title: 'Classic Manicure', startsAt: '2024-06-01T05:00:00.000Z', endsAt: '2024-06-01T05:45:00.000Z', status: 'completed' }),
      // Cancelled, though its time is still ahead: not an appointment any more.
      bookingRecord(4, { title: 'Gel Nail Extensions', startsAt: SAT_9_MAR_2030_10_30, status: 'cancelled', refunded: 2500 }),
    ],
    payments: [
      paymentRecord(1, { amount: 8999.5, services: [{ bookingId: bookingRecord(1)._id, title: 'Keratin Treatment', price: 8999.5, startsAt: SAT_9_MAR_2030_10_30, status: 'confirmed', staffName: 'Nila Akter' }] }),
      paymentRecord(2, { amount: 3500, createdAt: '2030-01-20T06:00:00.000Z', paidAt: '2030-01-20T06:00:00.000Z', services: [{ bookingId: bookingRecord(2)._id, title: 'Signature Facial', price: 3500, startsAt: SAT_9_MAR_2030_10_30, status: 'confirmed', staffName: null }] }),
    ],
  });
  server.use(...accountSession(customerUser).handlers, ...fake.handlers);
  return fake;
}

async function appointment(title: string) {
  const list = await screen.findByRole('list', { name: 'Your upcoming appointments' });
  const item = within(list).getByText(title).closest('li');
  if (!item) throw new Error(`no appointment ${title}`);
  return within(item);
}

describe('/dashboard/userhome', () => {
  it('keeps the welcome and shortcuts, and lists her upcoming appointments in the salon’s zone', async () => {
    customerWithBookings();
    renderApp('/dashboard/userhome');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Mitu Customer' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Your salon' })).toBeInTheDocument();

    const list = await screen.findByRole('list', { name: 'Your upcoming appointments' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).queryByText('Classic Manicure')).not.toBeInTheDocument();
    expect(within(list).queryByText('Gel Nail Extensions')).not.toBeInTheDocument();
    const keratin = await appointment('Keratin Treatment');
    expect(keratin.getByText('Sat, 9 Mar 2030, 10:30')).toBeInTheDocument();
    expect(keratin.getByText('Confirmed')).toBeInTheDocument();
    expect(keratin.getByRole('button', { name: 'Cancel Keratin Treatment on Sat, 9 Mar 2030, 10:30' })).toHaveAccessibleDescription('Keratin Treatment');
    // Inside the 24-hour notice: no way to cancel, and the rule is said.
    expect((await appointment('Signature Facial')).queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument();
    expect(screen.getByText(/can be cancelled up to 24 hours before they start/)).toBeInTheDocument();
  });

  it("shows a list booked to pay at the salon among her recent payments as 'Pay at the salon', 'Booked', not ৳0 paid", async () => {
    const fake = fakePayments({
      session: { user: customerUser },
      payments: [
        paymentRecord(7, {
          amount: 0,
          gateway: 'salon',
          gatewayRef: 'salon_7',
          method: null,
          services: [{ bookingId: bookingRecord(7)._id, title: 'Classic Haircut', price: 1200, online: 0, plan: 'at-salon', startsAt: SAT_9_MAR_2030_10_30, status: 'confirmed', staffName: null }],
        }),
      ],
    });
    server.use(...accountSession(customerUser).handlers, ...fake.handlers);
    renderApp('/dashboard/userhome');

    const payments = within(await screen.findByRole('list', { name: 'Your last payments' }));
    const item = payments.getByText('Classic Haircut').closest('li')!;
    expect(within(item).getByText('Pay at the salon')).toBeInTheDocument();
    expect(within(item).getByText('Booked')).toBeInTheDocument();
    expect(item.textContent).not.toMatch(/৳0|Paid/);
  });

  it('names the stylist of each visit, to come and paid for, and nobody where the visit had none', async () => {
    customerWithBookings();
    renderApp('/dashboard/userhome');

    const keratin = await appointment('Keratin Treatment');
    expect(keratin.getByText('with Nila Akter')).toBeInTheDocument();
    const facial = await appointment('Signature Facial');
    expect(facial.queryByText(/^with /)).not.toBeInTheDocument();
    expect(facial.getByText('60 min').parentElement!.textContent).not.toMatch(/with|null/);

    const payments = within(await screen.findByRole('list', { name: 'Your last payments' }));
    expect(payments.getByText('Keratin Treatment with Nila Akter')).toBeInTheDocument();
    expect(payments.getByText('Signature Facial')).toBeInTheDocument();
  });

  it('cancels through the dialog, says the refund is coming, and takes the visit off her upcoming appointments', async () => {
    const fake = customerWithBookings();
    const { user } = renderApp('/dashboard/userhome');

    await user.click((await appointment('Keratin Treatment')).getByRole('button', { name: 'Cancel Keratin Treatment on Sat, 9 Mar 2030, 10:30' }));
    // The question names the visit and the refund.
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Keratin Treatment on Sat 9 Mar 10:30?' });
    expect(within(dialog).getByText('৳8,999.50 will be refunded to the card you paid with.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));

    const done = await screen.findByRole('dialog', { name: 'Appointment cancelled' });
    expect(within(done).getByText('Your refund is on its way.')).toBeInTheDocument();
    expect(fake.state.requests).toContain('POST /api/bookings/b0000000-0000-4000-8000-000000000001/cancel');
    await user.click(within(done).getByRole('button', { name: 'OK' }));

    const list = within(await screen.findByRole('list', { name: 'Your upcoming appointments' }));
    await waitFor(() => expect(list.queryByText('Keratin Treatment')).not.toBeInTheDocument());
    expect(list.getByText('Signature Facial')).toBeInTheDocument();
    // Her cancelled visit and its buttons are gone: focus goes to what the visit before it offers
    // (inside the notice, only its calendar file), not to <body>.
    await waitFor(() => expect(list.getByRole('link', { name: /^Calendar file for Signature Facial on / })).toHaveFocus());
    // Its payment is refunded, and the payments list says so.
    const payments = within(screen.getByRole('list', { name: 'Your last payments' }));
    await waitFor(() => expect(payments.getByText('Refunded')).toBeInTheDocument());
  });

  it('keeps the appointment when she changes her mind', async () => {
    const fake = customerWithBookings();
    const { user } = renderApp('/dashboard/userhome');
    await user.click((await appointment('Keratin Treatment')).getByRole('button', { name: 'Cancel Keratin Treatment on Sat, 9 Mar 2030, 10:30' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel Keratin Treatment on Sat 9 Mar 10:30?' })).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.state.requests.filter((request) => request.includes('/cancel'))).toEqual([]);
  });

  it("shows the server's refusal (409) in an error dialog", async () => {
    customerWithBookings();
    server.use(http.post('/api/bookings/:id/cancel', () => apiErrorResponse(409, 'Bookings can be cancelled up to 24 hours before they start.')));
    const { user } = renderApp('/dashboard/userhome');
    await user.click((await appointment('Keratin Treatment')).getByRole('button', { name: 'Cancel Keratin Treatment on Sat, 9 Mar 2030, 10:30' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel Keratin Treatment on Sat 9 Mar 10:30?' })).getByRole('button', { name: 'Yes, cancel it' }));

    const refusal = await screen.findByRole('dialog', { name: 'The appointment was not cancelled' });
    expect(within(refusal).getByText('Bookings can be cancelled up to 24 hours before they start.')).toBeInTheDocument();
  });

  it('shows her recent payments, newest first, with the way to all of them', async () => {
    customerWithBookings();
    renderApp('/dashboard/userhome');
    const payments = await screen.findByRole('list', { name: 'Your last payments' });
    const rows = within(payments).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('Signature Facial'), expect.stringContaining('Keratin Treatment')]);
    expect(within(rows[1]!).getByText('৳8,999.50')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Paid')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Recent payments' })).getByRole('link', { name: 'Payment History' })).toHaveAttribute(
      'href',
      '/dashboard/paymentHistory',
    );
  });

  it('says so when she has nothing booked or paid yet', async () => {
    const fake = fakePayments({ session: { user: customerUser } });
    server.use(...accountSession(customerUser).handlers, ...fake.handlers);
    renderApp('/dashboard/userhome');
    expect(await screen.findByText('No upcoming appointments.')).toBeInTheDocument();
    expect(await screen.findByText('No payments yet.')).toBeInTheDocument();
    expect(fake.state.requests).toContain('GET /api/bookings?when=upcoming');
  });
});

/**
 * Moving a visit. Friday 1 March 2030, 12:00 in Dhaka: her keratin treatment on Saturday the 9th
 * is days ahead (movable), her facial three hours ahead is inside the 24-hour notice. Only Date is
 * faked; timers stay real for React, msw and SweetAlert2.
 */
describe('/dashboard/userhome: moving an appointment', () => {
  const NOW = new Date('2030-03-01T06:00:00.000Z');
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function openMove(user: ReturnType<typeof renderApp>['user']) {
    const move = (await appointment('Keratin Treatment')).getByRole('button', { name: 'Move Keratin Treatment on Sat, 9 Mar 2030, 10:30' });
    expect(move).toHaveAttribute('aria-expanded', 'false');
    await user.click(move);
    expect(move).toHaveAttribute('aria-expanded', 'true');
    return { move, picker: within(await screen.findByRole('region', { name: 'Choose a time for Keratin Treatment' })) };
  }

  it("opens the booking list's time picker on her day, with her own place free, and moves her visit to the time she picks", async () => {
    const fake = customerWithBookings();
    const asked = saturdayFreeTimes();
    const { user } = renderApp('/dashboard/userhome');

    const { picker } = await openMove(user);
    expect(picker.getByLabelText('Date')).toHaveFocus();
    expect(picker.getByLabelText('Date')).toHaveValue('2030-03-09');
    expect(picker.getByText(/Your appointment moves as soon as you pick a new time/)).toBeInTheDocument();
    const times = within(await picker.findByRole('radiogroup', { name: 'Free times on Sat, 9 Mar 2030' }));
    // Her current time is offered and shown as chosen.
    expect(times.getByRole('radio', { name: '10:30' })).toHaveAttribute('aria-checked', 'true');
    const keratinId = bookingRecord(1)._id;
    const serviceId = bookingRecord(1).serviceId;
    expect(asked).toEqual([`?serviceId=${serviceId}&date=2030-03-09&bookingId=${keratinId}`]);

    await user.click(times.getByRole('radio', { name: '14:00' }));
    // One tap on a time only asks; nothing moves until she confirms.
    const question = await screen.findByRole('dialog', { name: 'Move Keratin Treatment to Sat 9 Mar 14:00?' });
    expect(fake.state.requests).not.toContain(`PATCH /api/bookings/${keratinId}`);
    await user.click(within(question).getByRole('button', { name: 'Yes, move it' }));
    const done = await screen.findByRole('dialog', { name: 'Appointment moved' });
    expect(within(done).getByText('Keratin Treatment is now on Sat, 9 Mar 2030, 14:00.')).toBeInTheDocument();
    expect(fake.state.requests).toContain(`PATCH /api/bookings/${keratinId}`);
    expect(screen.queryByRole('region', { name: 'Choose a time for Keratin Treatment' })).not.toBeInTheDocument();
    await user.click(within(done).getByRole('button', { name: 'OK' }));

    // She sees the new time, and focus is back on her visit's first action.
    const keratin = await appointment('Keratin Treatment');
    await waitFor(() => expect(keratin.getByText('Sat, 9 Mar 2030, 14:00')).toBeInTheDocument());
    await waitFor(() => expect(keratin.getByRole('button', { name: 'Move Keratin Treatment on Sat, 9 Mar 2030, 14:00' })).toHaveFocus());
  });

  it('shows the refusal in the picker when someone took the time meanwhile, and keeps her visit where it was', async () => {
    const fake = customerWithBookings();
    fake.state.taken.add('2030-03-09T08:00:00.000Z');
    saturdayFreeTimes();
    const { user } = renderApp('/dashboard/userhome');

    const { picker } = await openMove(user);
    await user.click(within(await picker.findByRole('radiogroup', { name: 'Free times on Sat, 9 Mar 2030' })).getByRole('radio', { name: '14:00' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Move Keratin Treatment to Sat 9 Mar 14:00?' })).getByRole('button', { name: 'Yes, move it' }));
    expect(await picker.findByRole('alert')).toHaveTextContent('That time is no longer available');
    expect(screen.queryByRole('dialog', { name: 'Appointment moved' })).not.toBeInTheDocument();
    expect((await appointment('Keratin Treatment')).getByText('Sat, 9 Mar 2030, 10:30')).toBeInTheDocument();
    expect(fake.state.bookings[0]?.startsAt).toBe(SAT_9_MAR_2030_10_30);
  });

  it('keeps her time and the picker open when she does not confirm the new time', async () => {
    const fake = customerWithBookings();
    saturdayFreeTimes();
    const { user } = renderApp('/dashboard/userhome');
    const { picker } = await openMove(user);
    await user.click(within(await picker.findByRole('radiogroup', { name: 'Free times on Sat, 9 Mar 2030' })).getByRole('radio', { name: '14:00' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Move Keratin Treatment to Sat 9 Mar 14:00?' })).getByRole('button', { name: 'Keep the time' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: 'Choose a time for Keratin Treatment' })).toBeInTheDocument();
    expect(fake.state.requests.filter((request) => request.startsWith('PATCH'))).toEqual([]);
    expect(fake.state.bookings[0]?.startsAt).toBe(SAT_9_MAR_2030_10_30);
  });

  it('closes the picker with Escape and gives focus back to Move, having changed nothing', async () => {
    const fake = customerWithBookings();
    saturdayFreeTimes();
    const { user } = renderApp('/dashboard/userhome');
    const { move } = await openMove(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Choose a time for Keratin Treatment' })).not.toBeInTheDocument();
    expect(move).toHaveFocus();
    expect(move).toHaveAttribute('aria-expanded', 'false');
    expect(fake.state.requests.filter((request) => request.startsWith('PATCH'))).toEqual([]);
  });

  it('offers no Move inside the notice, and a calendar file for every coming visit', async () => {
    customerWithBookings();
    renderApp('/dashboard/userhome');
    const facial = await appointment('Signature Facial');
    expect(facial.queryByRole('button', { name: /^Move/ })).not.toBeInTheDocument();
    expect(facial.getByRole('link', { name: /^Calendar file for Signature Facial on / })).toHaveAttribute('href', `/api/bookings/${bookingRecord(2)._id}/ics`);
    expect((await appointment('Keratin Treatment')).getByRole('link', { name: 'Calendar file for Keratin Treatment on Sat, 9 Mar 2030, 10:30' })).toHaveAttribute(
      'href',
      `/api/bookings/${bookingRecord(1)._id}/ics`,
    );
    expect(screen.getByText(/Until then you can also move one to another time/)).toBeInTheDocument();
  });
});
