import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { HttpError } from '../http-error.js';
import { databaseNow, withRetry } from '../booking/capacity.js';
import type { PaymentService } from '../payments/payment-service.js';
import type { BookingService } from '../booking/booking-service.js';
import { announceSessionEnded, announceUserChanged, type SessionRevocations } from '../auth/session-revocations.js';
import { announceReviewsChange } from '../repositories/reviews.js';
import { consumeThrottle } from '../repositories/throttles.js';
import { confirmedBookingsAfter } from '../repositories/bookings.js';
import {
  cancelOpenCheckouts,
  cancelWithoutRefund,
  clearBookingList,
  countAdmins,
  deleteUnusedUploads,
  endSessionsOf,
  eraseTracesOf,
  lockAdminsAndUser,
  lockWishesOf,
  lockConfirmedAhead,
  mailSubjectsOf,
  makeTombstone,
  passwordHashOf,
  placesHeldBy,
  removeReviewsOf,
  roleOf,
} from '../repositories/account-deletion.js';
import { mayStillChange } from '../../shared/booking-rules.js';
import { salonDateOf } from '../../shared/calendar.js';
import type { WaitlistSweeps } from '../booking/waitlist-service.js';
import type { SalonSettings } from '../../shared/salon-settings.js';
import { DELETED_ACCOUNT_DOMAIN } from '../../shared/account.js';
import {
  DELETED_CUSTOMER_NAME,
  FRESH_SIGN_IN_MESSAGE,
  FRESH_SIGN_IN_MINUTES,
  LAST_ADMIN_MESSAGE,
  PASSWORD_NEEDED_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from '../../shared/account.js';
import { dropMailJobs, sweepMailTraces, waitForMailJobs, type MailSubjects } from './mail-traces.js';
import { englishMessage, type CountedTemplate } from '../../shared/i18n/message-templates.js';

/** Passwords one account may try on 'Delete my account' per window: a stolen session cannot guess on. */
export const DELETION_PASSWORD_TRIES = 5;
export const DELETION_PASSWORD_WINDOW_SECONDS = 15 * 60;
/** Her passwords ran out: how long until she may try again (each form a catalogue key). */
const WRONG_PASSWORDS_WAIT: CountedTemplate = {
  one: 'Too many wrong passwords. Try again in {{count, number}} minute.',
  other: 'Too many wrong passwords. Try again in {{count, number}} minutes.',
};

/** How long the request waits for e-mails about her that are being sent right now. */
const MAIL_SETTLE_MS = 5_000;
/** How long, after answering, the clean-up keeps waiting for an e-mail stuck at the SMTP server. */
const LATE_MAIL_SETTLE_MS = 2 * 60_000;

/** The e-mail a deleted account keeps: unique (her id), and a domain that can never receive mail. */
export function deletedAccountEmail(userId: string): string {
  return `deleted-${userId}@${DELETED_ACCOUNT_DOMAIN}`;
}

export type AccountDeletionDeps = {
  db: Db;
  payments: PaymentService;
  /** Cancels (and, through the payments, refunds) her appointments ahead. */
  bookings: BookingService;
  revocations: SessionRevocations;
  salonSettings: () => Promise<SalonSettings>;
  /** The places she held or booked inside the notice are freed: the waitlist hears at once. */
  waitlist: WaitlistSweeps;
  log: FastifyBaseLogger;
  /** better-auth's password check (the same hash the sign-in uses). */
  verifyPassword: (input: { hash: string; password: string }) => Promise<boolean>;
};

/** The signed-in session as the database holds it (never the cookie's cached copy). */
export type CurrentSignIn = { userId: string; createdAt: Date };

/** Whether 'Delete my account' asks for her password, or (no password) for a fresh sign-in. */
export async function deletionRequirements(db: Db, signIn: CurrentSignIn): Promise<{ hasPassword: boolean; freshSignInRequired: boolean }> {
  const hasPassword = (await passwordHashOf(db, signIn.userId)) !== null;
  return { hasPassword, freshSignInRequired: !hasPassword && !isFresh(signIn) };
}

function isFresh(signIn: CurrentSignIn): boolean {
  // better-auth stamps the session with this process's clock, so it is compared with the same.
  return Date.now() - signIn.createdAt.getTime() <= FRESH_SIGN_IN_MINUTES * 60_000;
}

/**
 * Proves that the person asking is the account's owner, and that the salon keeps an admin.
 * Throws without changing anything but the attempt counter: 400 (password missing or wrong), 429
 * (too many wrong ones), 403 (an account without a password whose sign-in is not fresh), 409 (the
 * last admin).
 */
export async function checkDeletionAllowed(deps: AccountDeletionDeps, signIn: CurrentSignIn, password: string | undefined): Promise<void> {
  const { db } = deps;
  const hash = await passwordHashOf(db, signIn.userId);
  if (hash !== null) {
    if (!password) throw new HttpError(400, PASSWORD_NEEDED_MESSAGE, [{ path: 'password', message: PASSWORD_NEEDED_MESSAGE }]);
    const tries = await consumeThrottle(db, deletionThrottleKey(signIn.userId), DELETION_PASSWORD_TRIES, DELETION_PASSWORD_WINDOW_SECONDS);
    if (!tries.allowed) {
      const minutes = Math.ceil(tries.retryAfterSeconds / 60);
      throw new HttpError(429, englishMessage(WRONG_PASSWORDS_WAIT, { count: minutes }));
    }
    if (!(await deps.verifyPassword({ hash, password }))) {
      throw new HttpError(400, WRONG_PASSWORD_MESSAGE, [{ path: 'password', message: WRONG_PASSWORD_MESSAGE }]);
    }
  } else if (!isFresh(signIn)) {
    throw new HttpError(403, FRESH_SIGN_IN_MESSAGE);
  }
  if ((await roleOf(db, signIn.userId)) === 'admin' && (await countAdmins(db)) <= 1) throw new HttpError(409, LAST_ADMIN_MESSAGE);
}

const deletionThrottleKey = (userId: string) => `account-deletion:${userId}`;

export type DeletionOutcome = {
  /** Her reviews were removed: the published testimonials changed. */
  reviewsChanged: boolean;
};

/**
 * Deletes her account (call after checkDeletionAllowed). First, as she could herself, each
 * appointment still ahead beyond the salon's cancellation notice is cancelled and refunded by
 * BookingService.cancel: the refund is asked of the card processor, the place is freed and
 * she is told by e-mail. If a refund fails, the deletion stops there (503) and can be asked again;
 * the cancellations already made stand. Then one transaction cancels, without a refund, the
 * appointments inside the notice (the salon keeps the fee, as it would had she cancelled then),
 * drops her booking list and open checkouts, ends her sessions, removes her reviews, her photo,
 * her messages, the e-mails sent to her and every token and counter filed under her address, and
 * turns her user row into an anonymous tombstone that bookings and payments keep pointing at, so
 * the salon's accounts stay whole (docs/decisions/023-customer-data.md).
 */
export async function deleteAccount(deps: AccountDeletionDeps, userId: string): Promise<DeletionOutcome> {
  const { db, payments: paymentService, log } = deps;
  // A charge whose outcome a crash or a lost webhook kept from us becomes her bookings first, so
  // they are cancelled and refunded below like the rest.
  await paymentService.reconcile({ userId });
  const { cancelNoticeHours, timeZone } = await deps.salonSettings();
  const now = await databaseNow(db);
  const refundable = (await confirmedBookingsAfter(db, userId, now)).filter((b) => mayStillChange(b.startsAt, now, cancelNoticeHours));
  for (const booking of refundable) {
    try {
      await deps.bookings.cancel({ id: userId, role: 'user' }, booking.id);
    } catch (err) {
      // Its notice began a moment ago (or it changed otherwise): the transaction below takes it.
      if (err instanceof HttpError && err.statusCode === 409) continue;
      log.error({ err, bookingId: booking.id }, 'account deletion stopped: an appointment could not be cancelled and refunded');
      throw new HttpError(503, 'A refund could not be made just now, so your account was not deleted. Please try again in a few minutes.');
    }
  }

  const subjects = await mailSubjectsOf(db, userId);
  // The cancellation e-mails just queued go to her while she still has an address.
  await waitForMailJobs(db, subjects, ['created', 'active'], MAIL_SETTLE_MS);

  const done = await withRetry(() => db.transaction((tx) => anonymise(tx, { userId, cancelNoticeHours, timeZone, subjects, waitlist: deps.waitlist })));
  if (!done) return { reviewsChanged: false };

  for (const id of done.sessionIds) deps.revocations.sessionEnded(id);
  deps.revocations.userChanged(userId, done.at);
  for (const ref of done.openIntents) {
    await paymentService.gateway.cancelIntent(ref).catch((err: unknown) => log.warn({ err, ref }, 'could not cancel a payment intent of a deleted account'));
  }
  // An e-mail about her already being handed to the SMTP server when the transaction committed
  // writes its copy afterwards: wait for it and remove that too. Her old address is held only here.
  const settled = await waitForMailJobs(db, subjects, ['active'], MAIL_SETTLE_MS);
  await sweepMailTraces(db, done.email);
  if (!settled) {
    void waitForMailJobs(db, subjects, ['active'], LATE_MAIL_SETTLE_MS)
      .then(() => sweepMailTraces(db, done.email))
      .catch((err: unknown) => log.error({ err, userId }, 'could not remove the last e-mail copies of a deleted account'));
  }
  return { reviewsChanged: done.reviewsChanged };
}

const uploadKeyOf = (url: string | null | undefined) => (url?.startsWith('/uploads/') ? url.slice('/uploads/'.length) : undefined);

type Anonymising = { userId: string; cancelNoticeHours: number; timeZone: string; subjects: MailSubjects; waitlist: WaitlistSweeps };

async function anonymise(tx: Db, { userId, cancelNoticeHours, timeZone, subjects, waitlist }: Anonymising) {
  // Her wishes before any row is locked: a sweep offering her a time must be able to finish.
  await lockWishesOf(tx, userId);
  // The admins first, then her: two admins leaving at once cannot both go.
  const { admins, me } = await lockAdminsAndUser(tx, userId);
  // Already deleted by a request a moment ago (a double click).
  if (!me || me.email === deletedAccountEmail(userId)) return undefined;
  if (me.role === 'admin' && admins.length <= 1) throw new HttpError(409, LAST_ADMIN_MESSAGE);
  const email = me.email.toLowerCase();
  const now = await databaseNow(tx);

  const ahead = await lockConfirmedAhead(tx, userId, now);
  if (ahead.some((b) => mayStillChange(b.startsAt, now, cancelNoticeHours))) {
    // Booked (paid) while the others were being cancelled: it must be refunded like them.
    throw new HttpError(409, 'Your appointments changed while your account was being deleted. Please try again.');
  }
  const freed = [...ahead.map((b) => b.startsAt), ...(await placesHeldBy(tx, userId, now))];
  // Inside the notice: cancelled without a refund (the salon keeps the fee, as it would had she cancelled then).
  await cancelWithoutRefund(tx, ahead.map((b) => b.id), now);
  // Checkouts she had not paid: nothing was charged, so nothing is refunded; a charge that still
  // arrives for one is refunded whole by PaymentService.applyOutcome.
  const openIntents = await cancelOpenCheckouts(tx, userId, now);
  await clearBookingList(tx, userId);
  // The places she held are free once this commits: their days are swept then, as after a
  // cancellation, not at the waitlist's next minute (queued here, so only if it commits).
  for (const date of new Set(freed.map((startsAt) => salonDateOf(startsAt, timeZone)))) await waitlist.queueDay(date, tx);

  const removedReviews = await removeReviewsOf(tx, userId);
  if (removedReviews.length > 0) await announceReviewsChange(tx);

  await eraseTracesOf(tx, userId, email, deletionThrottleKey(userId));
  await dropMailJobs(tx, subjects, email);

  const sessionIds = await endSessionsOf(tx, userId);
  for (const id of sessionIds) await announceSessionEnded(tx, id);
  await makeTombstone(tx, userId, { name: DELETED_CUSTOMER_NAME, email: deletedAccountEmail(userId) }, now);
  await announceUserChanged(tx, userId, now);

  // Her photo (and the photos her reviews kept) with their smaller copies, unless something else
  // still shows the same image.
  const keys = [...new Set([me.image, ...removedReviews.map((r) => r.imageUrl)].map(uploadKeyOf).filter((k): k is string => k !== undefined))];
  await deleteUnusedUploads(tx, keys);
  return { email, at: now, sessionIds, openIntents, reviewsChanged: removedReviews.length > 0 };
}
