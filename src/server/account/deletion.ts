import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { account, bookings, cartItems, contactMessages, outbox, payments, reviews, session, throttles, user, verification } from '../db/schema.js';
import { HttpError } from '../http-error.js';
import { databaseNow, withRetry } from '../booking/capacity.js';
import type { PaymentService } from '../payments/payment-service.js';
import { announceSessionEnded, announceUserChanged, type SessionRevocations } from '../auth/session-revocations.js';
import { announceReviewsChange } from '../repositories/reviews.js';
import { consumeThrottle } from '../repositories/throttles.js';
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

/** Passwords one account may try on 'Delete my account' per window: a stolen session cannot guess on. */
export const DELETION_PASSWORD_TRIES = 5;
export const DELETION_PASSWORD_WINDOW_SECONDS = 15 * 60;

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
  revocations: SessionRevocations;
  salonSettings: () => Promise<SalonSettings>;
  log: FastifyBaseLogger;
  /** better-auth's password check (the same hash the sign-in uses). */
  verifyPassword: (input: { hash: string; password: string }) => Promise<boolean>;
};

/** The signed-in session as the database holds it (never the cookie's cached copy). */
export type CurrentSignIn = { userId: string; createdAt: Date };

async function passwordHashOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  return row?.password ?? null;
}

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
      throw new HttpError(429, `Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }
    if (!(await deps.verifyPassword({ hash, password }))) {
      throw new HttpError(400, WRONG_PASSWORD_MESSAGE, [{ path: 'password', message: WRONG_PASSWORD_MESSAGE }]);
    }
  } else if (!isFresh(signIn)) {
    throw new HttpError(403, FRESH_SIGN_IN_MESSAGE);
  }
  const [me] = await db.select({ role: user.role }).from(user).where(eq(user.id, signIn.userId));
  if (me?.role === 'admin' && (await countAdmins(db)) <= 1) throw new HttpError(409, LAST_ADMIN_MESSAGE);
}

const deletionThrottleKey = (userId: string) => `account-deletion:${userId}`;

async function countAdmins(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(user).where(eq(user.role, 'admin'));
  return row?.n ?? 0;
}

export type DeletionOutcome = {
  /** Her reviews were removed: the published testimonials changed. */
  reviewsChanged: boolean;
};

/**
 * Deletes her account (call after checkDeletionAllowed). First, as she could herself, each
 * appointment still ahead beyond the salon's cancellation notice is cancelled and refunded by
 * PaymentService.cancelBooking: the refund is asked of the card processor, the place is freed and
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
  const settings = await deps.salonSettings();
  const noticeMs = settings.cancelNoticeHours * 3_600_000;
  const now = await databaseNow(db);
  const refundable = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.status, 'confirmed'), gt(bookings.startsAt, new Date(now.getTime() + noticeMs))))
    .orderBy(asc(bookings.startsAt));
  for (const booking of refundable) {
    try {
      await paymentService.cancelBooking({ id: userId, role: 'user' }, booking.id);
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

  const done = await withRetry(() => db.transaction((tx) => anonymise(tx, userId, noticeMs, subjects)));
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

async function mailSubjectsOf(db: Db, userId: string): Promise<MailSubjects> {
  const [booked, paid] = await Promise.all([
    db.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, userId)),
    db.select({ id: payments.id }).from(payments).where(eq(payments.userId, userId)),
  ]);
  return { bookingIds: booked.map((b) => b.id), paymentIds: paid.map((p) => p.id) };
}

const uploadKeyOf = (url: string | null | undefined) => (url?.startsWith('/uploads/') ? url.slice('/uploads/'.length) : undefined);

async function anonymise(tx: Db, userId: string, noticeMs: number, subjects: MailSubjects) {
  // The admins first, in id order, as removeAdmin locks them: two admins leaving at once cannot
  // both go, and the two never wait on each other in opposite orders.
  const admins = await tx.select({ id: user.id }).from(user).where(eq(user.role, 'admin')).orderBy(asc(user.id)).for('update');
  const [me] = await tx.select().from(user).where(eq(user.id, userId)).for('update');
  // Already deleted by a request a moment ago (a double click).
  if (!me || me.email === deletedAccountEmail(userId)) return undefined;
  if (me.role === 'admin' && admins.length <= 1) throw new HttpError(409, LAST_ADMIN_MESSAGE);
  const email = me.email.toLowerCase();
  const now = await databaseNow(tx);

  const ahead = await tx
    .select({ id: bookings.id, startsAt: bookings.startsAt })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.status, 'confirmed'), gt(bookings.startsAt, now)))
    .for('update');
  if (ahead.some((b) => b.startsAt.getTime() - now.getTime() >= noticeMs)) {
    // Booked (paid) while the others were being cancelled: it must be refunded like them.
    throw new HttpError(409, 'Your appointments changed while your account was being deleted. Please try again.');
  }
  if (ahead.length > 0) {
    await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now, sequence: sql`${bookings.sequence} + 1` })
      .where(inArray(bookings.id, ahead.map((b) => b.id)));
  }
  // Checkouts she had not paid: nothing was charged, so nothing is refunded; a charge that still
  // arrives for one is refunded whole by PaymentService.applyOutcome.
  const openIntents = await tx
    .update(payments)
    .set({ status: 'canceled', updatedAt: now })
    .where(and(eq(payments.userId, userId), inArray(payments.status, ['pending', 'failed'])))
    .returning({ id: payments.id, ref: payments.gatewayRef });
  if (openIntents.length > 0) {
    await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(and(inArray(bookings.paymentId, openIntents.map((p) => p.id)), eq(bookings.status, 'pending')));
  }
  await tx.delete(cartItems).where(eq(cartItems.userId, userId));

  const removedReviews = await tx.delete(reviews).where(eq(reviews.userId, userId)).returning({ imageUrl: reviews.imageUrl });
  if (removedReviews.length > 0) await announceReviewsChange(tx);

  await tx.delete(contactMessages).where(eq(sql`lower(${contactMessages.email})`, email));
  await tx.delete(outbox).where(or(eq(sql`lower(${outbox.to})`, email), sql`position(${email} in lower(${outbox.text} || coalesce(${outbox.html}, ''))) > 0`));
  await tx
    .delete(verification)
    .where(or(eq(verification.value, userId), sql`position(${email} in lower(${verification.identifier} || ' ' || ${verification.value})) > 0`));
  await tx.delete(throttles).where(or(eq(throttles.key, deletionThrottleKey(userId)), sql`position(${email} in lower(${throttles.key})) > 0`));
  await dropMailJobs(tx, subjects, email);

  const endedSessions = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
  for (const ended of endedSessions) await announceSessionEnded(tx, ended.id);
  await tx.delete(account).where(eq(account.userId, userId));
  await tx
    .update(user)
    .set({ name: DELETED_CUSTOMER_NAME, email: deletedAccountEmail(userId), emailVerified: false, image: null, role: 'user', updatedAt: now })
    .where(eq(user.id, userId));
  await announceUserChanged(tx, userId, now);

  // Her photo (and the photos her reviews kept) with their smaller copies, unless something else
  // still shows the same image.
  const keys = [...new Set([me.image, ...removedReviews.map((r) => r.imageUrl)].map(uploadKeyOf).filter((k): k is string => k !== undefined))];
  if (keys.length > 0) {
    await tx.execute(sql`
      delete from uploads u
      where (u.key = any(${sql.param(keys)}::text[]) or u.original_key = any(${sql.param(keys)}::text[]))
        and not exists (
          select 1 from (
            select image_url as url from services
            union all select image from "user"
            union all select image_url from reviews
            union all select image_url from bookings
          ) r where r.url = '/uploads/' || coalesce(u.original_key, u.key))`);
  }
  return { email, at: now, sessionIds: endedSessions.map((s) => s.id), openIntents: openIntents.map((p) => p.ref), reviewsChanged: removedReviews.length > 0 };
}
