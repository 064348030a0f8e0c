import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { bookings, counterPayments, counterRefunds, paymentEvents, payments, staff, user, userProfiles } from '../db/schema.js';
import { isWalkInEmail } from '../../shared/account.js';
import { fromMinorUnits } from '../../shared/money.js';
import type { Booking, BookingStatus, CustomerContact, Payment, PaymentMethod, PaymentStatus } from '../../shared/payments.js';
import { bookingStatusSchema, paymentStatusSchema } from '../../shared/payments.js';
import type { SalonSettings } from '../../shared/salon-settings.js';
import { addCalendarDays, salonDayStart } from '../../shared/calendar.js';
import { customerMayCancel, mayStillChange } from '../../shared/booking-rules.js';
import { bookingMoneyOf, handBackFigures, type CounterHandBack, type CounterMethod } from '../../shared/deposits.js';
import type { Actor } from '../types.js';

export type ListFilter = { from?: string | undefined; to?: string | undefined; status?: string | undefined; when?: 'upcoming' | 'past' | 'all' | undefined };

function dateRange(column: typeof bookings.startsAt | typeof payments.createdAt, filter: ListFilter, timeZone: string): SQL[] {
  const conditions: SQL[] = [];
  if (filter.from) conditions.push(gte(column, salonDayStart(filter.from, timeZone)));
  if (filter.to) conditions.push(lt(column, salonDayStart(addCalendarDays(filter.to, 1), timeZone)));
  return conditions;
}

/** A page shows the newest 500; an export (CSV) takes up to this many, a salon's years of visits. */
export const EXPORT_ROW_LIMIT = 10_000;

export async function listBookings(db: Db, viewer: Actor, filter: ListFilter, settings: SalonSettings, now: Date, limit = 500): Promise<Booking[]> {
  const conditions: SQL[] = [...dateRange(bookings.startsAt, filter, settings.timeZone)];
  if (viewer.role !== 'admin') conditions.push(eq(bookings.userId, viewer.id));
  const status = bookingStatusSchema.safeParse(filter.status);
  // Pending bookings are an unpaid checkout, not an appointment: shown only when asked for.
  conditions.push(status.success ? eq(bookings.status, status.data) : inArray(bookings.status, ['confirmed', 'completed', 'cancelled', 'no-show']));
  // A checkout that was never paid leaves its bookings cancelled when a new checkout replaces it:
  // nobody booked or cancelled a visit there, so they are no appointment in this list (nor in the
  // admin summary's cancellations, which count these same rows).
  if (!(status.success && status.data === 'pending')) {
    conditions.push(sql`exists (select 1 from ${payments} p where p.id = ${bookings.paymentId} and p.paid_at is not null)`);
  }
  if (filter.when === 'upcoming') conditions.push(sql`${bookings.endsAt} > ${now.toISOString()}::timestamptz`);
  if (filter.when === 'past') conditions.push(sql`${bookings.endsAt} <= ${now.toISOString()}::timestamptz`);
  const rows = await db
    .select({ booking: bookings, name: user.name, email: user.email, phone: userProfiles.phone, staffName: staff.name, counter: counterOfBooking, handBack: handBackOfBooking, paidBy: paidByOfBooking })
    .from(bookings)
    .innerJoin(user, eq(user.id, bookings.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, bookings.userId))
    .leftJoin(staff, eq(staff.id, bookings.staffId))
    .leftJoin(counterRefunds, eq(counterRefunds.bookingId, bookings.id))
    .where(and(...conditions))
    .orderBy(filter.when === 'upcoming' ? asc(bookings.startsAt) : desc(bookings.startsAt), asc(bookings.id))
    .limit(limit);
  return rows.map(({ booking, name, email, phone, staffName, counter, handBack, paidBy }) =>
    toBookingDto({ ...booking, paidBy, handBack: handBackOf(handBack) }, contactOf(name, email, phone), staffName, counter, viewer, settings, now),
  );
}

export async function findBooking(db: Db, viewer: Actor, id: string, settings: SalonSettings, now: Date): Promise<Booking | undefined> {
  const [row] = await db
    .select({ booking: bookings, name: user.name, email: user.email, phone: userProfiles.phone, staffName: staff.name, counter: counterOfBooking, handBack: handBackOfBooking, paidBy: paidByOfBooking })
    .from(bookings)
    .innerJoin(user, eq(user.id, bookings.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, bookings.userId))
    .leftJoin(staff, eq(staff.id, bookings.staffId))
    .leftJoin(counterRefunds, eq(counterRefunds.bookingId, bookings.id))
    .where(and(eq(bookings.id, id), viewer.role === 'admin' ? undefined : eq(bookings.userId, viewer.id)));
  return row ? toBookingDto({ ...row.booking, paidBy: row.paidBy, handBack: handBackOf(row.handBack) }, contactOf(row.name, row.email, row.phone), row.staffName, row.counter, viewer, settings, now) : undefined;
}

/** Her contact as the salon shows it: a walk-in's placeholder address is no e-mail at all. */
function contactOf(name: string, email: string, phone: string | null): CustomerContact {
  return { name, email: isWalkInEmail(email) ? null : email, phone };
}

type CounterRow = { id: string; amountMinor: number; method: CounterMethod; at: string };

/** The booking's counter payments, oldest first, as one JSON column of the row that reads it. */
const counterOfBooking = sql<CounterRow[]>`coalesce((
  select json_agg(json_build_object('id', cp.id, 'amountMinor', cp.amount_minor, 'method', cp.method, 'at', cp.created_at) order by cp.created_at, cp.id)
  from ${counterPayments} cp where cp.booking_id = ${bookings.id}), '[]'::json)`;

/** Every counter payment of the booking summed (minor units; 0 when none). */
const counterTakenOfBooking = sql<number>`coalesce((select sum(cp.amount_minor) from ${counterPayments} cp where cp.booking_id = ${bookings.id}), 0)`.mapWith(Number);

/**
 * The counter's money going back to her since the booking was cancelled, and when the desk gave it
 * back, from the booking's counter_refunds row (left-joined: one at most, a unique index), or none.
 */
const handBackOfBooking = { amountMinor: counterRefunds.amountMinor, at: counterRefunds.handedBackAt };

/** The joined row (null when the booking has none: Drizzle answers a left join's missing row so). */
function handBackOf(row: { amountMinor: number; at: Date | null } | null): CounterHandBack | null {
  return row ? { amountMinor: row.amountMinor, at: row.at ? row.at.toISOString() : null } : null;
}

/** How she paid online for the booking (where a refund goes back), from its payment. */
const paidByOfBooking = sql<PaymentMethod | null>`(select p.method from ${payments} p where p.id = ${bookings.paymentId})`;

function toBookingDto(
  row: typeof bookings.$inferSelect & { paidBy: PaymentMethod | null; handBack: CounterHandBack | null },
  customer: CustomerContact,
  staffName: string | null,
  counter: CounterRow[],
  viewer: Actor,
  settings: SalonSettings,
  now: Date,
): Booking {
  const confirmed = row.status === 'confirmed';
  const beforeNotice = mayStillChange(row.startsAt, now, settings.cancelNoticeHours);
  return {
    _id: row.id,
    paymentId: row.paymentId,
    serviceId: row.serviceId,
    title: row.title,
    title_bn: row.titleBn,
    price: fromMinorUnits(row.priceMinor),
    duration: row.durationMinutes,
    image_url: row.imageUrl,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: row.status as BookingStatus,
    refunded: fromMinorUnits(row.refundedMinor),
    customer,
    staffId: row.staffId,
    staffName,
    staffFreeAt: row.staffFreeAt ? row.staffFreeAt.toISOString() : null,
    money: bookingMoneyOf(row, counter, row.handBack),
    // A decided cancellation (its refund under way or to be retried) may be asked again, by whoever
    // decided it, and nothing else.
    canCancel: confirmed && (viewer.role === 'admin' || customerMayCancel(row, beforeNotice) || row.cancelRequestedAt !== null),
    canComplete: viewer.role === 'admin' && confirmed && row.startsAt <= now && row.cancelRequestedAt === null,
    // The same limit as cancelling: inside the notice the salon has already planned her visit.
    canMove: confirmed && (viewer.role === 'admin' || beforeNotice) && row.cancelRequestedAt === null,
  };
}

export async function listPayments(db: Db, viewer: Actor, filter: ListFilter, settings: SalonSettings, limit = 500): Promise<Payment[]> {
  const conditions: SQL[] = [...dateRange(payments.createdAt, filter, settings.timeZone)];
  if (viewer.role !== 'admin') conditions.push(eq(payments.userId, viewer.id));
  const status = paymentStatusSchema.safeParse(filter.status);
  if (status.success && status.data === 'failed') {
    // Payments that did not go through: declined (and not paid since), or given up after a decline
    // and replaced by a new checkout. One a later card paid is not a failure (its declines show
    // as earlier attempts under it), nor is a paid one that was refunded.
    conditions.push(
      sql`${payments.paidAt} is null and (${payments.status} = 'failed' or exists (select 1 from ${paymentEvents} e where e.payment_id = ${payments.id} and e.type = 'failed'))`,
    );
  } else {
    // A checkout that was never paid and was replaced is noise in a history.
    conditions.push(status.success ? eq(payments.status, status.data) : sql`${payments.status} <> 'canceled'`);
  }
  const rows = await db
    .select({ payment: payments, name: user.name, email: user.email, phone: userProfiles.phone })
    .from(payments)
    .innerJoin(user, eq(user.id, payments.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, payments.userId))
    .where(and(...conditions))
    .orderBy(desc(payments.createdAt), asc(payments.id))
    .limit(limit);
  return withServices(db, rows);
}

export async function findPayment(db: Db, viewer: Actor, id: string): Promise<Payment | undefined> {
  const rows = await db
    .select({ payment: payments, name: user.name, email: user.email, phone: userProfiles.phone })
    .from(payments)
    .innerJoin(user, eq(user.id, payments.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, payments.userId))
    .where(and(eq(payments.id, id), viewer.role === 'admin' ? undefined : eq(payments.userId, viewer.id)));
  return (await withServices(db, rows))[0];
}

async function withServices(db: Db, rows: { payment: typeof payments.$inferSelect; name: string; email: string; phone: string | null }[]): Promise<Payment[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.payment.id);
  const items = await db
    .select({ booking: bookings, staffName: staff.name, counterTaken: counterTakenOfBooking, handBack: handBackOfBooking })
    .from(bookings)
    .leftJoin(staff, eq(staff.id, bookings.staffId))
    .leftJoin(counterRefunds, eq(counterRefunds.bookingId, bookings.id))
    .where(inArray(bookings.paymentId, ids))
    .orderBy(asc(bookings.startsAt));
  const declines = await db
    .select({ paymentId: paymentEvents.paymentId, at: paymentEvents.receivedAt, message: paymentEvents.message })
    .from(paymentEvents)
    .where(and(inArray(paymentEvents.paymentId, ids), eq(paymentEvents.type, 'failed')))
    .orderBy(asc(paymentEvents.receivedAt));
  return rows.map(({ payment, name, email, phone }) => ({
    _id: payment.id,
    amount: fromMinorUnits(payment.amountMinor),
    refunded: fromMinorUnits(payment.refundedMinor),
    currency: payment.currency,
    status: payment.status as PaymentStatus,
    gateway: payment.gateway,
    gatewayRef: payment.gatewayRef,
    method: payment.method,
    failureMessage: payment.failureMessage,
    createdAt: payment.createdAt.toISOString(),
    paidAt: payment.paidAt ? payment.paidAt.toISOString() : null,
    customer: contactOf(name, email, phone),
    services: items
      .filter(({ booking: b }) => b.paymentId === payment.id)
      .map(({ booking: b, staffName, counterTaken, handBack }) => ({
        bookingId: b.id,
        title: b.title,
        title_bn: b.titleBn,
        price: fromMinorUnits(b.priceMinor),
        online: fromMinorUnits(b.onlineMinor),
        plan: b.payPlan,
        startsAt: b.startsAt.toISOString(),
        status: b.status as BookingStatus,
        staffName,
        takenAtSalon: fromMinorUnits(counterTaken),
        ...handBackFigures(handBackOf(handBack)),
      })),
    declines: declines
      .filter((d) => d.paymentId === payment.id)
      .map((d) => ({ at: d.at.toISOString(), message: d.message ?? 'The card was declined.' })),
  }));
}

export type BookingRow = typeof bookings.$inferSelect;

/**
 * The booking, locked until the transaction ends; given `ownerId`, only if it is hers (another
 * customer's booking is not found, exactly like an id that does not exist).
 */
export async function lockBooking(tx: Db, bookingId: string, ownerId?: string): Promise<BookingRow | undefined> {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), ownerId === undefined ? undefined : eq(bookings.userId, ownerId)))
    .for('update');
  return row;
}

/**
 * A move's write: the new time (and stylist, when she has one), a new iCalendar sequence, and the
 * reminder due again.
 */
export async function moveBookingTime(
  tx: Db,
  bookingId: string,
  move: { startsAt: Date; endsAt: Date; stylist?: { staffId: string; staffFreeAt: Date } },
  now: Date,
): Promise<void> {
  const { startsAt, endsAt, stylist } = move;
  await tx
    .update(bookings)
    .set({
      startsAt,
      endsAt,
      durationMinutes: Math.round((endsAt.getTime() - startsAt.getTime()) / 60_000),
      ...(stylist ? { staffId: stylist.staffId, staffFreeAt: stylist.staffFreeAt } : {}),
      sequence: sql`${bookings.sequence} + 1`,
      reminderSentAt: null,
      updatedAt: now,
    })
    .where(eq(bookings.id, bookingId));
}

/** Marks a visit completed or a no-show, or (reopen) confirms it again. */
/** A visit confirmed again (reopen) or marked a no-show; completing it is completeBooking's. */
export async function setBookingStatus(tx: Db, bookingId: string, status: 'confirmed' | 'no-show', now: Date): Promise<void> {
  await tx.update(bookings).set({ status, updatedAt: now }).where(eq(bookings.id, bookingId));
}

/**
 * Marks a locked booking completed, stamping when she was first asked for a review; answers whether
 * this completion is the first (a completion undone and marked again asks nobody twice).
 */
export async function completeBooking(tx: Db, booking: BookingRow, now: Date): Promise<{ firstReviewRequest: boolean }> {
  await tx
    .update(bookings)
    .set({ status: 'completed', updatedAt: now, reviewRequestedAt: booking.reviewRequestedAt ?? now })
    .where(eq(bookings.id, booking.id));
  return { firstReviewRequest: booking.reviewRequestedAt === null };
}

/** The booking's row as its calendar file is built from it, with its stylist's name (null: none). */
export async function bookingRow(db: Db, bookingId: string): Promise<(BookingRow & { staffName: string | null }) | undefined> {
  const [row] = await db
    .select({ booking: bookings, staffName: staff.name })
    .from(bookings)
    .leftJoin(staff, eq(staff.id, bookings.staffId))
    .where(eq(bookings.id, bookingId));
  return row ? { ...row.booking, staffName: row.staffName } : undefined;
}

/** Her confirmed appointments starting after `after`, soonest first. */
export async function confirmedBookingsAfter(db: Db, userId: string, after: Date): Promise<{ id: string; startsAt: Date }[]> {
  return db
    .select({ id: bookings.id, startsAt: bookings.startsAt })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.status, 'confirmed'), gt(bookings.startsAt, after)))
    .orderBy(asc(bookings.startsAt));
}

/** The bookings a payment confirmed, earliest first, with their stylists' names. */
export async function confirmedBookingsOf(db: Db, paymentId: string) {
  return db
    .select({
      id: bookings.id,
      title: bookings.title,
      titleBn: bookings.titleBn,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      priceMinor: bookings.priceMinor,
      staffName: staff.name,
    })
    .from(bookings)
    .leftJoin(staff, eq(staff.id, bookings.staffId))
    .where(and(eq(bookings.paymentId, paymentId), eq(bookings.status, 'confirmed')))
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
}

/** What has been taken at the salon for this booking so far (minor units). */
export async function counterPaidMinor(tx: Db, bookingId: string): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<number>`coalesce(sum(${counterPayments.amountMinor}), 0)::int` })
    .from(counterPayments)
    .where(eq(counterPayments.bookingId, bookingId));
  return row?.sum ?? 0;
}

export async function insertCounterPayment(tx: Db, values: { bookingId: string; amountMinor: number; method: CounterMethod; recordedBy: string }): Promise<void> {
  await tx.insert(counterPayments).values(values);
}

/**
 * The counter's money of a cancelled booking, handed back (docs/decisions/048). Once per booking
 * (a unique index): a cancellation asked again records nothing more.
 */
export async function insertCounterRefund(tx: Db, values: { bookingId: string; amountMinor: number; handedBackBy: string | null; handedBackAt: Date | null }): Promise<void> {
  await tx.insert(counterRefunds).values(values).onConflictDoNothing({ target: counterRefunds.bookingId });
}

/**
 * Records that the desk gave a cancelled booking's counter money back to her: once, whoever asks
 * first. The condition is the guard (no lock is read first): of two desks pressing at once, the
 * second's update waits for the first's row and, finding it handed back, changes nothing.
 * Answers 'handed-back' (this call recorded it), 'already' (an earlier one did), or 'none' (the
 * booking has no counter money to give back).
 */
export async function markCounterRefundHandedBack(db: Db, bookingId: string, adminId: string): Promise<'handed-back' | 'already' | 'none'> {
  const updated = await db
    .update(counterRefunds)
    .set({ handedBackAt: sql`now()`, handedBackBy: adminId })
    .where(and(eq(counterRefunds.bookingId, bookingId), isNull(counterRefunds.handedBackAt)))
    .returning({ id: counterRefunds.id });
  if (updated.length > 0) return 'handed-back';
  const [existing] = await db.select({ id: counterRefunds.id }).from(counterRefunds).where(eq(counterRefunds.bookingId, bookingId));
  return existing ? 'already' : 'none';
}
