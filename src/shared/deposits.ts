import { z } from 'zod';
import { fromMinorUnits, hasAtMostTwoDecimals } from './money.js';
export { onlineDueMinor, payPlanOf, policyFor } from './pay-now.js';

/**
 * What a customer pays online when she books, and what at the salon (docs/decisions/042): the whole
 * price online; a deposit online (a share of the price, or a fixed amount) with the rest at the
 * visit; or nothing online. The salon sets one policy; a service may have its own.
 *
 * A late cancellation by the customer (inside the notice) or a no-show keeps a deposit; cancelled
 * earlier, or by the salon, everything paid online is refunded.
 */
export const paymentPolicySchema = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('full') }),
    z.object({
      mode: z.literal('deposit-percent'),
      percent: z
        .number({ error: 'Deposit share is required' })
        .int('Deposit share must be a whole number')
        .min(1, 'Deposit share must be between 1 and 99 %')
        .max(99, 'Deposit share must be between 1 and 99 %'),
    }),
    z.object({
      mode: z.literal('deposit-fixed'),
      amount: z
        .number({ error: 'Deposit amount is required' })
        .positive('Deposit amount must be more than 0')
        .max(1_000_000, 'Deposit amount is too large')
        .refine(hasAtMostTwoDecimals, 'Use at most two decimals'),
    }),
    z.object({ mode: z.literal('at-salon') }),
  ],
  { error: 'Choose how customers pay' },
);
export type PaymentPolicy = z.infer<typeof paymentPolicySchema>;

export const paymentMethodSchema = z.enum(['card', 'bkash', 'nagad', 'rocket', 'bank']);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** How each method reads on a receipt, a table or an export. */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = { card: 'Card', bkash: 'bKash', nagad: 'Nagad', rocket: 'Rocket', bank: 'Bank transfer' };

/**
 * Where a refund goes back to: the way she paid online (a card, or her mobile wallet), said to her
 * ('you', the e-mails and her dialogs) or of her ('her', the salon's dialogs).
 */
export function refundedTo(method: PaymentMethod | null, who: 'you' | 'her' = 'you'): string {
  const [subject, owner] = who === 'you' ? ['you', 'your'] : ['she', 'her'];
  const to: Record<PaymentMethod, string> = {
    card: `to the card ${subject} paid with`,
    bkash: `to ${owner} bKash account`,
    nagad: `to ${owner} Nagad account`,
    rocket: `to ${owner} Rocket account`,
    bank: `to the bank account ${subject} paid from`,
  };
  return method ? to[method] : `the way ${subject} paid`;
}

/** How a booking was paid for when it was made: the kind of policy it was booked under. */
export const payPlanSchema = z.enum(['full', 'deposit', 'at-salon']);
export type PayPlan = z.infer<typeof payPlanSchema>;

/** A counter payment's means: what the front desk takes. */
export const counterMethodSchema = z.enum(['cash', 'card', 'bkash', 'nagad'], { error: 'Choose how she paid' });
export type CounterMethod = z.infer<typeof counterMethodSchema>;

export const COUNTER_METHOD_LABELS: Record<CounterMethod, string> = { cash: 'Cash', card: 'Card', bkash: 'bKash', nagad: 'Nagad' };

/** `POST /api/bookings/:id/counter-payments`: money taken at the salon for this visit. */
export const counterPaymentInputSchema = z.object({
  amount: z
    .number({ error: 'Amount is required' })
    .positive('Amount must be more than 0')
    .max(10_000_000, 'Amount is too large')
    .refine(hasAtMostTwoDecimals, 'Use at most two decimals'),
  method: counterMethodSchema,
});

/** A booking's money, as the customer, the stylist's desk and the admin read it (in taka). */
export const bookingMoneySchema = z.object({
  plan: payPlanSchema,
  /** Asked online when she booked (the price, a deposit, or 0). */
  online: z.number(),
  /** Paid online and not refunded. */
  paidOnline: z.number(),
  /** Taken at the salon and kept: every counter payment summed, less what was handed back. */
  paidAtSalon: z.number(),
  /**
   * Taken at the salon and hers again since the visit was cancelled (docs/decisions/048): handed
   * back at the counter, or (handBackDue) still to be.
   */
  handedBack: z.number(),
  /** Of handedBack, what the desk has still to give her: after her own cancellation online, until it records giving it back; else 0. */
  handBackDue: z.number(),
  /** When the desk gave handedBack back (the salon's cancellation: as it cancelled); null while it is due, or when there is none. */
  handedBackAt: z.string().nullable(),
  /** What is left to pay at the visit; 0 once paid in full, and for a cancelled booking. */
  due: z.number(),
  /** A deposit the salon kept (a late cancellation or a no-show). */
  depositKept: z.number(),
  counterPayments: z.array(z.object({ id: z.string(), amount: z.number(), method: counterMethodSchema, at: z.string() })),
  /** How she paid online (a card, bKash, Nagad…), where a refund goes back; null when nothing was paid online or the processor did not say. */
  paidBy: paymentMethodSchema.nullable(),
});
export type BookingMoney = z.infer<typeof bookingMoneySchema>;

/** A cancelled booking's counter money going back to her (counter_refunds): how much, and when it was handed back (null: still due). */
export type CounterHandBack = { amountMinor: number; at: string | null };

/** The hand-back's three figures (taka), as booking.money and the payment history's visits give them. */
export function handBackFigures(handBack: CounterHandBack | null): Pick<BookingMoney, 'handedBack' | 'handBackDue' | 'handedBackAt'> {
  const amount = fromMinorUnits(handBack?.amountMinor ?? 0);
  return { handedBack: amount, handBackDue: handBack && handBack.at === null ? amount : 0, handedBackAt: handBack?.at ?? null };
}

/**
 * A booking's money from its row, its counter payments and their hand-back (minor units in, taka
 * out), written once for the server's answers and the browser's fake server in the client tests.
 */
export function bookingMoneyOf(
  row: { status: string; payPlan: PayPlan; priceMinor: number; onlineMinor: number; refundedMinor: number; paidBy?: PaymentMethod | null },
  counter: readonly { id: string; amountMinor: number; method: CounterMethod; at: string }[],
  handBack: CounterHandBack | null = null,
): BookingMoney {
  const handedBackMinor = handBack?.amountMinor ?? 0;
  const paidOnlineMinor = row.status === 'pending' ? 0 : row.onlineMinor - row.refundedMinor;
  const atSalonMinor = counter.reduce((sum, c) => sum + c.amountMinor, 0) - handedBackMinor;
  const owing = row.status === 'confirmed' || row.status === 'completed';
  const kept = row.payPlan === 'deposit' && (row.status === 'cancelled' || row.status === 'no-show') ? paidOnlineMinor : 0;
  return {
    plan: row.payPlan,
    online: fromMinorUnits(row.onlineMinor),
    paidOnline: fromMinorUnits(paidOnlineMinor),
    paidAtSalon: fromMinorUnits(atSalonMinor),
    ...handBackFigures(handBack),
    due: owing ? fromMinorUnits(Math.max(0, row.priceMinor - paidOnlineMinor - atSalonMinor)) : 0,
    depositKept: fromMinorUnits(kept),
    counterPayments: counter.map((c) => ({ id: c.id, amount: fromMinorUnits(c.amountMinor), method: c.method, at: c.at })),
    paidBy: row.onlineMinor > 0 ? (row.paidBy ?? null) : null,
  };
}
