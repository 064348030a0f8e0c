import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerUser, services } from '@/test/fixtures';
import { accountSession } from '@/test/handlers';
import { inBangla } from '@/test/bangla';
import { atNoonOnSaturday, dhaka } from '@/test/salon-day';
import { bookingRecord, fakePayments, heldItem, paymentRecord } from '@/test/payment-handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

/**
 * A service's Bangla title, where the admin wrote one, is what a Bangla-reading customer reads on
 * her own pages too (docs/decisions/050), not only on the service's card: her booking list and her
 * upcoming visits, the time picker and the waitlist offer under it, the buttons' names and her
 * receipt. One without a Bangla title keeps its English one, marked as English.
 */

const [manicure, facial] = services as [(typeof services)[number], (typeof services)[number]];
const FACIAL_BN = 'সিগনেচার ফেসিয়াল';
// The clock at noon on Saturday 2 March 2030 in Dhaka; the visits are a week later.
atNoonOnSaturday();

inBangla();

function customer() {
  const fake = fakePayments({
    session: { user: customerUser },
    cart: [heldItem({ ...facial, title_bn: FACIAL_BN }, dhaka('2030-03-09', '11:00')), heldItem(manicure, null)],
    bookings: [
      bookingRecord(1, { serviceId: facial._id, title: facial.title, title_bn: FACIAL_BN, startsAt: dhaka('2030-03-10', '14:00'), endsAt: dhaka('2030-03-10', '15:00') }),
      bookingRecord(2, { serviceId: manicure._id, title: manicure.title, title_bn: null, startsAt: dhaka('2030-03-11', '10:00'), endsAt: dhaka('2030-03-11', '10:45') }),
    ],
  });
  server.use(...accountSession(customerUser).handlers, ...fake.handlers);
}

describe('the salon’s Bangla titles on her pages', () => {
  it('her booking list names each service in Bangla where the salon wrote it, in its row and its remove button', async () => {
    customer();
    renderApp('/dashboard/bookinglist');

    const table = await screen.findByRole('table');
    const bangla = await within(table).findByText(FACIAL_BN);
    expect(bangla).not.toHaveAttribute('lang');
    expect(within(table).queryByText(facial.title)).not.toBeInTheDocument();
    expect(within(table).getByRole('button', { name: `${FACIAL_BN} মুছুন` })).toBeInTheDocument();
    expect(within(table).getByText(manicure.title)).toHaveAttribute('lang', 'en');
  });

  it('her upcoming visits name each service in Bangla where the salon wrote it', async () => {
    customer();
    renderApp('/dashboard/userhome');

    const bangla = await screen.findByText(FACIAL_BN);
    expect(bangla).not.toHaveAttribute('lang');
    expect(screen.queryByText(facial.title)).not.toBeInTheDocument();
    expect(screen.getByText(manicure.title)).toHaveAttribute('lang', 'en');
  });

  it('her booking list names each service in Bangla in its time button, the time picker’s heading and the waitlist offer', async () => {
    customer();
    const { user } = renderApp('/dashboard/bookinglist');

    const table = within(await screen.findByRole('table'));
    // The facial's time is held (Change), the manicure has none yet (Pick): each button says which service.
    const change = await table.findByRole('button', { name: `${FACIAL_BN}-এর সময় বদলান` });
    expect(table.getByRole('button', { name: `${manicure.title}-এর সময় বাছুন` })).toBeInTheDocument();
    expect(table.queryByRole('button', { name: new RegExp(facial.title) })).not.toBeInTheDocument();

    await user.click(change);
    const picker = await screen.findByRole('region', { name: `${FACIAL_BN}-এর সময় বাছুন` });
    // Bangla in a Bangla page: nothing in the heading is marked as another language.
    expect(within(picker).getByRole('heading', { level: 3 }).querySelector('[lang]')).toBeNull();
    // No free time that day (the fake offers none): the waitlist offer names the service as the picker did.
    const wait = await within(picker).findByRole('form', { name: /অপেক্ষা করুন$/ });
    expect(wait).toHaveTextContent(new RegExp(`^[^]*অপেক্ষা করুন${FACIAL_BN} — `));
    expect(wait.querySelector('[lang]')).toBeNull();
    expect(picker).not.toHaveTextContent(facial.title);

    // The manicure has no Bangla title: its picker and offer name it in English, marked English.
    await user.click(table.getByRole('button', { name: `${manicure.title}-এর সময় বাছুন` }));
    const english = await screen.findByRole('region', { name: `${manicure.title}-এর সময় বাছুন` });
    expect(within(within(english).getByRole('heading', { level: 3 })).getByText(manicure.title)).toHaveAttribute('lang', 'en');
    const offer = await within(english).findByRole('form', { name: /অপেক্ষা করুন$/ });
    expect(within(offer).getByText(manicure.title)).toHaveAttribute('lang', 'en');
  });

  it('her upcoming visits’ buttons are named with the Bangla title, and so is the time picker that moves one', async () => {
    customer();
    const { user } = renderApp('/dashboard/userhome');

    const cancel = await screen.findByRole('button', { name: new RegExp(`-এর ${FACIAL_BN} বাতিল করুন$`) });
    expect(cancel).toBeInTheDocument();
    expect(screen.getByRole('button', { name: new RegExp(`-এর ${manicure.title} বাতিল করুন$`) })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: new RegExp(facial.title) })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: new RegExp(`-এর ${FACIAL_BN}-এর সময় বদলান$`) }));
    const picker = await screen.findByRole('region', { name: `${FACIAL_BN}-এর সময় বাছুন` });
    expect(within(picker).getByRole('heading', { level: 3 }).querySelector('[lang]')).toBeNull();
  });

  it('her checkout asks for a time for the service by its Bangla title', async () => {
    const fake = fakePayments({ session: { user: customerUser }, cart: [heldItem(manicure, dhaka('2030-03-09', '10:00')), heldItem({ ...facial, title_bn: FACIAL_BN }, null)] });
    server.use(...accountSession(customerUser).handlers, ...fake.handlers);
    renderApp('/dashboard/appointment');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`${FACIAL_BN}-এর সময় বাছুন`);
    expect(alert).not.toHaveTextContent(facial.title);
  });

  it('her receipt names each calendar file by the Bangla title where the salon wrote one', async () => {
    const paid = paymentRecord(5, {
      amount: 4700,
      services: [
        { bookingId: bookingRecord(5)._id, title: facial.title, title_bn: FACIAL_BN, price: 3500, startsAt: dhaka('2030-03-09', '11:00'), status: 'confirmed', staffName: null },
        { bookingId: bookingRecord(6)._id, title: manicure.title, price: 1200, startsAt: dhaka('2030-03-09', '13:00'), status: 'confirmed', staffName: null },
      ],
    });
    server.use(...accountSession(customerUser).handlers, ...fakePayments({ session: { user: customerUser }, payments: [paid] }).handlers);
    renderApp(`/dashboard/appointment/done?payment=${paid._id}`);

    const receipt = await screen.findByRole('region', { name: 'রসিদ' });
    expect(within(receipt).getByRole('link', { name: new RegExp(`-এ ${FACIAL_BN}-এর ক্যালেন্ডার ফাইল$`) })).toBeInTheDocument();
    expect(within(receipt).getByRole('link', { name: new RegExp(`-এ ${manicure.title}-এর ক্যালেন্ডার ফাইল$`) })).toBeInTheDocument();
    expect(within(receipt).queryByRole('link', { name: new RegExp(facial.title) })).not.toBeInTheDocument();
  });
});
