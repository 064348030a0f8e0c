import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerUser } from '@/test/fixtures';
import { accountSession } from '@/test/handlers';
import { bookingRecord, fakePayments, paymentRecord, SAT_9_MAR_2030_10_30 } from '@/test/payment-handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const visit = (startsAt: string, minutes = 60) => ({ startsAt, endsAt: new Date(Date.parse(startsAt) + minutes * 60_000).toISOString() });

/**
 * Her visits under each plan: paid in full, a deposit (one far ahead, one inside the 24-hour
 * notice), nothing online, and a past visit whose rest she paid at the counter.
 */
function customerWithPlans() {
  const fake = fakePayments({
    session: { user: customerUser },
    bookings: [
      bookingRecord(1, { ...visit(SAT_9_MAR_2030_10_30), title: 'Keratin Treatment', price: 8999.5 }),
      bookingRecord(2, { ...visit('2030-03-10T04:00:00.000Z'), title: 'Bridal Makeup', price: 1200 }, { plan: 'deposit', online: 360 }),
      bookingRecord(3, { ...visit(inHours(3)), title: 'Signature Facial', price: 3500 }, { plan: 'deposit', online: 1050 }),
      bookingRecord(4, { ...visit('2030-03-11T04:00:00.000Z'), title: 'Classic Manicure', price: 1200 }, { plan: 'at-salon' }),
      bookingRecord(5, { ...visit('2024-06-01T05:00:00.000Z'), title: 'Hair Spa', price: 2000, status: 'completed' }, { plan: 'deposit', online: 600, atSalon: 1400 }),
    ],
    payments: [
      paymentRecord(2, { amount: 360, services: [{ bookingId: bookingRecord(2)._id, title: 'Bridal Makeup', price: 1200, online: 360, plan: 'deposit', startsAt: '2030-03-10T04:00:00.000Z', status: 'confirmed', staffName: null }] }),
      paymentRecord(3, { amount: 1050, services: [{ bookingId: bookingRecord(3)._id, title: 'Signature Facial', price: 3500, online: 1050, plan: 'deposit', startsAt: inHours(3), status: 'confirmed', staffName: null }] }),
    ],
  });
  server.use(...accountSession(customerUser).handlers, ...fake.handlers);
  return fake;
}

async function appointment(title: string) {
  const list = await screen.findByRole('list', { name: 'Your upcoming appointments' });
  const item = (await within(list).findByText(title)).closest('li');
  if (!item) throw new Error(`no appointment ${title}`);
  return within(item);
}

describe('/dashboard/userhome: what each visit costs her', () => {
  it('says under each visit what is paid and what is due at the salon', async () => {
    customerWithPlans();
    renderApp('/dashboard/userhome');

    expect((await appointment('Keratin Treatment')).getByText('Paid in full')).toBeInTheDocument();
    expect((await appointment('Bridal Makeup')).getByText('Deposit paid ৳360 · ৳840 due at the salon')).toBeInTheDocument();
    expect((await appointment('Classic Manicure')).getByText('Pay at the salon: ৳1,200')).toBeInTheDocument();
    // Under the list, what cancelling costs for the kinds of visit she has coming.
    expect(screen.getByText(/^Deposit: cancel up to 24 hours before your visit and your deposit is refunded; if you cancel later/)).toBeInTheDocument();
    expect(screen.getByText(/^Pay at the salon: nothing is charged online\./)).toBeInTheDocument();
    // Her deposit online and the rest at the counter: nothing left to pay.
    const past = within(await screen.findByRole('list', { name: 'Your past visits' }));
    expect(within(past.getByText('Hair Spa').closest('li')!).getByText('Paid in full')).toBeInTheDocument();
  });

  it('warns before a late cancellation that the salon keeps her deposit, and keeps it', async () => {
    const fake = customerWithPlans();
    const { user } = renderApp('/dashboard/userhome');

    // Inside the notice, a deposit-paid visit may still be cancelled: at the cost of the deposit.
    const facial = await appointment('Signature Facial');
    await user.click(facial.getByRole('button', { name: /^Cancel Signature Facial on / }));
    const question = await screen.findByRole('dialog', { name: /^Cancel Signature Facial on / });
    expect(within(question).getByText('Cancelling now keeps your deposit of ৳1,050.')).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Yes, cancel it' }));

    const done = await screen.findByRole('dialog', { name: 'Appointment cancelled' });
    expect(within(done).getByText('The salon keeps your deposit.')).toBeInTheDocument();
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    const cancelled = fake.state.bookings.find((booking) => booking.title === 'Signature Facial');
    expect(cancelled?.status).toBe('cancelled');
    expect(cancelled?.money).toMatchObject({ depositKept: 1050, due: 0 });
    expect(fake.state.payments.find((payment) => payment.amount === 1050)).toMatchObject({ status: 'succeeded', refunded: 0 });
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Your upcoming appointments' })).queryByText('Signature Facial')).not.toBeInTheDocument());
  });

  it('says a deposit comes back when she cancels in time, and it does', async () => {
    const fake = customerWithPlans();
    const { user } = renderApp('/dashboard/userhome');

    await user.click((await appointment('Bridal Makeup')).getByRole('button', { name: /^Cancel Bridal Makeup on / }));
    const question = await screen.findByRole('dialog', { name: /^Cancel Bridal Makeup on / });
    expect(within(question).getByText('Your deposit of ৳360 will be refunded to the card you paid with.')).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Yes, cancel it' }));

    expect(within(await screen.findByRole('dialog', { name: 'Appointment cancelled' })).getByText('Your refund is on its way.')).toBeInTheDocument();
    expect(fake.state.bookings.find((booking) => booking.title === 'Bridal Makeup')).toMatchObject({ status: 'cancelled', refunded: 360, money: { depositKept: 0 } });
    expect(fake.state.payments.find((payment) => payment.amount === 360)).toMatchObject({ status: 'refunded', refunded: 360 });
  });

  it('tells her a visit to be paid at the salon costs nothing to cancel', async () => {
    customerWithPlans();
    const { user } = renderApp('/dashboard/userhome');

    await user.click((await appointment('Classic Manicure')).getByRole('button', { name: /^Cancel Classic Manicure on / }));
    const question = await screen.findByRole('dialog', { name: /^Cancel Classic Manicure on / });
    expect(within(question).getByText('Nothing was paid online, so nothing is charged.')).toBeInTheDocument();
  });
});
