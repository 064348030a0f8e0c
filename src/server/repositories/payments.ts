/**
 * The payments' statements: the checkout's and the payment outcome's, prepared once per connection
 * (prepared.ts) and sent by PaymentService, pipelined where it says so (pipelined.ts), and the
 * open payments the reconciler asks the processor about.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { payments } from '../db/schema.js';
import { statement, verbatim } from './prepared.js';
import { lockCellsText } from '../booking/capacity.js';
import { rowsOf } from '../db/rows.js';
import type { PaymentMethod, PaymentStatus } from '../../shared/payments.js';
import type { PaymentPolicy, PayPlan } from '../../shared/deposits.js';

/** A booking-list row with its service, as the checkout statements read it. */
export type ItemRow = {
  id: string;
  service_id: string;
  starts_at: string | Date | null;
  ends_at: string | Date | null;
  staff_id: string | null;
  staff_free_at: string | Date | null;
  hold_expires_at?: string | Date | null;
  title: string;
  /** The service's Bangla title, for a refusal that names it (null: none written). */
  title_bn: string | null;
  price_minor: number;
  duration_minutes: number;
  image_url: string;
  /** The service's own payment policy; null: the salon's. */
  payment_policy: PaymentPolicy | null;
};

/** One of her payments still open (or cancelled in the last day), as createIntent reads it. */
type OpenPayment = { ref: string; fingerprint: string; reusable: boolean; reconcile: boolean };

/**
 * The checkout's and the payment outcome's statements, prepared once per connection (prepared.ts).
 * Lists go in as arrays, so one text serves a list of any length.
 */
export const READ_LIST = statement<{ userId: string; gateway: string }, ItemRow & { now: string | Date; open: OpenPayment[] }>('parlour_read_list')`
  select c.id, c.service_id, c.starts_at, c.ends_at, c.staff_id, c.staff_free_at, c.hold_expires_at, s.title, s.title_bn, s.price_minor, s.duration_minutes, s.image_url, s.payment_policy,
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
  where c.user_id = ${'userId'}::uuid and not c.desk and s.deleted_at is null
  order by c.created_at, c.id`;

export const RENEW_HOLDS = statement<{ userId: string; holdMinutes: number }, ItemRow & { created_at: string | Date }>('parlour_renew_holds')`
  update cart_items c set hold_expires_at = now() + make_interval(mins => ${'holdMinutes'}::int)
  from services s
  where s.id = c.service_id and c.user_id = ${'userId'}::uuid and not c.desk and s.deleted_at is null
    and c.starts_at is not null and c.hold_expires_at > now()
  returning c.id, c.service_id, c.starts_at, c.ends_at, c.staff_id, c.staff_free_at, c.hold_expires_at, c.created_at, s.title, s.price_minor, s.duration_minutes, s.image_url, s.payment_policy`;

export const WRITE_PAYMENT = statement<
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
    /** Her other open payments are cancelled (an online checkout replaces them; the front desk's booking does not). */
    replaceOpen: boolean;
    /** The admin booking it at the front desk; null online. */
    bookedBy: string | null;
    itemIds: string[];
    serviceIds: string[];
    titles: string[];
    prices: number[];
    onlines: number[];
    plans: PayPlan[];
    durations: number[];
    images: string[];
    starts: string[];
    ends: string[];
    staffIds: (string | null)[];
    staffFreeAts: (string | null)[];
  },
  { id: string; gateway_ref: string; client_secret: string; amount_minor: number; currency: string; created: boolean; stale: string[] }
>('parlour_write_payment')`
  with existing as (
    select * from payments
    where user_id = ${'userId'}::uuid and cart_fingerprint = ${'fingerprint'}::text and status in ('pending', 'failed')
    order by created_at desc limit 1
  ), stale as (
    update payments set status = 'canceled', updated_at = now()
    where user_id = ${'userId'}::uuid and status in ('pending', 'failed') and ${'create'}::boolean and ${'replaceOpen'}::boolean
      and not exists (select 1 from existing)
    returning id, gateway_ref, gateway
  ), stale_bookings as (
    update bookings set status = 'cancelled', cancelled_at = now(), updated_at = now()
    where payment_id in (select id from stale) and status = 'pending'
  ), created as (
    insert into payments (id, user_id, amount_minor, currency, gateway, gateway_ref, client_secret, cart_fingerprint, status, booked_by)
    select ${'paymentId'}::uuid, ${'userId'}::uuid, ${'totalMinor'}::int, ${'currency'}::text, ${'gateway'}::text,
      ${'ref'}::text, ${'clientSecret'}::text, ${'fingerprint'}::text, 'pending', ${'bookedBy'}::uuid
    where ${'create'}::boolean and not exists (select 1 from existing)
    returning id, gateway_ref, client_secret, amount_minor, currency
  ), booked as (
    insert into bookings (user_id, payment_id, cart_item_id, service_id, title, title_bn, price_minor, online_minor, pay_plan, duration_minutes, image_url, starts_at, ends_at,
      staff_id, staff_free_at, status)
    -- The Bangla title joins the snapshot from the catalogue row (the list's items carry no copy).
    select ${'userId'}::uuid, created.id, v.cart_item_id, v.service_id, v.title, (select s.title_bn from services s where s.id = v.service_id), v.price_minor, v.online_minor, v.pay_plan, v.duration_minutes, v.image_url,
      v.starts_at, v.ends_at, v.staff_id, v.staff_free_at, 'pending'
    from created, unnest(${'itemIds'}::uuid[], ${'serviceIds'}::uuid[], ${'titles'}::text[], ${'prices'}::int[], ${'onlines'}::int[], ${'plans'}::text[],
      ${'durations'}::int[], ${'images'}::text[], ${'starts'}::timestamptz[], ${'ends'}::timestamptz[], ${'staffIds'}::uuid[], ${'staffFreeAts'}::timestamptz[])
      as v (cart_item_id, service_id, title, price_minor, online_minor, pay_plan, duration_minutes, image_url, starts_at, ends_at, staff_id, staff_free_at)
  )
  select id, gateway_ref, client_secret, amount_minor, currency, false as created, '{}'::text[] as stale from existing
  union all
  -- The processor's intents to cancel: a list paid at the salon ('salon') has none.
  select id, gateway_ref, client_secret, amount_minor, currency, true,
    (select coalesce(array_agg(gateway_ref) filter (where gateway <> 'salon'), '{}') from stale) from created`;

/**
 * Her upcoming visits with nothing paid (booked to pay at the salon, no counter payment yet): the
 * salon's unpaidLimit caps them.
 */
export const UNPAID_UPCOMING = statement<{ userId: string }, { count: number }>('parlour_unpaid_upcoming')`
  select count(*)::int as count from bookings b
  where b.user_id = ${'userId'}::uuid and b.status = 'confirmed' and b.online_minor = 0 and b.starts_at > now()
    and not exists (select 1 from counter_payments cp where cp.booking_id = b.id)`;

export const LOCK_OUTCOME = statement<
  { ref: string; eventId: string; outcome: string; message: string | null; succeeded: boolean },
  {
    id: string;
    user_id: string;
    status: PaymentStatus;
    amount_minor: number;
    gateway_ref: string;
    fresh: boolean;
    pending: { id: string; priceMinor: number; onlineMinor: number; startsAt: string; endsAt: string; staffId: string | null; staffFreeAt: string | null }[];
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
    select b.id, b.price_minor, b.online_minor, b.starts_at, b.ends_at, b.staff_id, b.staff_free_at
    from bookings b join payment p on b.payment_id = p.id
    where b.status = 'pending' and ${'succeeded'}::boolean and exists (select 1 from event)
      and p.status in ('pending', 'failed', 'canceled')
    order by b.starts_at
    for update of b
  ), cells as (${verbatim(lockCellsText('pending'))})
  select p.id, p.user_id, p.status, p.amount_minor, p.gateway_ref, exists (select 1 from event) as fresh,
    (select coalesce(json_agg(json_build_object('id', id, 'priceMinor', price_minor, 'onlineMinor', online_minor, 'startsAt', starts_at, 'endsAt', ends_at,
      'staffId', staff_id, 'staffFreeAt', staff_free_at) order by starts_at), '[]'::json) from pending) as pending
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
export const SETTLE_PAYMENT = statement<
  { confirmed: string[]; refused: string[]; userId: string; status: PaymentStatus; refundedMinor: number; paymentId: string; method: PaymentMethod | null },
  { status: PaymentStatus }
>('parlour_settle_payment')`
  with settled as (
    update bookings b set
      status = case when b.id = any (${'confirmed'}::uuid[]) then 'confirmed' else 'cancelled' end,
      refunded_minor = case when b.id = any (${'confirmed'}::uuid[]) then b.refunded_minor else b.online_minor end,
      cancelled_at = case when b.id = any (${'confirmed'}::uuid[]) then b.cancelled_at else now() end,
      updated_at = now()
    where b.payment_id = ${'paymentId'}::uuid and (b.id = any (${'confirmed'}::uuid[]) or b.id = any (${'refused'}::uuid[]))
  ), cleared as (
    delete from cart_items where user_id = ${'userId'}::uuid and id in (
      select cart_item_id from bookings where payment_id = ${'paymentId'}::uuid and (id = any (${'confirmed'}::uuid[]) or id = any (${'refused'}::uuid[])))
  )
  update payments set status = ${'status'}::text, refunded_minor = ${'refundedMinor'}::int, failure_message = null, paid_at = now(), updated_at = now(),
    method = coalesce(${'method'}::text, method)
  where id = ${'paymentId'}::uuid
  returning status`;

/** A declined charge on an open payment: it stays payable (a new card may be tried). */
export const FAIL_PAYMENT = statement<{ paymentId: string; message: string }, { status: PaymentStatus }>('parlour_fail_payment')`
  update payments set status = 'failed', failure_message = ${'message'}::text, updated_at = now()
  where id = ${'paymentId'}::uuid
  returning status`;

/**
 * Open payments of the last week through this processor, and cancelled ones of the last day (an
 * intent cancelled after its charge succeeded must be refunded): the references to ask about.
 */
export async function openPaymentRefs(db: Db, gateway: string, userId?: string): Promise<string[]> {
  const rows = await db
    .select({ ref: payments.gatewayRef })
    .from(payments)
    .where(
      and(
        eq(payments.gateway, gateway),
        userId ? eq(payments.userId, userId) : undefined,
        sql`((${payments.status} in ('pending', 'failed') and ${payments.createdAt} > now() - interval '7 days')
          or (${payments.status} = 'canceled' and ${payments.updatedAt} > now() - interval '1 day'))`,
      ),
    )
    .limit(200);
  return rows.map((r) => r.ref);
}

/**
 * Her payment with this client secret, before the test gateway charges it by card or sends a wallet
 * code for it (prepared.ts). Found through the test gateway's intent (unique by client secret) and
 * the payment's reference (unique), not among her payments by secret, which reads her whole payment
 * history, growing with each visit.
 */
const OWN_PAYMENT = statement<{ clientSecret: string; userId: string }, { id: string }>('parlour_own_payment')`
  select p.id from test_gateway_intents i join payments p on p.gateway_ref = i.ref
  where i.client_secret = ${'clientSecret'}::text and p.user_id = ${'userId'}::uuid and p.gateway = 'test'`;

export async function ownPaymentBySecret(db: Db, clientSecret: string, userId: string): Promise<{ id: string } | undefined> {
  const [row] = await OWN_PAYMENT.run(db, { clientSecret, userId });
  return row;
}

/**
 * Her payment behind a test-gateway wallet attempt, with the intent's client secret: checked before
 * her code is counted, so nobody else's guesses can use up her tries.
 */
const OWN_WALLET_ATTEMPT = statement<{ attemptId: string; userId: string }, { id: string; client_secret: string }>('parlour_own_wallet_attempt')`
  select p.id, i.client_secret from test_gateway_wallet_attempts a
    join test_gateway_intents i on i.ref = a.ref
    join payments p on p.gateway_ref = a.ref
  where a.id = ${'attemptId'}::uuid and p.user_id = ${'userId'}::uuid and p.gateway = 'test'`;

export async function ownWalletAttempt(db: Db, attemptId: string, userId: string): Promise<{ id: string; clientSecret: string } | undefined> {
  const [row] = await OWN_WALLET_ATTEMPT.run(db, { attemptId, userId });
  return row && { id: row.id, clientSecret: row.client_secret };
}

/** The payment behind a processor's reference, as an outcome from outside (an IPN, a return) is checked against. */
export async function paymentByRef(db: Db, gateway: string, ref: string) {
  const [row] = await db
    .select({ id: payments.id, amountMinor: payments.amountMinor, currency: payments.currency })
    .from(payments)
    .where(and(eq(payments.gateway, gateway), eq(payments.gatewayRef, ref)));
  return row;
}

/** Who pays `ref` and for what: what a hosted payment page shows and asks its processor to record. */
export async function payerOf(db: Db, ref: string): Promise<{ name: string; email: string; titles: string[] } | undefined> {
  const [row] = await rowsOf<{ name: string; email: string; titles: string[] }>(
    db,
    sql`select u.name, u.email, array(select b.title from bookings b where b.payment_id = p.id order by b.starts_at) as titles
      from payments p join "user" u on u.id = p.user_id
      where p.gateway_ref = ${ref}`,
  );
  return row;
}
