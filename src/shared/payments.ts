import { z } from 'zod';
import { idSchema } from './ids.js';
import { LANGUAGES } from './i18n/language.js';
import { calendarDateSchema } from './salon-settings.js';
import { instantSchema } from './cart.js';
import { bookingMoneySchema, payPlanSchema, paymentMethodSchema } from './deposits.js';

export const BOOKING_LIST_CHANGED_MESSAGE = 'Your booking list changed';
/** A move, completion or no-show of a booking whose cancellation (and refund) is under way. */
export const BOOKING_BEING_CANCELLED_MESSAGE = 'This booking is being cancelled.';
/**
 * What cannot be done to a booking in its status: templates (message-templates.ts) whose status is
 * a `term`, so a Bangla reply names it in Bangla as the status badges do.
 */
export const STATUS_REFUSALS = {
  move: 'A {{status, term}} booking cannot be moved.',
  cancel: 'A {{status, term}} booking cannot be cancelled.',
  complete: 'A {{status, term}} booking cannot be marked completed.',
  noShow: 'A {{status, term}} booking cannot be marked a no-show.',
  reopen: 'A {{status, term}} booking cannot be reopened: only a completed visit or a no-show can.',
} as const;

export const bookingStatusSchema = z.enum(['pending', 'confirmed', 'completed', 'cancelled', 'no-show']);
export type BookingStatus = z.infer<typeof bookingStatusSchema>;
export const paymentStatusSchema = z.enum(['pending', 'succeeded', 'failed', 'canceled', 'partially_refunded', 'refunded']);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** How an online payment was made, as the processor reported it (null until it says). */
export { paymentMethodSchema, PAYMENT_METHOD_NAMES, type PaymentMethod } from './deposits.js';

/** `POST /api/create-payment-intent`: the total the page showed, in taka. */
export const createIntentSchema = z.object({ price: z.number({ error: 'Price is required' }).min(0, 'Price cannot be negative') });

/**
 * Who takes the money: 'test', the built-in test gateway (the page says Test mode); 'stripe',
 * Stripe Elements on our page; 'sslcommerz', SSLCommerz's hosted page (cards, bKash, Nagad, Rocket,
 * internet banking), where the browser is sent.
 */
export const gatewayNameSchema = z.enum(['test', 'stripe', 'sslcommerz']);
export type GatewayName = z.infer<typeof gatewayNameSchema>;

export const intentSchema = z.object({
  clientSecret: z.string(),
  paymentId: idSchema,
  amount: z.number(),
  currency: z.string(),
  /**
   * The processor the page pays through, or 'salon': nothing to pay online, the visits are booked
   * (paid at the salon).
   */
  gateway: z.enum([...gatewayNameSchema.options, 'salon']),
  publishableKey: z.string().nullable(),
  /** A hosted-page processor's page where she pays this intent (SSLCommerz); null for the others. */
  redirectUrl: z.string().nullable(),
});
export type PaymentIntentInfo = z.infer<typeof intentSchema>;

/** Where the payment page learns which gateway it talks to before it asks for an intent. */
export const paymentConfigSchema = z.object({
  gateway: gatewayNameSchema,
  publishableKey: z.string().nullable(),
  /** No real money moves (the test gateway, SSLCommerz's sandbox): the page says Test mode. */
  testMode: z.boolean(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

// The built-in test gateway's card form (labelled 'Card number', 'Expiry (MM/YY)', 'CVC').
export const cardNumberSchema = z
  .string({ error: 'Card number is required' })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().min(1, 'Card number is required').regex(/^\d{12,19}$/, 'Enter a valid card number'));
export const cardExpirySchema = z
  .string({ error: 'Expiry is required' })
  .trim()
  .min(1, 'Expiry is required')
  .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, 'Enter the expiry as MM/YY');
export const cardCvcSchema = z.string({ error: 'CVC is required' }).trim().min(1, 'CVC is required').regex(/^\d{3,4}$/, 'Enter the 3 or 4 digits of the CVC');

export const testCardSchema = z.object({ cardNumber: cardNumberSchema, expiry: cardExpirySchema, cvc: cardCvcSchema });

/** `POST /api/payments/test/confirm`: the test gateway charging the intent behind clientSecret. */
export const testConfirmSchema = testCardSchema.extend({ clientSecret: z.string().min(1) });

// The built-in test gateway's mobile wallets: her wallet number, then the one-time code it 'sent'.
export const testWalletSchema = z.enum(['bkash', 'nagad'], { error: 'Choose bKash or Nagad' });
export type TestWallet = z.infer<typeof testWalletSchema>;

/**
 * The numbers and code the test gateway documents (README, the payment page): like the test cards,
 * any other valid number pays.
 */
export const TEST_WALLET = {
  succeeds: '01700000000',
  /** Declined: not enough balance in the wallet. */
  declined: '01700000002',
  /** The wallet never answers: the server gives up after a short wait and charges nothing. */
  noAnswer: '01700000009',
  code: '123456',
} as const;

/** '01700000000' as people write it: '01700 000000'. */
export function formatWalletNumber(number: string): string {
  return /^\d{11}$/.test(number) ? `${number.slice(0, 5)} ${number.slice(5)}` : number;
}

/**
 * A Bangladeshi mobile number, which is what a bKash or Nagad wallet is: 01 and an operator digit
 * 3-9, then 8 digits. Typed with spaces or dashes, or with the country code (+880 / 880), it is
 * read as the 11 digits the wallet knows.
 */
export const walletNumberSchema = z
  .string({ error: 'Wallet number is required' })
  .transform((v) => {
    const compact = v.replace(/[\s-]/g, '');
    return /^\+?880/.test(compact) ? `0${compact.replace(/^\+?880/, '')}`.replace(/^00/, '0') : compact;
  })
  .pipe(
    z
      .string()
      // One problem at a time: an empty field is only 'required'.
      .min(1, { error: 'Wallet number is required', abort: true })
      .regex(/^\d*$/, { error: 'Use digits only, like 01712 345678', abort: true })
      .length(11, { error: 'A wallet number has 11 digits, like 01712 345678', abort: true })
      .regex(/^01[3-9]/, 'A wallet number starts with 013 to 019'),
  );

export const walletCodeSchema = z
  .string({ error: 'Code is required' })
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().min(1, 'Code is required').regex(/^\d{6}$/, 'The code has 6 digits'));

/** `POST /api/payments/test/wallet`: sends the one-time code for paying the intent behind clientSecret. */
export const startWalletSchema = z.object({ clientSecret: z.string().min(1), wallet: testWalletSchema, number: walletNumberSchema });

/** The code is on its way: the attempt to confirm with it, until `expiresAt` or three wrong codes. */
export const walletAttemptSchema = z.object({
  attemptId: idSchema,
  wallet: testWalletSchema,
  number: z.string(),
  expiresAt: z.string(),
  triesLeft: z.number().int(),
});
export type WalletAttempt = z.infer<typeof walletAttemptSchema>;

/** `POST /api/payments/test/wallet/confirm`: the code she got; answers confirmResultSchema. */
export const confirmWalletSchema = z.object({ attemptId: idSchema, code: walletCodeSchema });

/**
 * Who booked: her e-mail is null for a customer the front desk recorded without one, her mobile
 * number (E.164) null when none is known.
 */
export const customerContactSchema = z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() });
export type CustomerContact = z.infer<typeof customerContactSchema>;

export const bookingSchema = z.object({
  _id: idSchema,
  paymentId: idSchema,
  /** The service booked: a move is to another time of the same service. */
  serviceId: idSchema,
  title: z.string(),
  /** The Bangla title it had when booked (null: none; a Bangla page shows the English one). */
  title_bn: z.string().nullable(),
  price: z.number(),
  duration: z.number().int(),
  image_url: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: bookingStatusSchema,
  refunded: z.number(),
  customer: customerContactSchema,
  /** The stylist doing it; null for a booking made before the salon had stylists. */
  staffId: idSchema.nullable(),
  staffName: z.string().nullable(),
  /**
   * When her stylist is free for the next client: the end of the visit plus the service's buffer
   * (clearing up, a rest), which keeps the stylist but not the chair; the end itself when the
   * service has none. Null for a booking without a stylist.
   */
  staffFreeAt: z.string().nullable(),
  /** What was asked online, paid online and at the salon, and what is still due at the visit. */
  money: bookingMoneySchema,
  /** Whether the signed-in user may cancel it now (a customer: up to the notice limit). */
  canCancel: z.boolean(),
  /** Whether the signed-in user may mark it completed or a no-show (an admin, once it has started). */
  canComplete: z.boolean(),
  /** Whether the signed-in user may move it to another time (a customer: up to the notice limit). */
  canMove: z.boolean(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const paymentSchema = z.object({
  _id: idSchema,
  amount: z.number(),
  refunded: z.number(),
  currency: z.string(),
  status: paymentStatusSchema,
  gateway: z.string(),
  gatewayRef: z.string(),
  method: paymentMethodSchema.nullable(),
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  customer: customerContactSchema,
  services: z.array(
    z.object({
      bookingId: idSchema,
      title: z.string(),
      title_bn: z.string().nullable(),
      price: z.number(),
      /** What of the price this payment took online (the price, a deposit, or 0: paid at the salon). */
      online: z.number(),
      plan: payPlanSchema,
      startsAt: z.string(),
      status: bookingStatusSchema,
      staffName: z.string().nullable(),
      /** Taken at the salon's counter for this visit, every counter payment (not part of the payment's amount). */
      takenAtSalon: z.number(),
      /** Of that, hers again since the visit was cancelled (docs/decisions/048): handed back, or (handBackDue) still to be. */
      handedBack: z.number(),
      /** Of handedBack, what she has still to collect at the counter (0 once the desk gave it back). */
      handBackDue: z.number(),
      /** When the desk gave it back; null while due, or when there is none. */
      handedBackAt: z.string().nullable(),
    }),
  ),
  /** Every declined card attempt on this payment, oldest first (kept after a later card paid). */
  declines: z.array(z.object({ at: z.string(), message: z.string() })),
});
export type Payment = z.infer<typeof paymentSchema>;

/**
 * A list booked with nothing to pay online is written as a payment of ৳0 through no processor
 * (gateway 'salon'): the order record of its visits, not money taken. The history reads it as
 * 'Pay at the salon' rather than ৳0 charged, and counts it apart from the payments
 * (docs/decisions/030, deposits).
 */
export function isPayAtSalonRecord(payment: Pick<Payment, 'gateway'>): boolean {
  return payment.gateway === 'salon';
}
export const PAY_AT_SALON_LABEL = 'Pay at the salon';

/** Filters of the order list and payment history (dates are salon-local days, inclusive). */
export const listFilterSchema = z.object({
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
  status: z.string().optional(),
  /** 'upcoming' limits bookings to those that have not ended. */
  when: z.enum(['upcoming', 'past', 'all']).optional(),
  /** 'csv' downloads the same list as a spreadsheet file (the lists' 'Download CSV' links). */
  format: z.enum(['json', 'csv']).optional(),
  /**
   * The file's language (its header row and status words), from the page the link is on: a plain
   * link cannot send the page's Accept-Language as the API client does. Absent: Accept-Language.
   */
  lang: z.enum(LANGUAGES).optional(),
});

export const bookingListSchema = z.array(bookingSchema);

/** `PATCH /api/bookings/:id`: the new start, one of the times the availability list offers. */
/**
 * A move: the new start, and the stylist when she (or the salon) picks another; absent, the
 * booking keeps its stylist.
 */
export const moveBookingSchema = z.object({ startsAt: instantSchema, staffId: idSchema.optional() });
export const paymentListSchema = z.array(paymentSchema);

/** The outcome the test gateway's Pay button gets at once (Stripe's arrives by webhook). */
export const confirmResultSchema = z.object({ status: paymentStatusSchema, message: z.string().nullable(), paymentId: idSchema });
export type ConfirmResult = z.infer<typeof confirmResultSchema>;
