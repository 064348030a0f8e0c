/**
 * The rows a cancellation reads and writes (the rules live in BookingService.cancel): the
 * booking with its payment under their row locks, the decision, the record of the refund, and the
 * decided cancellations the reconciler finishes.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { bookings, payments } from '../db/schema.js';
import { rowsOf } from '../db/rows.js';

export type BookingWithPayment = { booking: typeof bookings.$inferSelect; payment: typeof payments.$inferSelect };

/** The booking and its payment, both locked until the transaction ends. */
export async function lockBookingWithPayment(tx: Db, bookingId: string): Promise<BookingWithPayment | undefined> {
  const [row] = await tx
    .select({ booking: bookings, payment: payments })
    .from(bookings)
    .innerJoin(payments, eq(payments.id, bookings.paymentId))
    .where(eq(bookings.id, bookingId))
    .for('update');
  return row;
}

/** The decision, with what it refunds: the reconciler finishes it with the same amount. */
export async function markCancelRequested(tx: Db, bookingId: string, by: 'customer' | 'salon', refundMinor: number, now: Date): Promise<void> {
  await tx
    .update(bookings)
    .set({ cancelRequestedAt: now, cancelRequestedBy: by, cancelRefundMinor: refundMinor, updatedAt: now })
    .where(eq(bookings.id, bookingId));
}

/** The booking is cancelled with its refund; the payment counts it (never beyond what was paid). */
export async function recordCancellation(tx: Db, row: BookingWithPayment, refundMinor: number, now: Date): Promise<void> {
  await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: now, sequence: sql`${bookings.sequence} + 1` })
    .where(eq(bookings.id, row.booking.id));
  await recordRefund(tx, row, refundMinor, now);
}

/** A refund of the booking, whatever its state: on the booking and counted by its payment. */
export async function recordRefund(tx: Db, row: BookingWithPayment, refundMinor: number, now: Date): Promise<void> {
  await tx.update(bookings).set({ refundedMinor: refundMinor, updatedAt: now }).where(eq(bookings.id, row.booking.id));
  // A kept deposit or a visit paid at the salon gives nothing back: the payment stays as it was.
  if (refundMinor === 0) return;
  const { payment } = row;
  const refundedMinor = Math.min(payment.amountMinor, payment.refundedMinor + refundMinor);
  await tx
    .update(payments)
    .set({ refundedMinor, status: refundedMinor >= payment.amountMinor ? 'refunded' : 'partially_refunded', updatedAt: now })
    .where(eq(payments.id, payment.id));
}

/** Cancellations decided a minute ago or earlier and not yet recorded, through this processor. */
export async function decidedCancellations(db: Db, gateway: string): Promise<{ bookingId: string; ref: string; refundMinor: number }[]> {
  // A decision from before deposits has no amount: those refunded what was paid online.
  const refundMinor = sql<number>`coalesce(${bookings.cancelRefundMinor}, ${bookings.onlineMinor})`;
  return db
    .select({ bookingId: bookings.id, ref: payments.gatewayRef, refundMinor })
    .from(bookings)
    .innerJoin(payments, eq(payments.id, bookings.paymentId))
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        sql`${bookings.cancelRequestedAt} is not null and ${bookings.cancelRequestedAt} < now() - interval '1 minute'`,
        // One refunding nothing needs no processor, whichever took the money.
        sql`(${payments.gateway} = ${gateway} or ${refundMinor} = 0)`,
      ),
    )
    .limit(100);
}

/** Our record of refunds by processor reference: what the reconciler compares with the processor's ledger. */
export async function recordedRefunds(db: Db, gateway: string, refs: readonly string[]) {
  if (refs.length === 0) return [];
  return rowsOf<{ payment_id: string; ref: string; amount_minor: number; refunded_minor: number; status: string; bookings: { id: string; status: string; refundedMinor: number; priceMinor: number }[] }>(
    db,
    sql`select p.id as payment_id, p.gateway_ref as ref, p.amount_minor, p.refunded_minor, p.status,
          coalesce((select json_agg(json_build_object('id', b.id, 'status', b.status, 'refundedMinor', b.refunded_minor, 'priceMinor', b.price_minor))
                    from bookings b where b.payment_id = p.id), '[]'::json) as bookings
        from payments p
        where p.gateway = ${gateway} and p.gateway_ref in (${sql.join(refs.map((r) => sql`${r}`), sql`, `)})`,
  );
}

/** Payments of this processor whose refunds we recorded (or changed) since `since`. */
export async function recentlyRefundedRefs(db: Db, gateway: string, since: Date): Promise<string[]> {
  const rows = await db
    .select({ ref: payments.gatewayRef })
    .from(payments)
    .where(and(eq(payments.gateway, gateway), sql`${payments.refundedMinor} > 0 and ${payments.updatedAt} >= ${since.toISOString()}::timestamptz`))
    .limit(500);
  return rows.map((r) => r.ref);
}
