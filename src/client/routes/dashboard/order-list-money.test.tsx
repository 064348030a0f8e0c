import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { users } from '@/test/fixtures';
import { bookingRecord } from '@/test/payment-handlers';
import { renderApp } from '@/test/render';
import { adminWithBookings, atNoonOnSaturday, bookingCard as card, todaysAppointment, visitToday } from '@/test/salon-day';
import { server } from '@/test/server';
import { mim, staffHandler } from '@/test/staff-handlers';
import { adminSummaryHandler } from '@/test/admin-summary-handlers';

const rima = users[2]!;
// Saturday 2 March 2030, 12:00 in Dhaka (UTC+6).
atNoonOnSaturday();
const BRIDAL_ID = 'b0000000-0000-4000-8000-000000000001';

/** A deposit-paid visit to come (৳840 due), one paid in full, a deposit kept after a late cancellation, one to be paid at the salon. */
function salon() {
  return adminWithBookings(
    [
      bookingRecord(1, { ...visitToday('14:00'), title: 'Bridal Makeup', price: 1200, staffId: mim._id, staffName: mim.name }, { plan: 'deposit', online: 360 }),
      bookingRecord(2, { ...visitToday('10:00'), title: 'Keratin Treatment', price: 8999.5, customer: { name: rima.name, email: rima.email, phone: null } }),
      bookingRecord(3, { ...visitToday('16:00'), title: 'Hair Spa', price: 2000, status: 'cancelled' }, { plan: 'deposit', online: 600 }),
      bookingRecord(4, { ...visitToday('17:00'), title: 'Classic Manicure', price: 1200, customer: { name: rima.name, email: rima.email, phone: null } }, { plan: 'at-salon' }),
    ],
    staffHandler(),
  );
}

const bridal = 'Bridal Makeup on Sat, 2 Mar 2030, 14:00';

describe('/dashboard/orderlist: money at the counter', () => {
  it('says where each booking’s money stands, and offers Record payment only where money is due', async () => {
    salon();
    renderApp('/dashboard/orderlist');

    const table = within(await screen.findByRole('table', { name: 'Bookings' }));
    const row = (title: string) => within(table.getByText(title, { selector: 'td' }).closest('tr')!);
    expect(row('Bridal Makeup').getByText('৳360')).toBeInTheDocument();
    expect(row('Bridal Makeup').getByText('Deposit paid ৳360 · ৳840 due at the salon')).toBeInTheDocument();
    expect(row('Keratin Treatment').getByText('Paid in full')).toBeInTheDocument();
    expect(row('Hair Spa').getByText('Deposit kept: ৳600')).toBeInTheDocument();
    expect(row('Classic Manicure').getByText('Pay at the salon: ৳1,200')).toBeInTheDocument();

    expect((await card('Bridal Makeup')).getByRole('button', { name: `Record payment for ${bridal}` })).toHaveAttribute('aria-expanded', 'false');
    expect((await card('Classic Manicure')).getByRole('button', { name: /^Record payment for Classic Manicure/ })).toBeInTheDocument();
    expect((await card('Keratin Treatment')).queryByRole('button', { name: /^Record payment/ })).not.toBeInTheDocument();
    expect((await card('Hair Spa')).queryByRole('button', { name: /^Record payment/ })).not.toBeInTheDocument();
  });

  it('records part by card, then the rest in cash: the figures follow, a toast says so, and focus stays on the booking', async () => {
    const fake = salon();
    const { user } = renderApp('/dashboard/orderlist');

    const open = (await card('Bridal Makeup')).getByRole('button', { name: `Record payment for ${bridal}` });
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const form = within(await screen.findByRole('form', { name: 'Record a payment for Bridal Makeup' }));
    // One sentence on the screen (her name is marked as not for translation, so it is an element of its own).
    expect(form.getByText((_, element) => element?.tagName === 'P' && element.textContent === 'Mitu Customer owes ৳840 at the salon.')).toBeInTheDocument();
    // Prefilled with what is due, and focused: she types over it or presses Enter.
    const amount = form.getByRole('spinbutton', { name: 'Amount (৳)' });
    expect(amount).toHaveValue(840);
    expect(amount).toHaveFocus();
    expect(form.getByRole('radio', { name: 'Cash' })).toBeChecked();

    await user.clear(amount);
    await user.type(amount, '500');
    await user.click(form.getByRole('radio', { name: 'Card' }));
    await user.click(form.getByRole('button', { name: 'Record' }));

    expect(await screen.findByText('৳500 by Card recorded for Mitu Customer')).toBeInTheDocument();
    const bridalCard = await card('Bridal Makeup');
    expect(await bridalCard.findByText('Paid ৳860 · ৳340 due at the salon')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Record a payment for Bridal Makeup' })).not.toBeInTheDocument();
    await waitFor(() => expect(bridalCard.getByRole('button', { name: `Record payment for ${bridal}` })).toHaveFocus());

    // The rest, in cash, from the keyboard: Enter on the button, Enter in the amount.
    await user.keyboard('{Enter}');
    const again = within(await screen.findByRole('form', { name: 'Record a payment for Bridal Makeup' }));
    expect(again.getByRole('spinbutton', { name: 'Amount (৳)' })).toHaveValue(340);
    await user.keyboard('{Enter}');

    expect(await bridalCard.findByText('Paid in full')).toBeInTheDocument();
    expect(bridalCard.queryByRole('button', { name: /^Record payment/ })).not.toBeInTheDocument();
    // 'Record payment' is gone: focus goes to the booking's next action, not to <body>.
    // (jsdom lays nothing out, so the table's copy of the row counts as shown too.)
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(`Move ${bridal}`));
    expect(fake.state.bookings[0]?.money).toMatchObject({
      paidOnline: 360,
      paidAtSalon: 840,
      due: 0,
      counterPayments: [expect.objectContaining({ amount: 500, method: 'card' }), expect.objectContaining({ amount: 340, method: 'cash' })],
    });
  });

  it('cancelling a visit paid at the counter says to give the money back there, and the booking then shows it given back', async () => {
    const fake = adminWithBookings([bookingRecord(1, { ...visitToday('17:00'), title: 'Classic Manicure', price: 1200 }, { plan: 'at-salon', atSalon: 1200 })], staffHandler());
    const { user } = renderApp('/dashboard/orderlist');

    await user.click((await card('Classic Manicure')).getByRole('button', { name: /^Cancel Classic Manicure/ }));
    const question = await screen.findByRole('dialog', { name: /^Cancel Classic Manicure/ });
    expect(within(question).getByText('Nothing was paid online, so nothing is charged. ৳1,200 was paid at the salon: give back ৳1,200 at the counter.')).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Yes, cancel it' }));
    const done = await screen.findByRole('dialog', { name: 'Appointment cancelled' });
    expect(within(done).getByText('Nothing was charged. Give back ৳1,200 at the counter.')).toBeInTheDocument();
    await user.click(within(done).getByRole('button', { name: 'OK' }));

    expect(await (await card('Classic Manicure')).findByText('৳1,200 given back at the counter on Sat 2 Mar 12:00')).toBeInTheDocument();
    expect(fake.state.bookings[0]?.money).toMatchObject({ paidAtSalon: 0, handedBack: 1200, handBackDue: 0, due: 0 });
  });

  it('shows the refusal under the amount and changes nothing', async () => {
    const fake = salon();
    const { user } = renderApp('/dashboard/orderlist');

    await user.click((await card('Bridal Makeup')).getByRole('button', { name: `Record payment for ${bridal}` }));
    const form = within(await screen.findByRole('form', { name: 'Record a payment for Bridal Makeup' }));
    const amount = form.getByRole('spinbutton', { name: 'Amount (৳)' });
    await user.clear(amount);
    await user.type(amount, '1000');
    await user.click(form.getByRole('button', { name: 'Record' }));

    await waitFor(() => expect(amount).toHaveAccessibleDescription('That is more than the visit owes: ৳840 is due.'));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveFocus();
    expect(fake.state.requests).toContain(`POST /api/bookings/${BRIDAL_ID}/counter-payments`);
    expect(fake.state.bookings[0]?.money).toMatchObject({ paidAtSalon: 0, due: 840, counterPayments: [] });
    expect((await card('Bridal Makeup')).getByText('Deposit paid ৳360 · ৳840 due at the salon')).toBeInTheDocument();
  });

  it('checks the amount before asking: an empty one is not sent', async () => {
    const fake = salon();
    const { user } = renderApp('/dashboard/orderlist');

    await user.click((await card('Bridal Makeup')).getByRole('button', { name: `Record payment for ${bridal}` }));
    const form = within(await screen.findByRole('form', { name: 'Record a payment for Bridal Makeup' }));
    await user.clear(form.getByRole('spinbutton', { name: 'Amount (৳)' }));
    await user.click(form.getByRole('button', { name: 'Record' }));

    expect(await form.findByText('Amount is required')).toBeInTheDocument();
    expect(fake.state.requests.filter((request) => request.includes('counter-payments'))).toEqual([]);
  });

  it('closes with Escape or Cancel, gives focus back to Record payment, and sends nothing', async () => {
    const fake = salon();
    const { user } = renderApp('/dashboard/orderlist');

    const open = (await card('Bridal Makeup')).getByRole('button', { name: `Record payment for ${bridal}` });
    await user.click(open);
    await screen.findByRole('form', { name: 'Record a payment for Bridal Makeup' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Record a payment for Bridal Makeup' })).not.toBeInTheDocument();
    expect(open).toHaveFocus();

    await user.click(open);
    await user.click(within(await screen.findByRole('form', { name: 'Record a payment for Bridal Makeup' })).getByRole('button', { name: 'Cancel' }));
    expect(open).toHaveFocus();
    expect(fake.state.requests.filter((request) => request.includes('counter-payments'))).toEqual([]);
  });

  it('says so when the server cannot be reached, keeping what she typed', async () => {
    salon();
    server.use(http.post('/api/bookings/:id/counter-payments', () => HttpResponse.error()));
    const { user } = renderApp('/dashboard/orderlist');

    await user.click((await card('Bridal Makeup')).getByRole('button', { name: `Record payment for ${bridal}` }));
    const form = within(await screen.findByRole('form', { name: 'Record a payment for Bridal Makeup' }));
    await user.click(form.getByRole('button', { name: 'Record' }));
    expect(await form.findByRole('alert')).toHaveTextContent(/Cannot reach the server/);
    expect(form.getByRole('spinbutton', { name: 'Amount (৳)' })).toHaveValue(840);
  });
});

describe('/dashboard/calendar: money at the counter', () => {
  it("records the rest from a booking's details, which then say it is paid in full", async () => {
    const fake = salon();
    const { user } = renderApp('/dashboard/calendar');

    await user.click(await screen.findByRole('button', { name: `${mim.name}: Bridal Makeup for Mitu Customer, 14:00–15:00, Confirmed` }));
    const details = within(screen.getByRole('region', { name: 'Bridal Makeup for Mitu Customer' }));
    expect(details.getByText('Deposit paid ৳360 · ৳840 due at the salon')).toBeInTheDocument();
    await user.click(details.getByRole('button', { name: `Record payment for ${bridal}` }));
    const form = within(await details.findByRole('form', { name: 'Record a payment for Bridal Makeup' }));
    await user.click(form.getByRole('radio', { name: 'bKash' }));
    await user.click(form.getByRole('button', { name: 'Record' }));

    expect(await details.findByText('Paid in full')).toBeInTheDocument();
    expect(details.getByText('৳1,200')).toBeInTheDocument();
    expect(await screen.findByText('৳840 by bKash recorded for Mitu Customer')).toBeInTheDocument();
    expect(fake.state.bookings[0]?.money.counterPayments).toEqual([expect.objectContaining({ amount: 840, method: 'bkash' })]);
  });
});

describe('/dashboard/adminhome: money at the counter', () => {
  it("records a payment from today's list", async () => {
    const fake = salon();
    server.use(adminSummaryHandler().handler);
    const { user } = renderApp('/dashboard/adminhome');

    const item = await todaysAppointment(/^Classic Manicure/);
    await user.click(item.getByRole('button', { name: /^Record payment for Classic Manicure on / }));
    const form = within(await screen.findByRole('form', { name: 'Record a payment for Classic Manicure' }));
    expect(form.getByRole('spinbutton', { name: 'Amount (৳)' })).toHaveValue(1200);
    await user.click(form.getByRole('button', { name: 'Record' }));

    expect(await screen.findByText(`৳1,200 by Cash recorded for ${rima.name}`)).toBeInTheDocument();
    await waitFor(() => expect(item.queryByRole('button', { name: /^Record payment/ })).not.toBeInTheDocument());
    expect(fake.state.bookings[3]?.money).toMatchObject({ paidAtSalon: 1200, due: 0 });
  });
});
