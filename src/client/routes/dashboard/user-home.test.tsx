import { http } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerUser } from '../../test/fixtures';
import { accountSession, apiErrorResponse } from '../../test/handlers';
import { bookingRecord, fakePayments, paymentRecord, SAT_9_MAR_2030_10_30 } from '../../test/payment-handlers';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';

/** Two visits to come (one of them tomorrow-ish, inside the notice), one cancelled and one long past. */
function customerWithBookings() {
  const soon = new Date(Date.now() + 3 * 60 * 60_000).toISOString();
  const fake = fakePayments({
    session: { user: customerUser },
    bookings: [
      bookingRecord(1, { startsAt: SAT_9_MAR_2030_10_30 }),
      bookingRecord(2, { title: 'Signature Facial', price: 3500, duration: 60, startsAt: soon, endsAt: new Date(Date.parse(soon) + 3_600_000).toISOString() }),
      bookingRecord(3, { title: 'Classic Manicure', startsAt: '2024-06-01T05:00:00.000Z', endsAt: '2024-06-01T05:45:00.000Z', status: 'completed' }),
      // Cancelled, though its time is still ahead: not an appointment any more.
      bookingRecord(4, { title: 'Gel Nail Extensions', startsAt: SAT_9_MAR_2030_10_30, status: 'cancelled', refunded: 2500 }),
    ],
    payments: [
      paymentRecord(1, { amount: 8999.5, services: [{ bookingId: bookingRecord(1)._id, title: 'Keratin Treatment', price: 8999.5, startsAt: SAT_9_MAR_2030_10_30, status: 'confirmed' }] }),
      paymentRecord(2, { amount: 3500, createdAt: '2030-01-20T06:00:00.000Z', paidAt: '2030-01-20T06:00:00.000Z', services: [{ bookingId: bookingRecord(2)._id, title: 'Signature Facial', price: 3500, startsAt: SAT_9_MAR_2030_10_30, status: 'confirmed' }] }),
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
    expect(keratin.getByRole('button', { name: 'Cancel' })).toHaveAccessibleDescription('Keratin Treatment');
    // Inside the 24-hour notice: no way to cancel, and the rule is said.
    expect((await appointment('Signature Facial')).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.getByText(/can be cancelled up to 24 hours before they start/)).toBeInTheDocument();
  });

  it('cancels through the dialog, says the refund is coming, and takes the visit off her upcoming appointments', async () => {
    const fake = customerWithBookings();
    const { user } = renderApp('/dashboard/userhome');

    await user.click((await appointment('Keratin Treatment')).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this appointment?' });
    expect(within(dialog).getByText('The payment for it will be refunded.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));

    const done = await screen.findByRole('dialog', { name: 'Appointment cancelled' });
    expect(within(done).getByText('Your refund is on its way.')).toBeInTheDocument();
    expect(fake.state.requests).toContain('POST /api/bookings/b0000000-0000-4000-8000-000000000001/cancel');
    await user.click(within(done).getByRole('button', { name: 'OK' }));

    const list = within(await screen.findByRole('list', { name: 'Your upcoming appointments' }));
    await waitFor(() => expect(list.queryByText('Keratin Treatment')).not.toBeInTheDocument());
    expect(list.getByText('Signature Facial')).toBeInTheDocument();
    // Its payment is refunded, and the payments list says so.
    const payments = within(screen.getByRole('list', { name: 'Your last payments' }));
    await waitFor(() => expect(payments.getByText('Refunded')).toBeInTheDocument());
  });

  it('keeps the appointment when she changes her mind', async () => {
    const fake = customerWithBookings();
    const { user } = renderApp('/dashboard/userhome');
    await user.click((await appointment('Keratin Treatment')).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel this appointment?' })).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.state.requests.filter((request) => request.includes('/cancel'))).toEqual([]);
  });

  it("shows the server's refusal (409) in an error dialog", async () => {
    customerWithBookings();
    server.use(http.post('/api/bookings/:id/cancel', () => apiErrorResponse(409, 'Bookings can be cancelled up to 24 hours before they start.')));
    const { user } = renderApp('/dashboard/userhome');
    await user.click((await appointment('Keratin Treatment')).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel this appointment?' })).getByRole('button', { name: 'Yes, cancel it' }));

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
