import type { Booking } from '@shared/payments';
import { cancellationRefundMinor, mayStillChange } from '@shared/booking-rules';
import { formatMoney, fromMinorUnits, toMinorUnits } from '@shared/money';
import { refundedTo } from '@shared/deposits';

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
 * 'Deposit paid ৳360 · ৳840 due at the salon', 'Pay at the salon: ৳1,200', 'Deposit kept: ৳360';
 * a page in another language gives its own words.
 */
export function bookingMoneyLine(booking: Pick<Booking, 'status' | 'money'>, words: MoneyLineWords = ENGLISH_MONEY_LINE): string | null {
  const state = bookingMoneyState(booking);
  if (!state) return null;
  switch (state.kind) {
    case 'depositKept':
      return words.depositKept(state.amount);
    case 'paidInFull':
      return words.paidInFull;
    case 'payAtSalon':
      return words.payAtSalon(state.due);
    case 'depositPaid':
      return words.depositPaid(state.paid, state.due);
    case 'paid':
      return words.paid(state.paid, state.due);
  }
}

/** bookingMoneyLine's sentences: English by default, a page in another language gives its own (amounts in taka). */
export interface MoneyLineWords {
  depositKept: (amount: number) => string;
  paidInFull: string;
  payAtSalon: (due: number) => string;
  depositPaid: (paid: number, due: number) => string;
  paid: (paid: number, due: number) => string;
}

const dueAtSalon = (due: number) => `${formatMoney(due)} due at the salon`;
const ENGLISH_MONEY_LINE: MoneyLineWords = {
  depositKept: (amount) => `Deposit kept: ${formatMoney(amount)}`,
  paidInFull: 'Paid in full',
  payAtSalon: (due) => `Pay at the salon: ${formatMoney(due)}`,
  depositPaid: (paid, due) => `Deposit paid ${formatMoney(paid)} · ${dueAtSalon(due)}`,
  paid: (paid, due) => `Paid ${formatMoney(paid)} · ${dueAtSalon(due)}`,
};

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
  say: CancellationSay = englishCancellation,
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
  if (audience === 'customer') {
    const counter = say('counterYou', { amount: paidAtSalon });
    return { warning: `${words.warning} ${counter}`, done: `${words.done} ${counter}` };
  }
  return { warning: `${words.warning} ${say('counterWarning', { amount: paidAtSalon })}`, done: `${words.done} ${say('counterDone', { amount: paidAtSalon })}` };

  function onlineWords(): { warning: string; done: string } {
    if (refund === 0 && plan === 'deposit' && paidOnline > 0) {
      return { warning: say('keepsDeposit', { amount: paidOnline }), done: say('keepsDepositDone', {}) };
    }
    if (refund === 0) return { warning: say('nothingPaid', {}), done: say('nothingCharged', {}) };
    const name = booking.customer.name;
    const done = audience === 'customer' ? say('refundOnWayYou', {}) : say('refundOnWayHer', { name });
    // Where it goes back: her card, or her bKash or Nagad account.
    const where = say(audience === 'customer' ? 'whereYou' : 'whereHer', { method: booking.money.paidBy ?? '' });
    if (plan === 'deposit') return { warning: say(audience === 'customer' ? 'depositRefundYou' : 'depositRefundHer', { amount: refund, name, where }), done };
    return { warning: say('refund', { amount: refund, where }), done };
  }
}

/** What cancellationWords says, by the key of each sentence, with amounts (taka), her name and where the refund goes. */
export type CancellationSay = (key: CancellationKey, values: { amount?: number; name?: string; where?: string; method?: string }) => string;
export type CancellationKey =
  | 'counterYou'
  | 'counterWarning'
  | 'counterDone'
  | 'keepsDeposit'
  | 'keepsDepositDone'
  | 'nothingPaid'
  | 'nothingCharged'
  | 'refundOnWayYou'
  | 'refundOnWayHer'
  | 'whereYou'
  | 'whereHer'
  | 'depositRefundYou'
  | 'depositRefundHer'
  | 'refund';

/** The English sentences, word for word as the spec's pages say them. */
const englishCancellation: CancellationSay = (key, { amount = 0, name = '', where = '', method }) => {
  const money = formatMoney(amount);
  switch (key) {
    case 'counterYou':
      return `The ${money} you paid at the salon is given back there.`;
    case 'counterWarning':
      return `${money} was paid at the salon: give back ${money} at the counter.`;
    case 'counterDone':
      return `Give back ${money} at the counter.`;
    case 'keepsDeposit':
      return `Cancelling now keeps your deposit of ${money}.`;
    case 'keepsDepositDone':
      return 'The salon keeps your deposit.';
    case 'nothingPaid':
      return 'Nothing was paid online, so nothing is charged.';
    case 'nothingCharged':
      return 'Nothing was charged.';
    case 'refundOnWayYou':
      return 'Your refund is on its way.';
    case 'refundOnWayHer':
      return `${name}'s refund is on its way.`;
    case 'whereYou':
    case 'whereHer':
      return refundedTo((method || null) as Parameters<typeof refundedTo>[0], key === 'whereYou' ? 'you' : 'her');
    case 'depositRefundYou':
      return `Your deposit of ${money} will be refunded ${where}.`;
    case 'depositRefundHer':
      return `${name}'s deposit of ${money} will be refunded ${where}.`;
    case 'refund':
      return `${money} will be refunded ${where}.`;
  }
};
