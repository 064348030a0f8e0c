import { z } from 'zod';
import { idSchema } from './ids.js';
import { instantSchema, MAX_CART_ITEMS } from './cart.js';
import { counterMethodSchema } from './deposits.js';
import { phoneSchema } from './phone.js';
import { emailSchema, nameSchema } from './user.js';
import { englishMessage } from './i18n/message-templates.js';

/**
 * The front desk (docs/decisions/046): the admin books for a customer who phoned or walked in.
 * She is found among the salon's customers, or recorded with a name and a mobile number (an e-mail
 * only if she gives one), and her visits are booked at once, paid at the counter now or at the visit.
 */

/** A customer as the desk finds her: e-mail null for a walk-in who gave none. */
export const deskCustomerSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string().nullable(),
  /** Her mobile number in E.164, or null. */
  phone: z.string().nullable(),
  /** She proved the number with a code (shared/phone.ts): only then is anything texted to it. */
  phoneVerified: z.boolean(),
  /** She can sign in (a password or another sign-in): a walk-in recorded at the desk cannot until she sets one. */
  hasSignIn: z.boolean(),
});
export type DeskCustomer = z.infer<typeof deskCustomerSchema>;

/** `GET /api/front-desk/customers?q=`: a part of her name, e-mail or number. */
export const deskCustomerQuerySchema = z.object({
  q: z.string().trim().min(2, 'Type at least 2 letters or digits').max(100, 'Search for at most 100 characters'),
});

export const deskCustomerListSchema = z.array(deskCustomerSchema);

/** `POST /api/front-desk/customers`: a new customer, as she gives her details at the desk. */
export const newDeskCustomerSchema = z.object({
  name: nameSchema,
  phone: phoneSchema,
  /** Optional: blank means she gave none (no e-mail is then ever sent to her). */
  email: z
    .string()
    .trim()
    .max(254, 'Enter a valid email address')
    .optional()
    .transform((value) => (value === undefined || value === '' ? undefined : value))
    .pipe(emailSchema.optional()),
});
export type NewDeskCustomer = z.input<typeof newDeskCustomerSchema>;

export const EMAIL_TAKEN_MESSAGE = 'A customer with this e-mail is already registered: find her by name or e-mail above.';

/** How the visits are paid: now, in full, at the counter; or at the visit. */
export const deskPaymentSchema = z.discriminatedUnion(
  'when',
  [z.object({ when: z.literal('now'), method: counterMethodSchema }), z.object({ when: z.literal('at-visit') })],
  { error: 'Choose when she pays' },
);
export type DeskPayment = z.infer<typeof deskPaymentSchema>;

/** `POST /api/front-desk/bookings`. */
export const deskBookingInputSchema = z.object({
  customerId: idSchema,
  items: z
    .array(
      z.object({
        serviceId: idSchema,
        /** Null: any stylist who performs the service and is free then. */
        staffId: idSchema.nullable(),
        startsAt: instantSchema,
      }),
      { error: 'Add at least one service' },
    )
    .min(1, 'Add at least one service')
    .max(MAX_CART_ITEMS, englishMessage('Book at most {{count, number}} services at once', { count: MAX_CART_ITEMS })),
  payment: deskPaymentSchema,
});
export type DeskBookingInput = z.infer<typeof deskBookingInputSchema>;

export const deskBookingResultSchema = z.object({
  customer: deskCustomerSchema,
  bookings: z.array(
    z.object({
      _id: idSchema,
      title: z.string(),
      /** The service's Bangla title, as the booking keeps it (null: none; a Bangla page shows the English one). */
      title_bn: z.string().nullable(),
      startsAt: z.string(),
      endsAt: z.string(),
      staffName: z.string().nullable(),
      price: z.number(),
      /** Taken at the counter now (the price, when she paid now), in taka. */
      paid: z.number(),
    }),
  ),
  /** Her confirmation e-mail was queued (she has an address). */
  emailed: z.boolean(),
});
export type DeskBookingResult = z.infer<typeof deskBookingResultSchema>;
