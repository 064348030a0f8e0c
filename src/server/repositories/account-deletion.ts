/**
 * The rows 'Delete my account' reads and writes (the rules live in account/deletion.ts): her
 * password, the admins, her appointments and checkouts, every trace filed under her address, and
 * the tombstone her user row becomes. The writes take the transaction they are given.
 */
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { account, bookings, cartItems, contactMessages, outbox, payments, reviews, session, staff, throttles, user, verification, waitlistWishes } from '../db/schema.js';
import type { MailSubjects } from '../account/mail-traces.js';
import { erasePhoneOf } from './phones.js';
import { eraseSmsOf } from './sms.js';

export async function passwordHashOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  return row?.password ?? null;
}

export async function roleOf(db: Db, userId: string): Promise<string | null | undefined> {
  const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, userId));
  return row?.role;
}

export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(user).where(eq(user.role, 'admin'));
  return row?.n ?? 0;
}

/** The bookings and payments e-mails about her may name. */
export async function mailSubjectsOf(db: Db, userId: string): Promise<MailSubjects> {
  const [booked, paid] = await Promise.all([
    db.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, userId)),
    db.select({ id: payments.id }).from(payments).where(eq(payments.userId, userId)),
  ]);
  return { bookingIds: booked.map((b) => b.id), paymentIds: paid.map((p) => p.id) };
}

/**
 * The admins, in id order (as removeAdmin locks them: two admins leaving at once never wait on
 * each other in opposite orders), then her own row; all locked.
 */
/**
 * Her waitlist wishes, locked before anything else of hers. A waitlist sweep holds the wishes it
 * offers and then holds the time in a transaction of its own, which inserts a booking-list row
 * referencing her user row. Were her user row locked first, that insert would wait for this
 * deletion, this deletion for the sweep's wish, and the sweep for its insert: a cycle through the
 * application that PostgreSQL cannot see, so both hung (found under load in waitlist.test.ts).
 * Waiting for her wishes first, holding nothing, lets the sweep finish; a sweep that comes later
 * skips the wishes this holds.
 */
export async function lockWishesOf(tx: Db, userId: string): Promise<void> {
  await tx.select({ id: waitlistWishes.id }).from(waitlistWishes).where(eq(waitlistWishes.userId, userId)).for('update');
}

export async function lockAdminsAndUser(tx: Db, userId: string) {
  const admins = await tx.select({ id: user.id }).from(user).where(eq(user.role, 'admin')).orderBy(asc(user.id)).for('update');
  const [me] = await tx.select().from(user).where(eq(user.id, userId)).for('update');
  return { admins, me };
}

/** Her confirmed appointments still ahead, locked. */
export async function lockConfirmedAhead(tx: Db, userId: string, now: Date): Promise<{ id: string; startsAt: Date }[]> {
  return tx
    .select({ id: bookings.id, startsAt: bookings.startsAt })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.status, 'confirmed'), gt(bookings.startsAt, now)))
    .for('update');
}

/** Cancels these appointments without a refund (a new iCalendar sequence: calendars drop them). */
export async function cancelWithoutRefund(tx: Db, bookingIds: string[], now: Date): Promise<void> {
  if (bookingIds.length === 0) return;
  await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now, sequence: sql`${bookings.sequence} + 1` })
    .where(inArray(bookings.id, bookingIds));
}

/** Cancels her unpaid checkouts and their pending bookings; answers the processor's references. */
export async function cancelOpenCheckouts(tx: Db, userId: string, now: Date): Promise<string[]> {
  const open = await tx
    .update(payments)
    .set({ status: 'canceled', updatedAt: now })
    .where(and(eq(payments.userId, userId), inArray(payments.status, ['pending', 'failed'])))
    .returning({ id: payments.id, ref: payments.gatewayRef });
  if (open.length > 0) {
    await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(and(inArray(bookings.paymentId, open.map((p) => p.id)), eq(bookings.status, 'pending')));
  }
  return open.map((p) => p.ref);
}

/**
 * The starts of the places her booking list holds (a live hold) and of her unpaid checkouts' visits:
 * clearing them frees those places for the waitlist.
 */
export async function placesHeldBy(tx: Db, userId: string, now: Date): Promise<Date[]> {
  const [held, paying] = await Promise.all([
    tx
      .select({ startsAt: cartItems.startsAt })
      .from(cartItems)
      .where(and(eq(cartItems.userId, userId), gt(cartItems.holdExpiresAt, now))),
    tx
      .select({ startsAt: bookings.startsAt })
      .from(bookings)
      .where(and(eq(bookings.userId, userId), eq(bookings.status, 'pending'), gt(bookings.startsAt, now))),
  ]);
  return [...held, ...paying].flatMap((row) => (row.startsAt ? [row.startsAt] : []));
}

export async function clearBookingList(tx: Db, userId: string): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.userId, userId));
  // Her places on the waitlist go with her list: nobody is left to offer them to.
  await tx.delete(waitlistWishes).where(eq(waitlistWishes.userId, userId));
}

/** Removes her reviews; answers the images they showed. */
export async function removeReviewsOf(tx: Db, userId: string): Promise<{ imageUrl: string | null }[]> {
  return tx.delete(reviews).where(eq(reviews.userId, userId)).returning({ imageUrl: reviews.imageUrl });
}

/** Her messages, the e-mails sent to her, and every token and counter filed under her address or id. */
export async function eraseTracesOf(tx: Db, userId: string, email: string, throttleKey: string): Promise<void> {
  await tx.delete(contactMessages).where(eq(sql`lower(${contactMessages.email})`, email));
  await tx.delete(outbox).where(or(eq(sql`lower(${outbox.to})`, email), sql`position(${email} in lower(${outbox.text} || coalesce(${outbox.html}, ''))) > 0`));
  await tx
    .delete(verification)
    .where(or(eq(verification.value, userId), sql`position(${email} in lower(${verification.identifier} || ' ' || ${verification.value})) > 0`));
  await tx.delete(throttles).where(or(eq(throttles.key, throttleKey), sql`position(${email} in lower(${throttles.key})) > 0`));
  // Her number, its codes and her SMS choice go; her texts keep only what the month's count needs.
  await erasePhoneOf(tx, userId);
  await eraseSmsOf(tx, userId);
}

/** Ends her sessions; answers their ids. */
export async function endSessionsOf(tx: Db, userId: string): Promise<string[]> {
  const ended = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
  return ended.map((s) => s.id);
}

/** Her sign-in accounts go, and her user row becomes the tombstone bookings and payments keep pointing at. */
export async function makeTombstone(tx: Db, userId: string, tombstone: { name: string; email: string }, now: Date): Promise<void> {
  await tx.delete(account).where(eq(account.userId, userId));
  // A stylist keeps her place on the team and her visits; only the link to this account goes.
  await tx.update(staff).set({ userId: null }).where(eq(staff.userId, userId));
  await tx
    .update(user)
    .set({ name: tombstone.name, email: tombstone.email, emailVerified: false, image: null, role: 'user', updatedAt: now })
    .where(eq(user.id, userId));
}

/** Deletes these uploads with their smaller copies, unless something else still shows the same image. */
export async function deleteUnusedUploads(tx: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
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
