import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { Notices } from '../jobs/notices.js';
import { HttpError, notFound } from '../http-error.js';
import { databaseNow, occupancyOfPayment, stylistFree, withRetry } from '../booking/capacity.js';
import { FAIL_PAYMENT, LOCK_OUTCOME, READ_LIST, RENEW_HOLDS, SETTLE_PAYMENT, UNPAID_UPCOMING, WRITE_PAYMENT, openPaymentRefs, type ItemRow } from '../repositories/payments.js';
import { pipelinedTransaction, type PipelinedTransaction } from '../db/pipelined.js';
import { maxConcurrent } from '../booking/slots.js';
import { fromMinorUnits, SALON_CURRENCY, toMinorUnits } from '../../shared/money.js';
import { BOOKING_BEING_CANCELLED_MESSAGE, BOOKING_LIST_CHANGED_MESSAGE, type PaymentIntentInfo, type PaymentMethod, type PaymentStatus } from '../../shared/payments.js';
import type { PaymentGateway } from './gateway.js';
import {
  lockBookingWithPayment,
  recentlyRefundedRefs,
  recordCancellation,
  recordedRefunds,
  recordRefund,
} from '../repositories/cancellations.js';
import type { SalonSettings } from '../../shared/salon-settings.js';
import { onlineDueMinor, payPlanOf, type CounterMethod, type PaymentPolicy, type PayPlan } from '../../shared/deposits.js';
import { confirmedBookingsOf, counterPaidMinor, insertCounterPayment, lockBooking } from '../repositories/bookings.js';
import { READ_DESK_ITEMS } from '../repositories/front-desk.js';
import { englishMessage } from '../../shared/i18n/message-templates.js';
import { banglaTitle } from '../booking/refusals.js';

type CheckoutItem = {
  id: string;
  serviceId: string;
  title: string;
  priceMinor: number;
  /** What is paid online for it now (the price, a deposit, or 0), under its policy's plan. */
  onlineMinor: number;
  plan: PayPlan;
  durationMinutes: number;
  imageUrl: string;
  startsAt: Date;
  endsAt: Date;
  /** The stylist her hold has, busy until staffFreeAt (the service's buffer after the visit). */
  staffId: string | null;
  staffFreeAt: Date | null;
};

/** Her list as it can be paid: `dueNowMinor` is what is asked online, the rest is paid at the salon. */
type Checkout = { items: CheckoutItem[]; dueNowMinor: number; fingerprint: string };

export type Outcome = { eventId: string; ref: string } & ({ outcome: 'succeeded'; amountMinor?: number; method?: PaymentMethod } | { outcome: 'failed'; message: string });

/** Why a list with visits to pay at the salon is refused: she holds as many unpaid visits as the salon allows. */
export function unpaidLimitMessage(held: number, limit: number): string {
  if (limit === 0) return 'This salon asks for payment online when booking. Choose a service you can pay for online.';
  return englishMessage(
    {
      one: 'You already have {{count, number}} upcoming visit to pay at the salon, the most the salon keeps unpaid. Book this one after one of them, or call the salon.',
      other: 'You already have {{count, number}} upcoming visits to pay at the salon, the most the salon keeps unpaid. Book this one after one of them, or call the salon.',
    },
    { count: held },
  );
}

/**
 * The money: paying for a booking list and confirming it into bookings, refunds through the
 * processor, and reconciling our records with the processor's (the bookings' own changes, a
 * cancel's decision and record among them, are BookingService's).
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

  /**
   * The user's booking list as it can be paid now, or a 400 saying what to fix first; the rows
   * come in the order she added them.
   */
  private checkoutOf(rows: ItemRow[], now: Date, salonPolicy: PaymentPolicy, atDesk = false): Checkout {
    if (rows.length === 0) throw new HttpError(400, 'Your booking list is empty.');
    const items: CheckoutItem[] = [];
    for (const row of rows) {
      const startsAt = row.starts_at === null ? null : new Date(row.starts_at);
      const endsAt = row.ends_at === null ? null : new Date(row.ends_at);
      const holdExpiresAt = row.hold_expires_at === null || row.hold_expires_at === undefined ? null : new Date(row.hold_expires_at);
      if (!startsAt || !endsAt) {
        throw new HttpError(400, englishMessage('Pick a time for {{title}}.', { title: row.title }), [{ path: `items.${row.id}.startsAt`, message: 'Pick a time' }], banglaTitle(row.title_bn));
      }
      if (!holdExpiresAt || holdExpiresAt <= now) {
        throw new HttpError(400, englishMessage('The hold on {{title}} expired. Pick a time again.', { title: row.title }), [
          { path: `items.${row.id}.startsAt`, message: 'The hold expired' },
        ], banglaTitle(row.title_bn));
      }
      // Booked at the front desk, every visit is paid at the salon (now at the counter, or at the visit).
      const policy: PaymentPolicy = atDesk ? { mode: 'at-salon' } : (row.payment_policy ?? salonPolicy);
      items.push({
        id: row.id,
        serviceId: row.service_id,
        title: row.title,
        priceMinor: row.price_minor,
        onlineMinor: onlineDueMinor(row.price_minor, policy),
        plan: payPlanOf(policy),
        // The stylist's own length for the service when she has one: what the hold took.
        durationMinutes: Math.round((endsAt.getTime() - startsAt.getTime()) / 60_000),
        imageUrl: row.image_url,
        startsAt,
        endsAt,
        staffId: row.staff_id,
        staffFreeAt: row.staff_free_at === null ? null : new Date(row.staff_free_at),
      });
    }
    const dueNowMinor = items.reduce((sum, item) => sum + item.onlineMinor, 0);
    // What she agreed to pay now is part of the list: a policy changed under an open payment
    // makes a new one, never reuses an intent of the old amount.
    const fingerprint = createHash('sha256')
      .update(items.map((i) => `${i.id}|${i.serviceId}|${i.startsAt.toISOString()}|${i.priceMinor}|${i.onlineMinor}|${i.staffId ?? ''}`).join(';'))
      .digest('hex');
    return { items, dueNowMinor, fingerprint };
  }

  /**
   * One statement: her list with today's catalogue entries, the database's clock, and her open
   * payments (those the reconciler would ask the processor about, and any that could be reused).
   */
  private async readList(userId: string) {
    const rows = await READ_LIST.run(this.db, { userId, gateway: this.gateway.name });
    return { rows, now: rows[0] ? new Date(rows[0].now) : new Date(), open: rows[0]?.open ?? [] };
  }

  private intentInfo(row: { id: string; clientSecret: string; amountMinor: number; currency: string }, redirectUrl: string | null): PaymentIntentInfo {
    return {
      clientSecret: row.clientSecret,
      paymentId: row.id,
      amount: fromMinorUnits(row.amountMinor),
      currency: row.currency,
      gateway: this.gateway.name,
      publishableKey: this.gateway.publishableKey,
      redirectUrl,
    };
  }

  /**
   * `POST /create-payment-intent`: the amount comes from the user's list and live holds; a client
   * price that differs is refused. The same list asked twice (two tabs, a double click, a retry
   * after a declined card) gets the same intent back; a changed list cancels the older intents.
   *
   * Six statements when nothing is open: the list read, the processor's intent (the test gateway
   * keeps it in the database), and a transaction that renews the holds (the lock two tabs queue
   * on) and writes the payment and its bookings.
   */
  async createIntent(userId: string, clientPrice: number): Promise<PaymentIntentInfo> {
    const settings = await this.salonSettings();
    let list = await this.readList(userId);
    // A new checkout cancels her older open payments; one the processor has already charged (its
    // outcome lost to a crash) is applied first, never cancelled. Her list then no longer holds
    // what she paid for, and the checkout below answers accordingly. Most checkouts have nothing
    // open, and ask nothing.
    const toAsk = list.open.filter((p) => p.reconcile).map((p) => p.ref);
    if (toAsk.length > 0 && (await this.reconcileRefs(toAsk)) > 0) list = await this.readList(userId);
    const checkout = this.checkoutOf(list.rows, list.now, settings.paymentPolicy);
    if (toMinorUnits(clientPrice) !== checkout.dueNowMinor) throw new HttpError(409, BOOKING_LIST_CHANGED_MESSAGE);
    const reusable = list.open.some((p) => p.reusable && p.fingerprint === checkout.fingerprint);

    const paymentId = randomUUID();
    // Nothing to pay online (every visit on her list is paid at the salon): no processor is asked;
    // the payment is a record of the order, settled at once below (gateway 'salon', amount 0).
    const atSalon = checkout.dueNowMinor === 0;
    const unpaidItems = checkout.items.filter((i) => i.onlineMinor === 0).length;
    const intent = reusable
      ? undefined
      : atSalon
        ? { ref: `salon_${paymentId}`, clientSecret: '' }
        : await this.gateway.createIntent({
            amountMinor: checkout.dueNowMinor,
            currency: SALON_CURRENCY,
            idempotencyKey: `intent:${paymentId}`,
            metadata: { paymentId, userId },
          });

    const result = await withRetry(() =>
      pipelinedTransaction(this.db, async (tx) => {
        // Paying takes a few minutes: the holds are renewed so they do not lapse mid-payment. The
        // update also locks her items, so a second tab's checkout waits here until this one has
        // committed, and then finds its payment. What it renews is what gets paid: the list read
        // before (the price she agreed to) must still be exactly that. The payment is written in
        // the same round trip, behind the renewal (pipelined.ts), and rolled back with it when the
        // renewal shows her list changed.
        const renewing = RENEW_HOLDS.send(tx, { userId, holdMinutes: settings.holdMinutes });
        // Visits with nothing paid count against the salon's limit: read behind the renewal, whose
        // lock on her items keeps her two tabs from both passing it.
        const counting = unpaidItems > 0 ? UNPAID_UPCOMING.send(tx, { userId }) : undefined;
        // Awaited only once the renewal and the count passed: marked handled (tx.later), or its
        // rejection behind a renewal that failed (PostgreSQL going away) would end the process.
        const writing = tx.later(this.writePayment(tx, { userId, paymentId, checkout, intent, gateway: atSalon ? 'salon' : this.gateway.name, bookedBy: null }));
        const renewed = await renewing;
        renewed.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
        if (renewed.length === 0 || this.checkoutOf(renewed, new Date(0), settings.paymentPolicy).fingerprint !== checkout.fingerprint) {
          throw new HttpError(409, BOOKING_LIST_CHANGED_MESSAGE);
        }
        if (counting) {
          const held = (await counting)[0]?.count ?? 0;
          if (held + unpaidItems > settings.unpaidLimit) throw new HttpError(409, unpaidLimitMessage(held, settings.unpaidLimit));
        }
        const written = await writing;
        if (!written) throw new HttpError(409, BOOKING_LIST_CHANGED_MESSAGE);
        return { row: written, stale: written.stale, unused: written.created || atSalon ? undefined : intent?.ref };
      }),
    ).catch(async (err: unknown) => {
      if (intent && !atSalon) await this.cancelQuietly([intent.ref]);
      throw err;
    });

    await this.cancelQuietly([...result.stale, ...(result.unused ? [result.unused] : [])]);
    const { row } = result;
    if (atSalon) {
      // Confirmed as a paid list is: the same capacity check under the cells' locks, the same
      // confirmation e-mail. A repeat (double click) finds it applied and changes nothing.
      await this.applyOutcome({ eventId: `salon_${row.id}`, ref: row.ref, outcome: 'succeeded', amountMinor: 0 });
      return { ...this.intentInfo(row, null), gateway: 'salon', publishableKey: null };
    }
    const redirectUrl = this.gateway.openPaymentPage
      ? await this.gateway.openPaymentPage({ ref: row.ref, amountMinor: row.amountMinor, currency: row.currency })
      : null;
    return this.intentInfo(row, redirectUrl);
  }

  /**
   * In one statement: answers her open payment for this very list if there is one; otherwise
   * (given a new intent) cancels her other open payments and their pending bookings, and writes
   * the new payment with one pending booking per item. Undefined when there is neither.
   */
  /**
   * The front desk books its held items for a customer (routes/front-desk.ts): one order paid at
   * the salon (gateway 'salon', nothing online), confirmed as a list paid at the salon is, through
   * applyOutcome: capacity re-checked under the cells' locks, the items cleared, her confirmation
   * e-mail queued. Her own online checkout, if she has one open, is left alone. Answers the
   * payment and the bookings it confirmed (in the order of the items).
   */
  async bookAtDesk(customerId: string, itemIds: string[], bookedBy: string): Promise<{ paymentId: string; confirmed: Awaited<ReturnType<typeof confirmedBookingsOf>> }> {
    const rows = await READ_DESK_ITEMS.run(this.db, { userId: customerId, itemIds });
    if (rows.length !== itemIds.length) throw new HttpError(409, BOOKING_LIST_CHANGED_MESSAGE);
    const checkout = this.checkoutOf(rows, new Date(rows[0]!.now), { mode: 'at-salon' }, true);
    const paymentId = randomUUID();
    const ref = `desk_${paymentId}`;
    await withRetry(() =>
      pipelinedTransaction(this.db, async (tx) => {
        const written = await this.writePayment(tx, { userId: customerId, paymentId, checkout, intent: { ref, clientSecret: '' }, gateway: 'salon', bookedBy });
        if (!written) throw new HttpError(409, BOOKING_LIST_CHANGED_MESSAGE);
      }),
    );
    // The confirmation is queued by the desk once the money taken at the counter is recorded, so
    // that the e-mail says what she paid.
    await this.applyOutcome({ eventId: ref, ref, outcome: 'succeeded', amountMinor: 0 }, { confirm: false });
    return { paymentId, confirmed: await confirmedBookingsOf(this.db, paymentId) };
  }

  /** Queues her confirmation of a payment's bookings (the front desk's, once its counter payments are in). */
  async queueConfirmation(paymentId: string): Promise<void> {
    await this.notices.queue({ kind: 'confirmation', paymentId });
  }

  private async writePayment(
    tx: PipelinedTransaction,
    request: {
      userId: string;
      paymentId: string;
      checkout: Checkout;
      intent: { ref: string; clientSecret: string } | undefined;
      gateway: string;
      /** The admin booking at the front desk: her own open checkouts online are left as they are. */
      bookedBy: string | null;
    },
  ) {
    const { userId, paymentId, checkout, intent, gateway, bookedBy } = request;
    const { items } = checkout;
    const [row] = await WRITE_PAYMENT.send(tx, {
      userId,
      paymentId,
      fingerprint: checkout.fingerprint,
      create: intent !== undefined,
      totalMinor: checkout.dueNowMinor,
      currency: SALON_CURRENCY,
      gateway,
      ref: intent?.ref ?? null,
      clientSecret: intent?.clientSecret ?? null,
      replaceOpen: bookedBy === null,
      bookedBy,
      itemIds: items.map((i) => i.id),
      serviceIds: items.map((i) => i.serviceId),
      titles: items.map((i) => i.title),
      prices: items.map((i) => i.priceMinor),
      onlines: items.map((i) => i.onlineMinor),
      plans: items.map((i) => i.plan),
      durations: items.map((i) => i.durationMinutes),
      images: items.map((i) => i.imageUrl),
      starts: items.map((i) => i.startsAt.toISOString()),
      ends: items.map((i) => i.endsAt.toISOString()),
      staffIds: items.map((i) => i.staffId),
      staffFreeAts: items.map((i) => i.staffFreeAt?.toISOString() ?? null),
    });
    return (
      row && { id: row.id, ref: row.gateway_ref, clientSecret: row.client_secret, amountMinor: row.amount_minor, currency: row.currency, created: row.created, stale: row.stale }
    );
  }

  private async cancelQuietly(refs: string[]) {
    for (const ref of refs) {
      await this.gateway.cancelIntent(ref).catch((err: unknown) => this.log.warn({ err, ref }, 'could not cancel a payment intent'));
    }
  }

  /**
   * Locks the payment behind `event`, records the event (each id once) and, for a first success
   * on an open payment, locks its pending bookings and their time cells (capacity.ts): one
   * statement. Undefined for an intent we do not know.
   */
  private async lockOutcome(tx: PipelinedTransaction, event: Outcome) {
    const [row] = await LOCK_OUTCOME.send(tx, {
      ref: event.ref,
      eventId: event.eventId,
      outcome: event.outcome,
      message: event.outcome === 'failed' ? event.message : null,
      succeeded: event.outcome === 'succeeded',
    });
    if (!row) return undefined;
    return {
      payment: { id: row.id, userId: row.user_id, status: row.status, amountMinor: row.amount_minor, gatewayRef: row.gateway_ref },
      fresh: row.fresh,
      pending: row.pending.map((b) => ({
        ...b,
        startsAt: new Date(b.startsAt),
        endsAt: new Date(b.endsAt),
        staffFreeAt: b.staffFreeAt === null ? undefined : new Date(b.staffFreeAt),
      })),
    };
  }

  /**
   * The one place a charge's outcome is applied, whether it came from Stripe's signed webhook,
   * SSLCommerz's IPN or return (once its validation API has confirmed it), or the test gateway. Each event id is applied once; a success turns the payment's pending
   * bookings into confirmed ones (re-checking capacity under the slot locks, in case a hold
   * lapsed while the customer paid) and empties those items from the booking list. A success is
   * three statements and the confirmation's queueing, in one transaction.
   */
  async applyOutcome(
    event: Outcome,
    /** False: the caller queues the confirmation itself, once it has recorded what else she paid (the front desk). */
    { confirm = true }: { confirm?: boolean } = {},
  ): Promise<{ paymentId: string; status: PaymentStatus; confirmed: boolean } | undefined> {
    const applied = await withRetry(() =>
      pipelinedTransaction(this.db, async (tx) => {
        const locking = this.lockOutcome(tx, event);
        // A success's count goes in the same round trip, behind the statement that locks the
        // pending bookings' cells (pipelined.ts); it is not used when there is nothing to confirm.
        const counting = event.outcome === 'succeeded' ? occupancyOfPayment(tx, event.ref) : undefined;
        const locked = await locking;
        if (!locked) return undefined;
        const { payment, pending } = locked;
        if (!locked.fresh) return { payment, refunds: [] as Refund[], confirmed: false };

        if (event.outcome === 'failed') {
          if (payment.status !== 'pending' && payment.status !== 'failed') return { payment, refunds: [], confirmed: false };
          const [row] = await FAIL_PAYMENT.send(tx, { paymentId: payment.id, message: event.message });
          return { payment: { ...payment, status: row!.status }, refunds: [], confirmed: false };
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
        // Her own holds for these items make way for the bookings; each booking confirmed here
        // then counts for the next one.
        const occupied = payment.status === 'canceled' ? [] : (await counting!).occupied;
        const confirmed: string[] = [];
        const refunds: Refund[] = [];
        const refused: string[] = [];
        for (const booking of pending) {
          if (payment.status !== 'canceled' && maxConcurrent(occupied, booking) < settings.capacity && stylistFree(occupied, booking)) {
            confirmed.push(booking.id);
            occupied.push(booking);
          } else {
            // Paid, but the place went to someone else after the hold lapsed: the money goes back.
            refused.push(booking.id);
            if (booking.onlineMinor > 0) refunds.push({ key: `refund:${booking.id}`, amountMinor: booking.onlineMinor });
          }
        }
        if (payment.status === 'canceled') {
          // An intent the customer paid after her list changed: nothing is booked, all of it returns.
          const cancelledRest = payment.amountMinor - refunds.reduce((s, r) => s + r.amountMinor, 0);
          if (cancelledRest > 0) refunds.push({ key: `refund:payment:${payment.id}`, amountMinor: cancelledRest });
        }
        const refundedMinor = refunds.reduce((s, r) => s + r.amountMinor, 0);
        const status: PaymentStatus = refundedMinor === 0 ? 'succeeded' : refundedMinor >= payment.amountMinor ? 'refunded' : 'partially_refunded';
        // Nothing is left to decide: the settlement, the confirmation's queueing and the COMMIT
        // leave together (the queue sends its statements before it returns; queue.ts).
        const settling = SETTLE_PAYMENT.send(tx, {
          confirmed,
          refused,
          userId: payment.userId,
          status,
          refundedMinor,
          paymentId: payment.id,
          method: event.method ?? null,
        });
        const queued = confirm ? this.notices.queue({ kind: 'confirmation', paymentId: payment.id }, tx) : undefined;
        return tx.commitBehind(
          Promise.all([settling, queued]).then(([rows]) => ({ payment: { ...payment, status: rows[0]!.status }, refunds, confirmed: true })),
        );
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
   * charge and applyOutcome, or a webhook was lost. Runs at start-up, every minute, before a
   * checkout replaces a customer's open payments (createIntent finds them in its own read), and
   * before an account is deleted. Each payment's outcome is applied once whoever gets there first
   * (applyOutcome locks the payment row and only moves it out of an open state), so instances and
   * the request that charged may all try at the same time.
   *
   * Open payments of the last week are asked about, and cancelled ones of the last day (an intent
   * cancelled after its charge succeeded must be refunded, and applyOutcome does that).
   */
  async reconcile(options: { userId?: string } = {}): Promise<number> {
    const refs = await openPaymentRefs(this.db, this.gateway.name, options.userId);
    return this.reconcileRefs(refs);
  }

  /** Asks the processor about these intents and applies the charges among them; answers how many. */
  private async reconcileRefs(refs: string[]): Promise<number> {
    if (refs.length === 0) return 0;
    const charged = await this.gateway.succeededAmong(refs);
    let applied = 0;
    for (const [ref, { amountMinor, method }] of charged) {
      const result = await this.applyOutcome({ eventId: `reconciled_${ref}_succeeded`, ref, outcome: 'succeeded', amountMinor, ...(method && { method }) });
      if (!result?.confirmed) continue; // the request that charged (or another instance) got there first
      applied += 1;
      this.log.warn({ ref, paymentId: result.paymentId, status: result.status }, 'applied a charge whose outcome had not been recorded');
    }
    return applied;
  }

  /**
   * Records money taken at the salon for a visit (the rest after a deposit, or a pay-at-salon
   * visit), by the admin or, with `stylistId`, the stylist whose visit it is. Checked under the
   * booking's row lock, so two desks recording at once never take more than the visit owes: what
   * was paid online and at the counter never exceeds the price.
   */
  async recordCounterPayment(bookingId: string, input: { amountMinor: number; method: CounterMethod }, recordedBy: string, stylistId?: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const booking = await lockBooking(tx, bookingId);
      if (!booking || (stylistId !== undefined && booking.staffId !== stylistId)) throw notFound('Booking');
      if (booking.status !== 'confirmed' && booking.status !== 'completed') {
        throw new HttpError(409, `A ${booking.status} booking has nothing to pay.`);
      }
      if (booking.cancelRequestedAt) throw new HttpError(409, BOOKING_BEING_CANCELLED_MESSAGE);
      const owedMinor = booking.priceMinor - (booking.onlineMinor - booking.refundedMinor) - (await counterPaidMinor(tx, bookingId));
      if (owedMinor <= 0) throw new HttpError(409, 'This visit is paid in full.');
      if (input.amountMinor > owedMinor) {
        const owed = { amount: fromMinorUnits(owedMinor) };
        throw new HttpError(409, englishMessage('That is more than the visit owes: {{amount, money}} is due.', owed), [
          { path: 'amount', message: englishMessage('At most {{amount, money}}', owed) },
        ]);
      }
      await insertCounterPayment(tx, { bookingId, amountMinor: input.amountMinor, method: input.method, recordedBy });
    });
  }

  /**
   * Gives a cancelled booking's price back through the processor, keyed `refund:<booking>`: asked
   * again (a double click, the reconciler finishing a decided cancellation), it refunds once.
   * BookingService.cancel records it.
   */
  async refundBooking(bookingId: string, ref: string, priceMinor: number): Promise<void> {
    await this.gateway.refund({ ref, amountMinor: priceMinor, idempotencyKey: `refund:${bookingId}` });
  }

  /**
   * Compares the processor's refunds with ours for the payments either side refunded in the last
   * two days, and repairs what it can:
   * - a refund the processor made that we never recorded (a request that died at the wrong
   *   moment, or one made by hand in the processor's dashboard with our key) is recorded on the
   *   booking its key names: a confirmed booking becomes cancelled (she is told), any other keeps
   *   its state, and a person is asked to look (logged as an error);
   * - a refund we recorded that the processor never made (its refund failed after our record, as
   *   when a paid booking lost its place) is asked again with the same key.
   * Anything it cannot match is logged as an error for a person. Answers what it did.
   */
  async reconcileRefunds(windowMs = 2 * 86_400_000): Promise<{ recorded: number; reissued: number; unmatched: number }> {
    const done = { recorded: 0, reissued: 0, unmatched: 0 };
    const since = new Date(Date.now() - windowMs);
    const [theirRecent, ourRecent] = await Promise.all([this.gateway.refundedSince(since), recentlyRefundedRefs(this.db, this.gateway.name, since)]);
    const recentRefs = [...new Set([...theirRecent.map((r) => r.ref), ...ourRecent])];
    if (recentRefs.length === 0) return done;
    const ours = await recordedRefunds(this.db, this.gateway.name, recentRefs);
    // A payment whose refunds in the window add up to what we recorded agrees: most minutes, every
    // payment. Only the others are worth asking the processor about one by one (a refund older than
    // the window, or one either side lacks), so a quiet minute costs one list call, not one a payment.
    const recentMinor = new Map<string, number>();
    for (const refund of theirRecent) recentMinor.set(refund.ref, (recentMinor.get(refund.ref) ?? 0) + refund.amountMinor);
    const refs = recentRefs.filter((ref) => ours.find((p) => p.ref === ref)?.refunded_minor !== (recentMinor.get(ref) ?? 0));
    if (refs.length === 0) return done;
    const theirs = await this.gateway.refundsOf(refs);
    for (const ref of refs) {
      const payment = ours.find((p) => p.ref === ref);
      const made = theirs.filter((r) => r.ref === ref);
      const madeMinor = made.reduce((sum, r) => sum + r.amountMinor, 0);
      if (!payment) {
        done.unmatched += 1;
        this.log.error({ ref, refundedMinor: madeMinor }, 'REFUND MISMATCH: the processor refunded a payment we have no record of');
        continue;
      }
      if (madeMinor === payment.refunded_minor) continue;
      if (madeMinor > payment.refunded_minor) {
        for (const refund of made) {
          const bookingId = refund.key?.match(/^refund:([0-9a-f-]{36})$/)?.[1];
          const booking = payment.bookings.find((b) => b.id === bookingId);
          if (booking && booking.refundedMinor === 0 && (await this.recordMissedRefund(booking.id, refund.amountMinor))) done.recorded += 1;
        }
        const [after] = await recordedRefunds(this.db, this.gateway.name, [ref]);
        if (after && after.refunded_minor !== madeMinor) {
          done.unmatched += 1;
          this.log.error({ ref, paymentId: payment.payment_id, processor: madeMinor, recorded: after.refunded_minor }, 'REFUND MISMATCH: check this payment by hand');
        }
        continue;
      }
      // We recorded more than the processor made: ask again for each recorded refund, with the
      // key it was first asked with (a refund already made is not made twice).
      try {
        const byBooking = payment.bookings.filter((b) => b.refundedMinor > 0);
        for (const b of byBooking) await this.gateway.refund({ ref, amountMinor: b.refundedMinor, idempotencyKey: `refund:${b.id}` });
        const rest = payment.refunded_minor - byBooking.reduce((sum, b) => sum + b.refundedMinor, 0);
        if (rest > 0) await this.gateway.refund({ ref, amountMinor: rest, idempotencyKey: `refund:payment:${payment.payment_id}` });
        done.reissued += 1;
        this.log.warn({ ref, paymentId: payment.payment_id }, 'asked the processor again for refunds it had not made');
      } catch (err) {
        done.unmatched += 1;
        this.log.error({ err, ref, paymentId: payment.payment_id, processor: madeMinor, recorded: payment.refunded_minor }, 'REFUND FAILED: refund this amount by hand');
      }
    }
    return done;
  }

  /** Records a refund the processor made of this booking; answers whether it was recorded now. */
  private async recordMissedRefund(bookingId: string, amountMinor: number): Promise<boolean> {
    return withRetry(() =>
      this.db.transaction(async (tx) => {
        const row = await lockBookingWithPayment(tx, bookingId);
        if (!row || row.booking.refundedMinor > 0) return false;
        const now = await databaseNow(tx);
        if (row.booking.status === 'confirmed') {
          await recordCancellation(tx, row, amountMinor, now);
          await this.notices.queue({ kind: 'cancelled', bookingId, by: row.booking.cancelRequestedBy ?? 'salon', refundedMinor: amountMinor }, tx);
          this.log.warn({ bookingId }, 'recorded a refund the processor had made: the booking is cancelled');
        } else {
          await recordRefund(tx, row, amountMinor, now);
          this.log.error({ bookingId, status: row.booking.status }, 'REFUND MISMATCH: recorded a refund the processor made of a booking that was not cancelled: check it by hand');
        }
        return true;
      }),
    );
  }
}

type Refund = { key: string; amountMinor: number };
