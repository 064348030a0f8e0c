import { describe, expect, it } from 'vitest';
import { bookingMoneyOf, type CounterMethod, type PaymentMethod, type PayPlan } from '@shared/deposits';
import { cancellationWords } from './booking-money';

const NOW = new Date('2030-03-01T06:00:00.000Z');
// Eight days ahead: in time under any notice the tests use.
const LATER = '2030-03-09T06:00:00.000Z';

function booking(plan: PayPlan, onlineMinor: number, paidBy: PaymentMethod | null, counter: { amountMinor: number; method: CounterMethod }[] = []) {
  return {
    startsAt: LATER,
    price: 1200,
    refunded: 0,
    customer: { name: 'Rima Akter', email: null, phone: '+8801712345678' },
    money: bookingMoneyOf(
      { status: 'confirmed', payPlan: plan, priceMinor: 120_000, onlineMinor, refundedMinor: 0, paidBy },
      counter.map((c, i) => ({ id: `c${i}`, at: NOW.toISOString(), ...c })),
    ),
  };
}

describe('what the cancel dialog says of the money', () => {
  it('says where a refund goes back: her card, or her bKash or Nagad account', () => {
    expect(cancellationWords(booking('full', 120_000, 'card'), 'customer', 24, NOW).warning).toBe('৳1,200 will be refunded to the card you paid with.');
    expect(cancellationWords(booking('full', 120_000, 'bkash'), 'customer', 24, NOW).warning).toBe('৳1,200 will be refunded to your bKash account.');
    expect(cancellationWords(booking('deposit', 36_000, 'nagad'), 'admin', 24, NOW).warning).toBe("Rima Akter's deposit of ৳360 will be refunded to her Nagad account.");
    // A processor that did not say how she paid.
    expect(cancellationWords(booking('full', 120_000, null), 'admin', 24, NOW).warning).toBe('৳1,200 will be refunded the way she paid.');
  });

  it('money taken at the counter is given back at the salon, not refunded online', () => {
    const paidAtDesk = booking('at-salon', 0, null, [{ amountMinor: 120_000, method: 'cash' }]);
    expect(cancellationWords(paidAtDesk, 'admin', 24, NOW)).toEqual({
      warning: 'Nothing was paid online, so nothing is charged. ৳1,200 was paid at the salon: give back ৳1,200 at the counter.',
      done: 'Nothing was charged. Give back ৳1,200 at the counter.',
    });
    expect(cancellationWords(paidAtDesk, 'customer', 24, NOW).warning).toBe('Nothing was paid online, so nothing is charged. The ৳1,200 you paid at the salon is given back there.');
    const depositAndCash = booking('deposit', 36_000, 'bkash', [{ amountMinor: 50_000, method: 'cash' }]);
    expect(cancellationWords(depositAndCash, 'customer', 24, NOW).warning).toBe(
      'Your deposit of ৳360 will be refunded to your bKash account. The ৳500 you paid at the salon is given back there.',
    );
  });
});
