import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { bookings, paymentEvents, payments, user } from '../db/schema.js';
import { fromMinorUnits } from '../../shared/money.js';
import type { Booking, BookingStatus, Payment, PaymentStatus } from '../../shared/payments.js';
import { bookingStatusSchema, paymentStatusSchema } from '../../shared/payments.js';
import type { SalonSettings } from '../../shared/salon-settings.js';
import { addCalendarDays, salonDayStart } from '../../shared/calendar.js';

export type Viewer = { id: string; role: 'user' | 'admin' };
export type ListFilter = { from?: string | undefined; to?: string | undefined; status?: string | undefined; when?: 'upcoming' | 'past' | 'all' | undefined };

function dateRange(column: typeof bookings.startsAt | typeof payments.createdAt, filter: ListFilter, timeZone: string): SQL[] {
  const conditions: SQL[] = [];
  if (filter.from) conditions.push(gte(column, salonDayStart(filter.from, timeZone)));
  if (filter.to) conditions.push(lt(column, salonDayStart(addCalendarDays(filter.to, 1), timeZone)));
  return conditions;
}

/** A page shows the newest 500; an export (CSV) takes up to this many, a salon's years of visits. */
export const EXPORT_ROW_LIMIT = 10_000;

export async function listBookings(db: Db, viewer: Viewer, filter: ListFilter, settings: SalonSettings, now: Date, limit = 500): Promise<Booking[]> {
  const conditions: SQL[] = [...dateRange(bookings.startsAt, filter, settings.timeZone)];
  if (viewer.role !== 'admin') conditions.push(eq(bookings.userId, viewer.id));
  const status = bookingStatusSchema.safeParse(filter.status);
  // Pending bookings are an unpaid checkout, not an appointment: shown only when asked for.
  conditions.push(status.success ? eq(bookings.status, status.data) : inArray(bookings.status, ['confirmed', 'completed', 'cancelled', 'no-show']));
  if (filter.when === 'upcoming') conditions.push(sql`${bookings.endsAt} > ${now.toISOString()}::timestamptz`);
  if (filter.when === 'past') conditions.push(sql`${bookings.endsAt} <= ${now.toISOString()}::timestamptz`);
  const rows = await db
    .select({ booking: bookings, name: user.name, email: user.email })
    .from(bookings)
    .innerJoin(user, eq(user.id, bookings.userId))
    .where(and(...conditions))
    .orderBy(filter.when === 'upcoming' ? asc(bookings.startsAt) : desc(bookings.startsAt), asc(bookings.id))
    .limit(limit);
  return rows.map(({ booking, name, email }) => toBookingDto(booking, { name, email }, viewer, settings, now));
}

export async function findBooking(db: Db, viewer: Viewer, id: string, settings: SalonSettings, now: Date): Promise<Booking | undefined> {
  const [row] = await db
    .select({ booking: bookings, name: user.name, email: user.email })
    .from(bookings)
    .innerJoin(user, eq(user.id, bookings.userId))
    .where(and(eq(bookings.id, id), viewer.role === 'admin' ? undefined : eq(bookings.userId, viewer.id)));
  return row ? toBookingDto(row.booking, { name: row.name, email: row.email }, viewer, settings, now) : undefined;
}

function toBookingDto(
  row: typeof bookings.$inferSelect,
  customer: { name: string; email: string },
  viewer: Viewer,
  settings: SalonSettings,
  now: Date,
): Booking {
  const confirmed = row.status === 'confirmed';
  const beforeNotice = row.startsAt.getTime() - now.getTime() >= settings.cancelNoticeHours * 3600_000;
  return {
    _id: row.id,
    paymentId: row.paymentId,
    serviceId: row.serviceId,
    title: row.title,
    price: fromMinorUnits(row.priceMinor),
    duration: row.durationMinutes,
    image_url: row.imageUrl,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: row.status as BookingStatus,
    refunded: fromMinorUnits(row.refundedMinor),
    customer,
    canCancel: confirmed && (viewer.role === 'admin' || beforeNotice),
    canComplete: viewer.role === 'admin' && confirmed && row.startsAt <= now,
    // The same limit as cancelling: inside the notice the salon has already planned her visit.
    canMove: confirmed && (viewer.role === 'admin' || beforeNotice),
  };
}

export async function listPayments(db: Db, viewer: Viewer, filter: ListFilter, settings: SalonSettings, limit = 500): Promise<Payment[]> {
  const conditions: SQL[] = [...dateRange(payments.createdAt, filter, settings.timeZone)];
  if (viewer.role !== 'admin') conditions.push(eq(payments.userId, viewer.id));
  const status = paymentStatusSchema.safeParse(filter.status);
  if (status.success && status.data === 'failed') {
    // Every payment with a declined card attempt, even one a later card paid or a new checkout
    // replaced: the admin looks here for cards that keep failing.
    conditions.push(
      sql`(${payments.status} = 'failed' or exists (select 1 from ${paymentEvents} e where e.payment_id = ${payments.id} and e.type = 'failed'))`,
    );
  } else {
    // A checkout that was never paid and was replaced is noise in a history.
    conditions.push(status.success ? eq(payments.status, status.data) : sql`${payments.status} <> 'canceled'`);
  }
  const rows = await db
    .select({ payment: payments, name: user.name, email: user.email })
    .from(payments)
    .innerJoin(user, eq(user.id, payments.userId))
    .where(and(...conditions))
    .orderBy(desc(payments.createdAt), asc(payments.id))
    .limit(limit);
  return withServices(db, rows);
}

export async function findPayment(db: Db, viewer: Viewer, id: string): Promise<Payment | undefined> {
  const rows = await db
    .select({ payment: payments, name: user.name, email: user.email })
    .from(payments)
    .innerJoin(user, eq(user.id, payments.userId))
    .where(and(eq(payments.id, id), viewer.role === 'admin' ? undefined : eq(payments.userId, viewer.id)));
  return (await withServices(db, rows))[0];
}

async function withServices(db: Db, rows: { payment: typeof payments.$inferSelect; name: string; email: string }[]): Promise<Payment[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.payment.id);
  const items = await db.select().from(bookings).where(inArray(bookings.paymentId, ids)).orderBy(asc(bookings.startsAt));
  const declines = await db
    .select({ paymentId: paymentEvents.paymentId, at: paymentEvents.receivedAt, message: paymentEvents.message })
    .from(paymentEvents)
    .where(and(inArray(paymentEvents.paymentId, ids), eq(paymentEvents.type, 'failed')))
    .orderBy(asc(paymentEvents.receivedAt));
  return rows.map(({ payment, name, email }) => ({
    _id: payment.id,
    amount: fromMinorUnits(payment.amountMinor),
    refunded: fromMinorUnits(payment.refundedMinor),
    currency: payment.currency,
    status: payment.status as PaymentStatus,
    gateway: payment.gateway,
    gatewayRef: payment.gatewayRef,
    failureMessage: payment.failureMessage,
    createdAt: payment.createdAt.toISOString(),
    paidAt: payment.paidAt ? payment.paidAt.toISOString() : null,
    customer: { name, email },
    services: items
      .filter((b) => b.paymentId === payment.id)
      .map((b) => ({ bookingId: b.id, title: b.title, price: fromMinorUnits(b.priceMinor), startsAt: b.startsAt.toISOString(), status: b.status as BookingStatus })),
    declines: declines
      .filter((d) => d.paymentId === payment.id)
      .map((d) => ({ at: d.at.toISOString(), message: d.message ?? 'The card was declined.' })),
  }));
}
