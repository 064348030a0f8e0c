import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customerUser, services } from '@/test/fixtures';
import { accountSession } from '@/test/handlers';
import { inBangla } from '@/test/bangla';
import { bookingRecord, fakePayments, heldItem } from '@/test/payment-handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

/**
 * A service's Bangla title, where the admin wrote one, is what a Bangla-reading customer reads on
 * her own pages too (docs/decisions/050), not only on the service's card: her booking list and her
 * upcoming visits. One without a Bangla title keeps its English one, marked as English.
 */

const [manicure, facial] = services as [(typeof services)[number], (typeof services)[number]];
const FACIAL_BN = 'সিগনেচার ফেসিয়াল';
// Saturday 2 March 2030, 12:00 in Dhaka; the visits are a week later.
const NOW = new Date('2030-03-02T06:00:00.000Z');
const dhaka = (date: string, time: string) => new Date(`${date}T${time}:00+06:00`).toISOString();

inBangla();

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

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
    expect(within(table).getByRole('button', { name: new RegExp(FACIAL_BN) })).toBeInTheDocument();
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
});
