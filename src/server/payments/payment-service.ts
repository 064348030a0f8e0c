import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { bookings, payments } from '../db/schema.js';
import type { Notices } from '../jobs/notices.js';
import { HttpError } from '../http-error.js';
import { databaseNow, lockCellsText, occupancyOfPayment, withRetry } from '../booking/capacity.js';
import { pipelinedTransaction, type PipelinedTransaction } from '../db/pipelined.js';
import { statement, verbatim } from '../repositories/prepared.js';
import { maxConcurrent } from '../booking/slots.js';
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

/** A booking-list row with its service, as the checkout statements read it. */
type ItemRow = {
  id: string;
  service_id: string;
  starts_at: string | Date | null;
  ends_at: string | Date | null;
  hold_expires_at?: string | Date | null;
  title: string;
  price_minor: number;
  duration_minutes: number;
  image_url: string;
};

/** One of her payments still open (or cancelled in the last day), as createIntent reads it. */
type OpenPayment = { ref: string; fingerprint: string; reusable: boolean; reconcile: boolean };

/**
 * The checkout's and the payment outcome's statements, prepared once per connection (prepared.ts).
 * Lists go in as arrays, so one text serves a list of any length.
 */
const READ_LIST = statement<{ userId: string; gateway: string }, ItemRow & { now: string | Date; open: OpenPayment[] }>('parlour_read_list')`
  select c.id, c.service_id, c.starts_at, c.ends_at, c.hold_expires_at, s.title, s.price_minor, s.duration_minutes, s.image_url,
    now() as now,
    (select coalesce(json_agg(json_build_object(
        'ref', p.gateway_ref,
        'fingerprint', p.cart_fingerprint,
        'reusable', p.status in ('pending', 'failed'),
        'reconcile', p.gateway = ${'gateway'}::text and (
          (p.status in ('pending', 'failed') and p.created_at > now() - interval '7 days')
          or (p.status = 'canceled' and p.updated_at > now() - interval '1 day')))), '[]'::json)
      from payments p
      where p.user_id = ${'userId'}::uuid
        and (p.status in ('pending', 'failed') or (p.status = 'canceled' and p.updated_at > now() - interval '1 day'))
    ) as open
  from cart_items c join services s on s.id = c.service_id
  where c.user_id = ${'userId'}::uuid and s.deleted_at is null
  order by c.created_at, c.id`;

const RENEW_HOLDS = statement<{ userId: string; holdMinutes: number }, ItemRow & { created_at: string | Date }>('parlour_renew_holds')`
  update cart_items c set hold_expires_at = now() + make_interval(mins => ${'holdMinutes'}::int)
  from services s
  where s.id = c.service_id and c.user_id = ${'userId'}::uuid and s.deleted_at is null
    and c.starts_at is not null and c.hold_expires_at > now()
  returning c.id, c.service_id, c.starts_at, c.ends_at, c.hold_expires_at, c.created_at, s.title, s.price_minor, s.duration_minutes, s.image_url`;

const WRITE_PAYMENT = statement<
  {
    userId: string;
    paymentId: string;
    fingerprint: string;
    create: boolean;
    totalMinor: number;
    currency: string;
    gateway: string;
    ref: string | null;
    clientSecret: string | null;
    itemIds: string[];
    serviceIds: string[];
    titles: string[];
    prices: number[];
    durations: number[];
    images: string[];
    starts: string[];
    ends: string[];
  },
  { id: string; client_secret: string; amount_minor: number; currency: string; created: boolean; stale: string[] }
>('parlour_write_payment')`
  with existing as (
    select * from payments
    where user_id = ${'userId'}::uuid and cart_fingerprint = ${'fingerprint'}::text and status in ('pending', 'failed')
    order by created_at desc limit 1
  ), stale as (
    update payments set status = 'canceled', updated_at = now()
    where user_id = ${'userId'}::uuid and status in ('pending', 'failed') and ${'create'}::boolean and not exists (select 1 from existing)
    returning id, gateway_ref
  ), stale_bookings as (
    update bookings set status = 'cancelled', cancelled_at = now(), updated_at = now()
    where payment_id in (select id from stale) and status = 'pending'
  ), created as (
    insert into payments (id, user_id, amount_minor, currency, gateway, gateway_ref, client_secret, cart_fingerprint, status)
    select ${'paymentId'}::uuid, ${'userId'}::uuid, ${'totalMinor'}::int, ${'currency'}::text, ${'gateway'}::text,
      ${'ref'}::text, ${'clientSecret'}::text, ${'fingerprint'}::text, 'pending'
    where ${'create'}::boolean and not exists (select 1 from existing)
    returning id, client_secret, amount_minor, currency
  ), booked as (
    insert into bookings (user_id, payment_id, cart_item_id, service_id, title, price_minor, duration_minutes, image_url, starts_at, ends_at, status)
    select ${'userId'}::uuid, created.id, v.cart_item_id, v.service_id, v.title, v.price_minor, v.duration_minutes, v.image_url, v.starts_at, v.ends_at, 'pending'
    from created, unnest(${'itemIds'}::uuid[], ${'serviceIds'}::uuid[], ${'titles'}::text[], ${'prices'}::int[], ${'durations'}::int[],
      ${'images'}::text[], ${'starts'}::timestamptz[], ${'ends'}::timestamptz[])
      as v (cart_item_id, service_id, title, price_minor, duration_minutes, image_url, starts_at, ends_at)
  )
  select id, client_secret, amount_minor, currency, false as created, '{}'::text[] as stale from existing
  union all
  select id, client_secret, amount_minor, currency, true, (select coalesce(array_agg(gateway_ref), '{}') from stale) from created`;

const LOCK_OUTCOME = statement<
  { ref: string; eventId: string; outcome: string; message: string | null; succeeded: boolean },
  {
    id: string;
    user_id: string;
    status: PaymentStatus;
    amount_minor: number;
    gateway_ref: string;
    fresh: boolean;
    pending: { id: string; priceMinor: number; startsAt: string; endsAt: string }[];
  }
>('parlour_lock_outcome')`
  with payment as (
    select * from payments where gateway_ref = ${'ref'}::text for update
  ), event as (
    insert into payment_events (id, type, payment_id, message)
    select ${'eventId'}::text, ${'outcome'}::text, payment.id, ${'message'}::text from payment
    on conflict do nothing
    returning id
  ), pending as (
    select b.id, b.price_minor, b.starts_at, b.ends_at
    from bookings b join payment p on b.payment_id = p.id
    where b.status = 'pending' and ${'succeeded'}::boolean and exists (select 1 from event)
      and p.status in ('pending', 'failed', 'canceled')
    order by b.starts_at
    for update of b
  ), cells as (${verbatim(lockCellsText('pending'))})
  select p.id, p.user_id, p.status, p.amount_minor, p.gateway_ref, exists (select 1 from event) as fresh,
    (select coalesce(json_agg(json_build_object('id', id, 'priceMinor', price_minor, 'startsAt', starts_at, 'endsAt', ends_at) order by starts_at), '[]'::json) from pending) as pending
  from payment p`;

/**
 * The bookings are found by their payment (every one named is the payment's): with only `id = any
 * (array)` to go on, the generic plan scanned the whole table. Confirmed and refused bookings are
 * settled by one update, and the list items they came from are found through them (as of before
 * this statement: a `with` part sees the rows as they were): with an update for each list and the
 * items as a list of their own, every custom plan (which knows the lists' lengths, and drops the
 * nearly always empty refused list's update as constant-false) looked cheaper than the generic
 * one, and PostgreSQL planned every call afresh (0.23 ms of the statement's 0.4;
 * pg_stat_statements).
 */
const SETTLE_PAYMENT = statement<
  { confirmed: string[]; refused: string[]; userId: string; status: PaymentStatus; refundedMinor: number; paymentId: string },
  { status: PaymentStatus }
>('parlour_settle_payment')`
  with settled as (
    update bookings b set
      status = case when b.id = any (${'confirmed'}::uuid[]) then 'confirmed' else 'cancelled' end,
      refunded_minor = case when b.id = any (${'confirmed'}::uuid[]) then b.refunded_minor else b.price_minor end,
      cancelled_at = case when b.id = any (${'confirmed'}::uuid[]) then b.cancelled_at else now() end,
      updated_at = now()
    where b.payment_id = ${'paymentId'}::uuid and (b.id = any (${'confirmed'}::uuid[]) or b.id = any (${'refused'}::uuid[]))
  ), cleared as (
    delete from cart_items where user_id = ${'userId'}::uuid and id in (
      select cart_item_id from bookings where payment_id = ${'paymentId'}::uuid and (id = any (${'confirmed'}::uuid[]) or id = any (${'refused'}::uuid[])))
  )
  update payments set status = ${'status'}::text, refunded_minor = ${'refundedMinor'}::int, failure_message = null, paid_at = now(), updated_at = now()
  where id = ${'paymentId'}::uuid
  returning status`;

/** A declined charge on an open payment: it stays payable (a new card may be tried). */
const FAIL_PAYMENT = statement<{ paymentId: string; message: string }, { status: PaymentStatus }>('parlour_fail_payment')`
  update payments set status = 'failed', failure_message = ${'message'}::text, updated_at = now()
  where id = ${'paymentId'}::uuid
  returning status`;

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

  /**
   * The user's booking list as it can be paid now, or a 400 saying what to fix first; the rows
   * come in the order she added them.
   */
  private checkoutOf(rows: ItemRow[], now: Date): Checkout {
    if (rows.length === 0) throw new HttpError(400, 'Your booking list is empty.');
    const items: CheckoutItem[] = [];
    for (const row of rows) {
      const startsAt = row.starts_at === null ? null : new Date(row.starts_at);
      const endsAt = row.ends_at === null ? null : new Date(row.ends_at);
      const holdExpiresAt = row.hold_expires_at === null || row.hold_expires_at === undefined ? null : new Date(row.hold_expires_at);
      if (!startsAt || !endsAt) {
        throw new HttpError(400, `Pick a time for ${row.title}.`, [{ path: `items.${row.id}.startsAt`, message: 'Pick a time' }]);
      }
      if (!holdExpiresAt || holdExpiresAt <= now) {
        throw new HttpError(400, `The hold on ${row.title} expired. Pick a time again.`, [{ path: `items.${row.id}.startsAt`, message: 'The hold expired' }]);
      }
      items.push({
        id: row.id,
        serviceId: row.service_id,
        title: row.title,
        priceMinor: row.price_minor,
        durationMinutes: row.duration_minutes,
        imageUrl: row.image_url,
        startsAt,
        endsAt,
      });
    }
    const totalMinor = items.reduce((sum, item) => sum + item.priceMinor, 0);
    const fingerprint = createHash('sha256')
      .update(items.map((i) => `${i.id}|${i.serviceId}|${i.startsAt.toISOString()}|${i.priceMinor}`).join(';'))
      .digest('hex');
    return { items, totalMinor, fingerprint };
  }

  /**
   * One statement: her list with today's catalogue entries, the database's clock, and her open
   * payments (those the reconciler would ask the processor about, and any that could be reused).
   */
  private async readList(userId: string) {
    const rows = await READ_LIST.run(this.db, { userId, gateway: this.gateway.name });
    return { rows, now: rows[0] ? new Date(rows[0].now) : new Date(), open: rows[0]?.open ?? [] };
  }

  private intentInfo(row: { id: string; clientSecret: string; amountMinor: number; currency: string }): PaymentIntentInfo {
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
    const checkout = this.checkoutOf(list.rows, list.now);
    if (toMinorUnits(clientPrice) !== checkout.totalMinor) throw new HttpError(409, BOOKING_LIST_CHANGED_MESSAGE);
    const reusable = list.open.some((p) => p.reusable && p.fingerprint === checkout.fingerprint);

    const paymentId = randomUUID();
    const intent = reusable
      ? undefined
      : await this.gateway.createIntent({
          amountMinor: checkout.totalMinor,
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
        const writing = this.writePayment(tx, { userId, paymentId, checkout, intent });
        const renewed = await renewing;
        renewed.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
        if (renewed.length === 0 || this.checkoutOf(renewed, new Date(0)).fingerprint !== checkout.fingerprint) {
          throw new HttpError(409, BOOKING_LIST_CHANGED_MESSAGE);
        }
        const written = await writing;
        if (!written) throw new HttpError(409, BOOKING_LIST_CHANGED_MESSAGE);
        return { row: written, stale: written.stale, unused: written.created ? undefined : intent?.ref };
      }),
    ).catch(async (err: unknown) => {
      if (intent) await this.cancelQuietly([intent.ref]);
      throw err;
    });

    await this.cancelQuietly([...result.stale, ...(result.unused ? [result.unused] : [])]);
    return this.intentInfo(result.row);
  }

  /**
   * In one statement: answers her open payment for this very list if there is one; otherwise
   * (given a new intent) cancels her other open payments and their pending bookings, and writes
   * the new payment with one pending booking per item. Undefined when there is neither.
   */
  private async writePayment(
    tx: PipelinedTransaction,
    request: { userId: string; paymentId: string; checkout: Checkout; intent: { ref: string; clientSecret: string } | undefined },
  ) {
    const { userId, paymentId, checkout, intent } = request;
    const { items } = checkout;
    const [row] = await WRITE_PAYMENT.send(tx, {
      userId,
      paymentId,
      fingerprint: checkout.fingerprint,
      create: intent !== undefined,
      totalMinor: checkout.totalMinor,
      currency: SALON_CURRENCY,
      gateway: this.gateway.name,
      ref: intent?.ref ?? null,
      clientSecret: intent?.clientSecret ?? null,
      itemIds: items.map((i) => i.id),
      serviceIds: items.map((i) => i.serviceId),
      titles: items.map((i) => i.title),
      prices: items.map((i) => i.priceMinor),
      durations: items.map((i) => i.durationMinutes),
      images: items.map((i) => i.imageUrl),
      starts: items.map((i) => i.startsAt.toISOString()),
      ends: items.map((i) => i.endsAt.toISOString()),
    });
    return row && { id: row.id, clientSecret: row.client_secret, amountMinor: row.amount_minor, currency: row.currency, created: row.created, stale: row.stale };
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
      pending: row.pending.map((b) => ({ ...b, startsAt: new Date(b.startsAt), endsAt: new Date(b.endsAt) })),
    };
  }

  /**
   * The one place a charge's outcome is applied, whether it came from Stripe's signed webhook or
   * from the test gateway. Each event id is applied once; a success turns the payment's pending
   * bookings into confirmed ones (re-checking capacity under the slot locks, in case a hold
   * lapsed while the customer paid) and empties those items from the booking list. A success is
   * three statements and the confirmation's queueing, in one transaction.
   */
  async applyOutcome(event: Outcome): Promise<{ paymentId: string; status: PaymentStatus; confirmed: boolean } | undefined> {
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
          if (payment.status !== 'canceled' && maxConcurrent(occupied, booking) < settings.capacity) {
            confirmed.push(booking.id);
            occupied.push(booking);
          } else {
            // Paid, but the place went to someone else after the hold lapsed: the money goes back.
            refused.push(booking.id);
            refunds.push({ key: `refund:${booking.id}`, amountMinor: booking.priceMinor });
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
        });
        const queued = this.notices.queue({ kind: 'confirmation', paymentId: payment.id }, tx);
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
    return this.reconcileRefs(rows.map((r) => r.ref));
  }

  /** Asks the processor about these intents and applies the charges among them; answers how many. */
  private async reconcileRefs(refs: string[]): Promise<number> {
    if (refs.length === 0) return 0;
    const charged = await this.gateway.succeededAmong(refs);
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
