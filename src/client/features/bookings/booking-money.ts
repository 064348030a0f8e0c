import type { Booking } from '../../../shared/payments';
import { cancellationRefundMinor, mayStillChange } from '../../../shared/booking-rules';
import { formatMoney, fromMinorUnits, toMinorUnits } from '../../../shared/money';
import { refundedTo } from '../../../shared/deposits';

/** Where a booking's money stands, as the words below name it: the amounts are the taka to show. */
export type BookingMoneyState =
  | { kind: 'depositKept'; amount: number }
  | { kind: 'paidInFull' }
  | { kind: 'payAtSalon'; due: number }
  | { kind: 'depositPaid'; paid: number; due: number }
  | { kind: 'paid'; paid: number; due: number };

/**
 * Where a booking's money stands, or null when there is nothing to say (an unpaid checkout, a
 * cancellation that was refunded: the refund is shown beside it). bookingMoneyLine words it in
 * English; a translated screen words it from its catalogue.
 */
export function bookingMoneyState({ status, money }: Pick<Booking, 'status' | 'money'>): BookingMoneyState | null {
  if (money.depositKept > 0) return { kind: 'depositKept', amount: money.depositKept };
  if (status === 'pending' || status === 'cancelled') return null;
  const paidMinor = toMinorUnits(money.paidOnline) + toMinorUnits(money.paidAtSalon);
  if (money.due === 0) return paidMinor > 0 ? { kind: 'paidInFull' } : null;
  if (paidMinor === 0) return { kind: 'payAtSalon', due: money.due };
  if (money.plan === 'deposit' && money.paidAtSalon === 0) return { kind: 'depositPaid', paid: money.paidOnline, due: money.due };
  return { kind: 'paid', paid: fromMinorUnits(paidMinor), due: money.due };
}

/**
 * A booking's money in a few words, as the admin's lists show it under the visit: 'Paid in full',
 * 'Deposit paid ৳360 · ৳840 due at the salon', 'Pay at the salon: ৳1,200', 'Deposit kept: ৳360'.
 */
export function bookingMoneyLine(booking: Pick<Booking, 'status' | 'money'>): string | null {
  const state = bookingMoneyState(booking);
  if (!state) return null;
  switch (state.kind) {
    case 'depositKept':
      return `Deposit kept: ${formatMoney(state.amount)}`;
    case 'paidInFull':
      return 'Paid in full';
    case 'payAtSalon':
      return `Pay at the salon: ${formatMoney(state.due)}`;
    case 'depositPaid':
      return `Deposit paid ${formatMoney(state.paid)} · ${formatMoney(state.due)} due at the salon`;
    case 'paid':
      return `Paid ${formatMoney(state.paid)} · ${formatMoney(state.due)} due at the salon`;
  }
}

/** What a booking has brought in so far: online (less refunds) and at the counter. */
export function bookingPaid({ money }: Pick<Booking, 'money'>): number {
  return fromMinorUnits(toMinorUnits(money.paidOnline) + toMinorUnits(money.paidAtSalon));
}

/**
 * What the cancel dialog says before she (or the salon) confirms, and after, from the one rule the
 * server decides with (cancellationRefundMinor): a customer cancelling a deposit-paid visit inside
 * the notice is warned that the salon keeps her deposit; otherwise what was paid online comes back.
 * `noticeHours` unknown (the settings not loaded yet): treated as in time only for the salon,
 * which refunds at any time; for her the server's answer is the one to trust, so the dialog says
 * what a late cancellation would cost rather than promise a refund.
 */
export function cancellationWords(
  booking: Pick<Booking, 'startsAt' | 'price' | 'refunded' | 'money' | 'customer'>,
  audience: 'customer' | 'admin',
  noticeHours: number | undefined,
  now = new Date(),
): { warning: string; done: string } {
  const { plan, paidOnline } = booking.money;
  const inTime = noticeHours !== undefined && mayStillChange(new Date(booking.startsAt), now, noticeHours);
  const refund = fromMinorUnits(
    cancellationRefundMinor({ payPlan: plan, onlineMinor: toMinorUnits(paidOnline), refundedMinor: 0 }, { by: audience === 'admin' ? 'salon' : 'customer', inTime }),
  );
  const words = onlineWords();
  // Money taken at the counter is not the processor's to refund: it is given back at the salon, and
  // the server records it as handed back with the cancellation (docs/decisions/048).
  const { paidAtSalon } = booking.money;
  if (paidAtSalon === 0) return words;
  const handBack = `Give back ${formatMoney(paidAtSalon)} at the counter.`;
  if (audience === 'customer') {
    const counter = `The ${formatMoney(paidAtSalon)} you paid at the salon is given back there.`;
    return { warning: `${words.warning} ${counter}`, done: `${words.done} ${counter}` };
  }
  return { warning: `${words.warning} ${formatMoney(paidAtSalon)} was paid at the salon: give back ${formatMoney(paidAtSalon)} at the counter.`, done: `${words.done} ${handBack}` };

  function onlineWords(): { warning: string; done: string } {
    if (refund === 0 && plan === 'deposit' && paidOnline > 0) {
      return { warning: `Cancelling now keeps your deposit of ${formatMoney(paidOnline)}.`, done: 'The salon keeps your deposit.' };
    }
    if (refund === 0) return { warning: 'Nothing was paid online, so nothing is charged.', done: 'Nothing was charged.' };
    const done = audience === 'customer' ? 'Your refund is on its way.' : `${booking.customer.name}'s refund is on its way.`;
    // Where it goes back: her card, or her bKash or Nagad account.
    const where = refundedTo(booking.money.paidBy, audience === 'customer' ? 'you' : 'her');
    if (plan === 'deposit') return { warning: `${audience === 'customer' ? 'Your' : `${booking.customer.name}'s`} deposit of ${formatMoney(refund)} will be refunded ${where}.`, done };
    return { warning: `${formatMoney(refund)} will be refunded ${where}.`, done };
  }
}
