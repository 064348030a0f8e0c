import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { bookings, cartItems, paymentEvents, payments, services, user } from '../db/schema.js';
import type { Notices } from '../jobs/notices.js';
import { HttpError } from '../http-error.js';
import { databaseNow, hasRoom, lockCells, withRetry } from '../booking/capacity.js';
import { fromMinorUnits, SALON_CURRENCY, toMinorUnits } from '../../shared/money.js';
import { BOOKING_LIST_CHANGED_MESSAGE, type PaymentIntentInfo, type PaymentStatus } from '../../shared/payments.js';
import type { PaymentGateway } from './gateway.js';
import type { SalonSettings } from '../../shared/salon-settings.js';

type Actor = { id: string; role: 'user' | 'admin' };

type CheckoutItem = {
  id: string;
  serviceId: string;
  title: string;
  priceMinor: number;
  durationMinutes: number;
  imageUrl: string;
  startsAt: Date;
  endsAt: Date;
};

type Checkout = { items: CheckoutItem[]; totalMinor: number; fingerprint: string };

export type Outcome = { eventId: string; ref: string } & ({ outcome: 'succeeded'; amountMinor?: number } | { outcome: 'failed'; message: string });

/**
 * Paying for a booking list, confirming it into bookings, cancelling and completing bookings.
 * Every state change happens in a database transaction with the rows it depends on locked, so a
 * replayed webhook, a double click or two tabs never give two payments or two sets of bookings.
 * Calls to the card processor happen outside transactions (they may be slow, and the test
 * gateway uses the same database), each with an idempotency key.
 */
export class PaymentService {
  constructor(
    private readonly db: Db,
    readonly gateway: PaymentGateway,
    /** The e-mails: each queued in the transaction of the change it tells of. */
    private readonly notices: Notices,
    private readonly log: FastifyBaseLogger,
    /** The salon's booking rules (cached; see ChangeCache). */
    private readonly salonSettings: () => Promise<SalonSettings>,
  ) {}

  /** The user's booking list as it can be paid now, or a 400 saying what to fix first. */
  private async readCheckout(tx: Db, userId: string, now: Date): Promise<Checkout> {
    const rows = await tx
      .select({ item: cartItems, service: services })
      .from(cartItems)
      .innerJoin(services, eq(services.id, cartItems.serviceId))
      .where(and(eq(cartItems.userId, userId), sql`${services.deletedAt} is null`))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
    if (rows.length === 0) throw new HttpError(400, 'Your booking list is empty.');
    const items: CheckoutItem[] = [];
    for (const { item, service } of rows) {
      if (!item.startsAt || !item.endsAt) {
        throw new HttpError(400, `Pick a time for ${service.title}.`, [{ path: `items.${item.id}.startsAt`, message: 'Pick a time' }]);
      }
      if (!item.holdExpiresAt || item.holdExpiresAt <= now) {
        throw new HttpError(400, `The hold on ${service.title} expired. Pick a time again.`, [{ path: `items.${item.id}.startsAt`, message: 'The hold expired' }]);
      }
      items.push({
        id: item.id,
        serviceId: service.id,
        title: service.title,
        priceMinor: service.priceMinor,
        durationMinutes: service.durationMinutes,
        imageUrl: service.imageUrl,
        startsAt: item.startsAt,
        endsAt: item.endsAt,
      });
    }
    const totalMinor = items.reduce((sum, item) => sum + item.priceMinor, 0);
    const fingerprint = createHash('sha256')
      .update(items.map((i) => `${i.id}|${i.serviceId}|${i.startsAt.toISOString()}|${i.priceMinor}`).join(';'))
      .digest('hex');
    return { items, totalMinor, fingerprint };
  }

  private async reusablePayment(tx: Db, userId: string, fingerprint: string) {
    const [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.cartFingerprint, fingerprint), inArray(payments.status, ['pending', 'failed'])))
      .orderBy(sql`${payments.createdAt} desc`)
      .limit(1);
    return row;
  }

  private intentInfo(row: typeof payments.$inferSelect): PaymentIntentInfo {
    return {
      clientSecret: row.clientSecret,
      paymentId: row.id,
      amount: fromMinorUnits(row.amountMinor),
      currency: row.currency,
      gateway: this.gateway.name,
      publishableKey: this.gateway.publishableKey,
    };
  }

  /**
   * `POST /create-payment-intent`: the amount comes from the user's list and live holds; a client
   * price that differs is refused. The same list asked twice (two tabs, a double click, a retry
   * after a declined card) gets the same intent back; a changed list cancels the older intents.
   */
  async createIntent(userId: string, clientPrice: number): Promise<PaymentIntentInfo> {
    const settings = await this.salonSettings();
    // A new checkout cancels her older open payments; one the processor has already charged (its
    // outcome lost to a crash) is applied first, never cancelled. Her list then no longer holds
    // what she paid for, and the checkout below answers accordingly.
    await this.reconcile({ userId });
    const first = await this.db.transaction(async (tx) => {
      const now = await databaseNow(tx);
      const checkout = await this.readCheckout(tx, userId, now);
      if (toMinorUnits(clientPrice) !== checkout.totalMinor) throw new HttpError(409, BOOKING_LIST_CHANGED_MESSAGE);
      return { checkout, existing: await this.reusablePayment(tx, userId, checkout.fingerprint) };
    });

    const paymentId = randomUUID();
    const intent = first.existing
      ? undefined
      : await this.gateway.createIntent({
          amountMinor: first.checkout.totalMinor,
          currency: SALON_CURRENCY,
          idempotencyKey: `intent:${paymentId}`,
          metadata: { paymentId, userId },
        });

    const result = await withRetry(() =>
      this.db.transaction(async (tx) => {
        // One checkout per customer at a time: her row is the lock two tabs queue on.
        await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
        const now = await databaseNow(tx);
        const checkout = await this.readCheckout(tx, userId, now);
        if (checkout.fingerprint !== first.checkout.fingerprint) throw new HttpError(409, BOOKING_LIST_CHANGED_MESSAGE);
        // Paying takes a few minutes: the holds are renewed so they do not lapse mid-payment.
        const holdUntil = new Date(now.getTime() + settings.holdMinutes * 60_000);
        await tx.update(cartItems).set({ holdExpiresAt: holdUntil }).where(inArray(cartItems.id, checkout.items.map((i) => i.id)));

        const existing = await this.reusablePayment(tx, userId, checkout.fingerprint);
        if (existing) return { row: existing, stale: [] as string[], unused: intent?.ref };
        if (!intent) throw new HttpError(409, BOOKING_LIST_CHANGED_MESSAGE);

        const stale = await tx
          .update(payments)
          .set({ status: 'canceled', updatedAt: now })
          .where(and(eq(payments.userId, userId), inArray(payments.status, ['pending', 'failed'])))
          .returning({ id: payments.id, ref: payments.gatewayRef });
        if (stale.length > 0) {
          await tx.update(bookings).set({ status: 'cancelled', cancelledAt: now, updatedAt: now }).where(and(inArray(bookings.paymentId, stale.map((s) => s.id)), eq(bookings.status, 'pending')));
        }
        const [row] = await tx
          .insert(payments)
          .values({
            id: paymentId,
            userId,
            amountMinor: checkout.totalMinor,
            currency: SALON_CURRENCY,
            gateway: this.gateway.name,
            gatewayRef: intent.ref,
            clientSecret: intent.clientSecret,
            cartFingerprint: checkout.fingerprint,
            status: 'pending',
          })
          .returning();
        await tx.insert(bookings).values(
          checkout.items.map((item) => ({
            userId,
            paymentId,
            cartItemId: item.id,
            serviceId: item.serviceId,
            title: item.title,
            priceMinor: item.priceMinor,
            durationMinutes: item.durationMinutes,
            imageUrl: item.imageUrl,
            startsAt: item.startsAt,
            endsAt: item.endsAt,
            status: 'pending' as const,
          })),
        );
        return { row: row!, stale: stale.map((s) => s.ref), unused: undefined };
      }),
    ).catch(async (err: unknown) => {
      if (intent) await this.cancelQuietly([intent.ref]);
      throw err;
    });

    await this.cancelQuietly([...result.stale, ...(result.unused ? [result.unused] : [])]);
    return this.intentInfo(result.row);
  }

  private async cancelQuietly(refs: string[]) {
    for (const ref of refs) {
      await this.gateway.cancelIntent(ref).catch((err: unknown) => this.log.warn({ err, ref }, 'could not cancel a payment intent'));
    }
  }

  /**
   * The one place a charge's outcome is applied, whether it came from Stripe's signed webhook or
   * from the test gateway. Each event id is applied once; a success turns the payment's pending
   * bookings into confirmed ones (re-checking capacity under the slot locks, in case a hold
   * lapsed while the customer paid) and empties those items from the booking list.
   */
  async applyOutcome(event: Outcome): Promise<{ paymentId: string; status: PaymentStatus; confirmed: boolean } | undefined> {
    const applied = await withRetry(() =>
      this.db.transaction(async (tx) => {
        const [payment] = await tx.select().from(payments).where(eq(payments.gatewayRef, event.ref)).for('update');
        if (!payment) return undefined;
        const fresh = await tx
          .insert(paymentEvents)
          .values({ id: event.eventId, type: event.outcome, paymentId: payment.id, message: event.outcome === 'failed' ? event.message : null })
          .onConflictDoNothing()
          .returning({ id: paymentEvents.id });
        if (fresh.length === 0) return { payment, refunds: [] as Refund[], confirmed: false };
        const now = await databaseNow(tx);

        if (event.outcome === 'failed') {
          if (payment.status !== 'pending' && payment.status !== 'failed') return { payment, refunds: [], confirmed: false };
          const [row] = await tx.update(payments).set({ status: 'failed', failureMessage: event.message, updatedAt: now }).where(eq(payments.id, payment.id)).returning();
          return { payment: row!, refunds: [], confirmed: false };
        }

        if (payment.status !== 'pending' && payment.status !== 'failed' && payment.status !== 'canceled') {
          return { payment, refunds: [], confirmed: false };
        }
        if (event.amountMinor !== undefined && event.amountMinor !== payment.amountMinor) {
          // Never confirm bookings on a charge of another amount; a person must look at it.
          this.log.error({ paymentId: payment.id, charged: event.amountMinor, expected: payment.amountMinor }, 'charged amount differs from the payment');
          return { payment, refunds: [], confirmed: false };
        }
        const settings = await this.salonSettings();
        const pending = await tx
          .select()
          .from(bookings)
          .where(and(eq(bookings.paymentId, payment.id), eq(bookings.status, 'pending')))
          .orderBy(asc(bookings.startsAt))
          .for('update');
        const refunds: Refund[] = [];
        for (const booking of pending) {
          const window = { startsAt: booking.startsAt, endsAt: booking.endsAt };
          await lockCells(tx, window.startsAt, window.endsAt);
          const room = payment.status !== 'canceled' && (await hasRoom(tx, window, settings.capacity, now, { exceptCartItemId: booking.cartItemId }));
          if (room) {
            await tx.update(bookings).set({ status: 'confirmed', updatedAt: now }).where(eq(bookings.id, booking.id));
          } else {
            // Paid, but the place went to someone else after the hold lapsed: the money goes back.
            await tx
              .update(bookings)
              .set({ status: 'cancelled', refundedMinor: booking.priceMinor, cancelledAt: now, updatedAt: now })
              .where(eq(bookings.id, booking.id));
            refunds.push({ key: `refund:${booking.id}`, amountMinor: booking.priceMinor });
          }
        }
        if (payment.status === 'canceled') {
          // An intent the customer paid after her list changed: nothing is booked, all of it returns.
          const cancelledRest = payment.amountMinor - refunds.reduce((s, r) => s + r.amountMinor, 0);
          if (cancelledRest > 0) refunds.push({ key: `refund:payment:${payment.id}`, amountMinor: cancelledRest });
        }
        const refundedMinor = refunds.reduce((s, r) => s + r.amountMinor, 0);
        await tx.delete(cartItems).where(and(eq(cartItems.userId, payment.userId), inArray(cartItems.id, pending.map((b) => b.cartItemId))));
        const status: PaymentStatus = refundedMinor === 0 ? 'succeeded' : refundedMinor >= payment.amountMinor ? 'refunded' : 'partially_refunded';
        const [row] = await tx
          .update(payments)
          .set({ status, refundedMinor, failureMessage: null, paidAt: now, updatedAt: now })
          .where(eq(payments.id, payment.id))
          .returning();
        await this.notices.queue({ kind: 'confirmation', paymentId: payment.id }, tx);
        return { payment: row!, refunds, confirmed: true };
      }),
    );
    if (!applied) {
      this.log.warn({ ref: event.ref }, 'payment outcome for an unknown intent');
      return undefined;
    }
    for (const refund of applied.refunds) {
      await this.gateway
        .refund({ ref: applied.payment.gatewayRef, amountMinor: refund.amountMinor, idempotencyKey: refund.key })
        .catch((err: unknown) => this.log.error({ err, paymentId: applied.payment.id }, 'REFUND FAILED: refund this amount by hand'));
    }
    return { paymentId: applied.payment.id, status: applied.payment.status, confirmed: applied.confirmed };
  }

  /**
   * Applies charges whose outcome never reached us: the process died between the processor's
   * charge and applyOutcome, or a webhook was lost. Runs at start-up, every minute, and before a
   * checkout replaces a customer's open payments. Each payment's outcome is applied once whoever
   * gets there first (applyOutcome locks the payment row and only moves it out of an open state),
   * so instances and the request that charged may all try at the same time.
   *
   * Open payments of the last week are asked about, and cancelled ones of the last day (an intent
   * cancelled after its charge succeeded must be refunded, and applyOutcome does that).
   */
  async reconcile(options: { userId?: string } = {}): Promise<number> {
    const rows = await this.db
      .select({ ref: payments.gatewayRef })
      .from(payments)
      .where(
        and(
          eq(payments.gateway, this.gateway.name),
          options.userId ? eq(payments.userId, options.userId) : undefined,
          sql`((${payments.status} in ('pending', 'failed') and ${payments.createdAt} > now() - interval '7 days')
            or (${payments.status} = 'canceled' and ${payments.updatedAt} > now() - interval '1 day'))`,
        ),
      )
      .limit(200);
    if (rows.length === 0) return 0;
    const charged = await this.gateway.succeededAmong(rows.map((r) => r.ref));
    let applied = 0;
    for (const [ref, amountMinor] of charged) {
      const result = await this.applyOutcome({ eventId: `reconciled_${ref}_succeeded`, ref, outcome: 'succeeded', amountMinor });
      if (!result?.confirmed) continue; // the request that charged (or another instance) got there first
      applied += 1;
      this.log.warn({ ref, paymentId: result.paymentId, status: result.status }, 'applied a charge whose outcome had not been recorded');
    }
    return applied;
  }

  /**
   * Cancels a confirmed booking and refunds its price. A customer may cancel her own up to the
   * salon's notice limit; an admin may cancel any. The refund is asked of the processor first
   * (with a key, so a repeated request refunds once), then the booking frees its slot.
   */
  async cancelBooking(actor: Actor, bookingId: string): Promise<void> {
    const settings = await this.salonSettings();
    const check = async (tx: Db) => {
      const [row] = await tx
        .select({ booking: bookings, payment: payments })
        .from(bookings)
        .innerJoin(payments, eq(payments.id, bookings.paymentId))
        .where(eq(bookings.id, bookingId))
        .for('update');
      if (!row || (actor.role !== 'admin' && row.booking.userId !== actor.id)) throw new HttpError(404, 'Booking not found');
      const { booking } = row;
      if (booking.status === 'cancelled') return { row, already: true };
      if (booking.status !== 'confirmed') throw new HttpError(409, `A ${booking.status} booking cannot be cancelled.`);
      const now = await databaseNow(tx);
      if (actor.role !== 'admin' && booking.startsAt.getTime() - now.getTime() < settings.cancelNoticeHours * 3600_000) {
        throw new HttpError(409, `Bookings can be cancelled up to ${settings.cancelNoticeHours} hours before they start.`);
      }
      return { row, already: false, now };
    };

    const first = await this.db.transaction(check);
    if (first.already) return;
    await this.gateway.refund({ ref: first.row.payment.gatewayRef, amountMinor: first.row.booking.priceMinor, idempotencyKey: `refund:${bookingId}` });

    await withRetry(() =>
      this.db.transaction(async (tx) => {
        const again = await check(tx);
        if (again.already) return;
        const now = again.now!;
        const refund = again.row.booking.priceMinor;
        await tx
          .update(bookings)
          .set({ status: 'cancelled', refundedMinor: refund, cancelledAt: now, updatedAt: now, sequence: sql`${bookings.sequence} + 1` })
          .where(eq(bookings.id, bookingId));
        const payment = again.row.payment;
        const refundedMinor = Math.min(payment.amountMinor, payment.refundedMinor + refund);
        await tx
          .update(payments)
          .set({ refundedMinor, status: refundedMinor >= payment.amountMinor ? 'refunded' : 'partially_refunded', updatedAt: now })
          .where(eq(payments.id, payment.id));
        // 'salon' when an admin cancels someone else's visit; an admin cancelling her own is a customer.
        const by = actor.role === 'admin' && again.row.booking.userId !== actor.id ? 'salon' : 'customer';
        await this.notices.queue({ kind: 'cancelled', bookingId, by, refundedMinor: refund }, tx);
      }),
    );
  }

  /** An admin marks a confirmed booking that has started as completed. */
  async completeBooking(bookingId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
      if (!booking) throw new HttpError(404, 'Booking not found');
      if (booking.status === 'completed') return;
      if (booking.status !== 'confirmed') throw new HttpError(409, `A ${booking.status} booking cannot be marked completed.`);
      const now = await databaseNow(tx);
      if (booking.startsAt > now) throw new HttpError(409, 'A booking can be marked completed once its time has come.');
      await tx.update(bookings).set({ status: 'completed', updatedAt: now }).where(eq(bookings.id, bookingId));
      // Only the call that moved it to completed gets here: one request, however often it is marked.
      await this.notices.queue({ kind: 'review-request', bookingId }, tx);
    });
  }
}

type Refund = { key: string; amountMinor: number };
