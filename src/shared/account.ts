import { z } from 'zod';
import { bookingListSchema, paymentListSchema } from './payments.js';
import { managedReviewSchema } from './review.js';
import { outboxStatusSchema } from './outbox.js';
import { roleSchema } from './user.js';
import { linkedStylistSchema } from './staff.js';
import { sentSmsSchema } from './sms.js';
import { wishSchema } from './waitlist.js';

/**
 * How recent a sign-in must be for an account without a password (Google, Facebook, OIDC) to be
 * deleted: the proof that the person at the keyboard is her, in place of the password.
 */
export const FRESH_SIGN_IN_MINUTES = 5;

export const FRESH_SIGN_IN_MESSAGE = `For your safety, log out and sign in again, then delete your account within ${FRESH_SIGN_IN_MINUTES} minutes.`;
export const WRONG_PASSWORD_MESSAGE = 'Wrong password';
export const PASSWORD_NEEDED_MESSAGE = 'Enter your password to delete your account';
export const LAST_ADMIN_MESSAGE = 'You are the salon’s only admin. Make another account an admin before deleting yours.';

/** `GET /api/me`: what the 'Delete my account' form must ask for. */
export const myAccountSchema = z.object({
  /** She signs in with a password: deleting asks for it again. */
  hasPassword: z.boolean(),
  /** No password and her sign-in is older than FRESH_SIGN_IN_MINUTES: she must sign in again first. */
  freshSignInRequired: z.boolean(),
  /**
   * The stylist the admin linked this account to, while she is on the team (her menu then has
   * 'My day'); null for everyone else. Read with the rest, so the dashboard asks no second question.
   */
  stylist: linkedStylistSchema.nullable(),
});
export type MyAccount = z.infer<typeof myAccountSchema>;

/** `DELETE /api/me`: her password again (accounts without one send no password). */
export const deleteAccountInputSchema = z.object({
  password: z.string().max(128, 'Password must be at most 128 characters').optional(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountInputSchema>;

/** The form's own check: a password account must type it. */
export const deleteAccountFormSchema = z.object({ password: z.string().min(1, PASSWORD_NEEDED_MESSAGE).max(128, 'Password must be at most 128 characters') });

/** What the account's own name and e-mail become once it is deleted. */
export const DELETED_CUSTOMER_NAME = 'Deleted customer';

/** The version of the export's layout, so a reader of an old file knows what it holds. */
export const MY_DATA_FORMAT = 'parlour-my-data/1';

/** `GET /api/me/export`: everything the salon keeps about her, as one JSON file. */
export const myDataSchema = z.object({
  format: z.literal(MY_DATA_FORMAT),
  exportedAt: z.string(),
  profile: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    image: z.string().nullable(),
    role: roleSchema,
    createdAt: z.string(),
    /** 'credential' (e-mail and password), 'google', 'facebook', 'oidc'. */
    signInMethods: z.array(z.string()),
  }),
  /** Where she is signed in: the devices' addresses and browsers, never the session secrets. */
  sessions: z.array(
    z.object({ createdAt: z.string(), expiresAt: z.string(), ipAddress: z.string().nullable(), userAgent: z.string().nullable() }),
  ),
  /** Her booking list (not yet paid): a time with a live hold keeps her place until holdExpiresAt. */
  bookingList: z.array(
    z.object({ id: z.string(), serviceId: z.string(), title: z.string(), startsAt: z.string().nullable(), holdExpiresAt: z.string().nullable(), addedAt: z.string() }),
  ),
  /** Her appointments, as her appointment pages show them. */
  bookings: bookingListSchema,
  /** Her payments with their refunds and declined card attempts, as her payment history shows them. */
  payments: paymentListSchema,
  reviews: z.array(managedReviewSchema),
  /** Messages sent through the contact form from her e-mail address. */
  contactMessages: z.array(
    z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string(), message: z.string(), sentAt: z.string() }),
  ),
  /** E-mails the salon sent to her address. */
  emails: z.array(z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), status: outboxStatusSchema, sentAt: z.string() })),
  /** Her mobile number (E.164), whether she proved it, and whether she turned appointment texts off. */
  mobile: z.object({ phone: z.string().nullable(), verified: z.boolean(), smsOptOut: z.boolean() }),
  /** Texts the salon sent to her number (codes and appointment texts), with what each cost in SMS. */
  texts: z.array(sentSmsSchema.omit({ _id: true, createdAt: true }).extend({ id: z.string(), sentAt: z.string() })),
  /** Every waitlist wish she made (waiting, offered or closed), with her place while it is open. */
  waitlist: z.array(wishSchema),
});
export type MyData = z.infer<typeof myDataSchema>;

/** The domain of a deleted account's placeholder address: reserved (RFC 2606), it never receives mail. */
export const DELETED_ACCOUNT_DOMAIN = 'deleted.invalid';

/**
 * The domain of the address a customer booked at the front desk without an e-mail gets (better-auth
 * needs one per account): reserved like the deleted one, so nothing is ever sent to it.
 */
export const WALK_IN_DOMAIN = 'walk-in.invalid';

/** Whether mail can reach this address: not a deleted account's or a walk-in's placeholder (RFC 2606 .invalid). */
export function receivesEmail(email: string): boolean {
  return !email.toLowerCase().endsWith('.invalid');
}

/** Whether an address is a walk-in's placeholder: shown as no e-mail at all. */
export function isWalkInEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${WALK_IN_DOMAIN}`);
}

/** Whether an address is a deleted account's placeholder, to which nothing is ever sent. */
export function isDeletedAccountEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${DELETED_ACCOUNT_DOMAIN}`);
}
