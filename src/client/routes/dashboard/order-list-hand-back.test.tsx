/**
 * Counter money given back (docs/decisions/048): under a visit she cancelled online after paying at
 * the counter, the admin's lists say what is to give back, with 'Handed back'; once confirmed, they
 * say it was given back and when. In English and in Bangla.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { users } from '@/test/fixtures';
import { bookingRecord } from '@/test/payment-handlers';
import { renderApp } from '@/test/render';
import { adminWithBookings, atNoonOnSaturday, bookingCard as card, NOW, todaysAppointment, visitToday } from '@/test/salon-day';
import { server } from '@/test/server';
import { staffHandler } from '@/test/staff-handlers';
import { adminSummaryHandler } from '@/test/admin-summary-handlers';
import { inBangla } from '@/test/bangla';

const rima = users[2]!;
// Saturday 2 March 2030, 12:00 in Dhaka (UTC+6).
atNoonOnSaturday();
const MANICURE_ID = 'b0000000-0000-4000-8000-000000000001';
const manicure = 'Classic Manicure on Sat, 2 Mar 2030, 17:00';

/**
 * Rima's manicure today at 17:00, to pay at the salon: ৳300 paid at the counter, then cancelled by
 * her online, so the desk owes her the ৳300; and a facial at 15:00 paid in full online.
 */
function salon() {
  const customer = { name: rima.name, email: rima.email, phone: null };
  return adminWithBookings(
    [
      bookingRecord(1, { ...visitToday('17:00', 45), title: 'Classic Manicure', price: 1200, status: 'cancelled', customer }, { plan: 'at-salon', atSalon: 300, handBack: { at: null } }),
      bookingRecord(2, { ...visitToday('15:00', 60), title: 'Signature Glow Facial', price: 3500, customer }),
    ],
    staffHandler(),
  );
}

const handBackRequests = (fake: ReturnType<typeof adminWithBookings>) => fake.state.requests.filter((request) => request.includes('/counter-refund/handed-back'));

describe('/dashboard/orderlist: counter money to give back', () => {
  it('shows it under the cancelled visit with Handed back, asks first, and then shows it given back and when', async () => {
    const fake = salon();
    const { user } = renderApp('/dashboard/orderlist');

    const visit = await card('Classic Manicure');
    expect(visit.getByText('৳300 to give back at the counter')).toBeInTheDocument();
    // Only where money is owed: the facial has none to give back.
    expect((await card('Signature Glow Facial')).queryByRole('button', { name: /^Handed back/ })).not.toBeInTheDocument();
    // The wide table says the same, in the paid column.
    const table = within(await screen.findByRole('table', { name: 'Bookings' }));
    const row = within(table.getByText('Classic Manicure', { selector: 'td' }).closest('tr')!);
    expect(row.getByText('৳300 to give back at the counter')).toBeInTheDocument();
    expect(row.getByRole('button', { name: `Handed back ৳300 for ${manicure}` })).toHaveAccessibleDescription(rima.name);

    const button = visit.getByRole('button', { name: `Handed back ৳300 for ${manicure}` });
    expect(button).toHaveTextContent('Handed back');
    await user.click(button);
    const question = await screen.findByRole('dialog', { name: `Record ৳300 handed back to ${rima.name}?` });
    expect(within(question).getByText('She cancelled Classic Manicure on Sat 2 Mar 17:00 online. Give her the money first: this cannot be undone.')).toBeInTheDocument();
    // Not yet: nothing is sent, the money is still owed.
    await user.click(within(question).getByRole('button', { name: 'Not yet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(handBackRequests(fake)).toEqual([]);

    await user.click(visit.getByRole('button', { name: `Handed back ৳300 for ${manicure}` }));
    await user.click(within(await screen.findByRole('dialog', { name: /^Record ৳300 handed back/ })).getByRole('button', { name: 'Yes, handed back' }));

    expect(await screen.findByText(`৳300 given back to ${rima.name}`)).toBeInTheDocument();
    expect(await visit.findByText('৳300 given back at the counter on Sat 2 Mar 12:00')).toBeInTheDocument();
    expect(visit.queryByText('৳300 to give back at the counter')).not.toBeInTheDocument();
    expect(visit.queryByRole('button', { name: /^Handed back/ })).not.toBeInTheDocument();
    expect(row.getByText('৳300 given back at the counter on Sat 2 Mar 12:00')).toBeInTheDocument();
    expect(handBackRequests(fake)).toEqual([`POST /api/bookings/${MANICURE_ID}/counter-refund/handed-back`]);
    expect(fake.state.bookings[0]?.money).toMatchObject({ paidAtSalon: 0, handedBack: 300, handBackDue: 0, handedBackAt: NOW.toISOString() });
  });

  it('says so when another desk gave it back first, and then shows it given back', async () => {
    const fake = salon();
    const { user } = renderApp('/dashboard/orderlist');

    const visit = await card('Classic Manicure');
    // Another admin records it while this list is open.
    const [booking] = fake.state.bookings;
    booking!.money = { ...booking!.money, handBackDue: 0, handedBackAt: '2030-03-02T05:30:00.000Z' };
    await user.click(visit.getByRole('button', { name: `Handed back ৳300 for ${manicure}` }));
    await user.click(within(await screen.findByRole('dialog', { name: /^Record ৳300 handed back/ })).getByRole('button', { name: 'Yes, handed back' }));

    const refusal = await screen.findByRole('dialog', { name: 'The hand-back was not recorded' });
    expect(within(refusal).getByText('This money was already given back at the counter.')).toBeInTheDocument();
    await user.click(within(refusal).getByRole('button', { name: 'OK' }));
    expect(await visit.findByText('৳300 given back at the counter on Sat 2 Mar 11:30')).toBeInTheDocument();
    expect(visit.queryByRole('button', { name: /^Handed back/ })).not.toBeInTheDocument();
  });
});

describe("/dashboard/adminhome: today's list", () => {
  it('shows the money to give back under the cancelled visit, and records it handed back', async () => {
    const fake = salon();
    server.use(adminSummaryHandler().handler);
    const { user } = renderApp('/dashboard/adminhome');

    const item = await todaysAppointment(/^Classic Manicure/);
    expect(item.getByText('৳300 to give back at the counter')).toBeInTheDocument();
    await user.click(item.getByRole('button', { name: `Handed back ৳300 for ${manicure}` }));
    await user.click(within(await screen.findByRole('dialog', { name: /^Record ৳300 handed back/ })).getByRole('button', { name: 'Yes, handed back' }));

    expect(await item.findByText('৳300 given back at the counter on Sat 2 Mar 12:00')).toBeInTheDocument();
    expect(handBackRequests(fake)).toHaveLength(1);
  });
});

describe('in Bangla', () => {
  inBangla();

  it('the order list says it in Bangla, with Bengali digits, and so do the dialog and the line after', async () => {
    const fake = salon();
    const { user } = renderApp('/dashboard/orderlist');

    const visit = await card('Classic Manicure', 'বুকিং');
    expect(visit.getByText('কাউন্টারে ৩০০৳ ফেরত দিতে হবে')).toBeInTheDocument();
    const button = visit.getByRole('button', { name: '৩০০৳ ফেরত দেওয়া হয়েছে: শনি, ২ মার্চ, ২০৩০, ১৭:০০-এর Classic Manicure' });
    expect(button).toHaveTextContent('ফেরত দেওয়া হয়েছে');
    await user.click(button);
    const question = await screen.findByRole('dialog', { name: `${rima.name}-কে ৩০০৳ ফেরত দেওয়া হয়েছে বলে লিখবেন?` });
    expect(within(question).getByText(/^তিনি শনি ২ মার্চ, ১৭:০০-এর Classic Manicure অনলাইনে বাতিল করেছেন।/)).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'হ্যাঁ, ফেরত দেওয়া হয়েছে' }));

    expect(await screen.findByText(`${rima.name}-কে ৩০০৳ ফেরত দেওয়া হয়েছে`)).toBeInTheDocument();
    expect(await visit.findByText('৩০০৳ কাউন্টারে ফেরত দেওয়া হয়েছে (শনি ২ মার্চ, ১২:০০)')).toBeInTheDocument();
    expect(handBackRequests(fake)).toHaveLength(1);
  });
});
