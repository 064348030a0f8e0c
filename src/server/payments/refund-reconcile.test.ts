/**
 * The money side of a cancellation when something goes wrong between the processor and us: a
 * refund the processor refuses, a refund it made that we never recorded, and one we recorded that
 * it never made. The reconciler (run every minute) must leave both ledgers agreeing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { rowsOf } from '../db/rows.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { asUser, dhaka, distinctOpenDays } from '../test/booking.js';
import { bookAndPay } from '../test/appointments.js';
import { apiErrorSchema } from '../../shared/errors.js';
import { BOOKING_BEING_CANCELLED_MESSAGE, bookingListSchema } from '../../shared/payments.js';
import { serviceListSchema, type Service } from '../../shared/service.js';

let t: TestApp;
let admin: Account;
let manicure: Service;
const freshDay = distinctOpenDays(5);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  manicure = serviceListSchema.parse((await t.app.inject({ url: '/api/service' })).json()).find((s) => s.title === 'Classic Manicure')!;
});
afterAll(async () => t.close());

type Row = { status: string; starts_at: Date; cancel_requested_at: Date | null; booking_refunded: number; payment_refunded: number; payment_status: string; ref: string; ledger: number };

/** The booking, its payment and the processor's ledger for that payment. */
async function state(bookingId: string): Promise<Row> {
  const [row] = await rowsOf<Row>(
    t.database.db,
    sql`select b.status, b.starts_at, b.cancel_requested_at, b.refunded_minor as booking_refunded, p.refunded_minor as payment_refunded,
          p.status as payment_status, p.gateway_ref as ref,
          coalesce((select sum(r.amount_minor) from test_gateway_refunds r where r.ref = p.gateway_ref), 0)::int as ledger
        from bookings b join payments p on p.id = b.payment_id where b.id = ${bookingId}::uuid`,
  );
  return row!;
}

/** The test gateway refuses any refund of this payment (as if it had been refunded in full already). */
async function processorRefuses(ref: string, refuse: boolean) {
  await t.database.db.execute(sql`update test_gateway_intents set refunded_minor = case when ${refuse} then amount_minor else 0 end where ref = ${ref}`);
}

async function paidVisit(time = '11:00') {
  const owner = await signUp(t.app);
  const visit = await bookAndPay(t.app, owner, manicure, freshDay(), time);
  return { owner, id: visit.id, ref: (await state(visit.id)).ref };
}

const cancelMessages = async (bookingId: string) =>
  rowsOf(t.database.db, sql`select id from pgboss.job where name = 'mail' and data->>'kind' = 'cancelled' and data->>'bookingId' = ${bookingId}`);

describe('a refund the processor refuses', () => {
  it('answers 503, keeps the cancellation decided so nothing else can change the booking, and the reconciler finishes it later', async () => {
    const { owner, id, ref } = await paidVisit();
    await processorRefuses(ref, true);
    const res = await asUser(t.app, owner).post(`/api/bookings/${id}/cancel`, {});
    expect(res.statusCode, res.body).toBe(503);
    expect(apiErrorSchema.parse(res.json()).message).toMatch(/will be completed automatically/);
    const decided = await state(id);
    expect(decided).toMatchObject({ status: 'confirmed', booking_refunded: 0, payment_refunded: 0, ledger: 0 });
    expect(decided.cancel_requested_at).not.toBeNull();

    // Decided: neither she nor the salon can move it meanwhile; nothing changes.
    for (const who of [owner, admin]) {
      const moved = await asUser(t.app, who).patch(`/api/bookings/${id}`, { startsAt: dhaka(new Date(decided.starts_at).toISOString().slice(0, 10), '17:00').toISOString() });
      expect(moved.statusCode, moved.body).toBe(409);
      expect(apiErrorSchema.parse(moved.json()).message).toBe(BOOKING_BEING_CANCELLED_MESSAGE);
    }
    expect(await state(id)).toEqual(decided);
    // Her list offers only the cancel again.
    const shown = bookingListSchema.parse((await asUser(t.app, owner).get('/api/bookings')).json()).find((b) => b._id === id);
    expect(shown).toMatchObject({ status: 'confirmed', canCancel: true, canMove: false, canComplete: false });

    // A young decision is left to its request; a minute later the reconciler takes it over.
    expect(await t.app.bookings.finishDecidedCancellations()).toBe(0);
    await processorRefuses(ref, false);
    await t.database.db.execute(sql`update bookings set cancel_requested_at = now() - interval '2 minutes' where id = ${id}`);
    expect(await t.app.bookings.finishDecidedCancellations()).toBe(1);
    expect(await state(id)).toMatchObject({ status: 'cancelled', booking_refunded: 80000, payment_refunded: 80000, payment_status: 'refunded', ledger: 80000 });
    expect(await cancelMessages(id)).toHaveLength(1);
    // Asked again, nothing is refunded or told twice.
    expect((await asUser(t.app, owner).post(`/api/bookings/${id}/cancel`, {})).statusCode).toBe(200);
    expect(await t.app.bookings.finishDecidedCancellations()).toBe(0);
    expect(await state(id)).toMatchObject({ status: 'cancelled', payment_refunded: 80000, ledger: 80000 });
    expect(await cancelMessages(id)).toHaveLength(1);
  });

  it.each(['complete', 'no-show'])('a decided cancellation cannot be marked %s', async (action) => {
    const { id, ref } = await paidVisit('13:00');
    await t.database.db.execute(sql`update bookings set starts_at = now() - interval '2 hours', ends_at = now() - interval '75 minutes' where id = ${id}`);
    await processorRefuses(ref, true);
    expect((await asUser(t.app, admin).post(`/api/bookings/${id}/cancel`, {})).statusCode).toBe(503);
    const before = await state(id);
    const res = await asUser(t.app, admin).post(`/api/bookings/${id}/${action}`, {});
    expect(res.statusCode, res.body).toBe(409);
    expect(apiErrorSchema.parse(res.json()).message).toBe(BOOKING_BEING_CANCELLED_MESSAGE);
    expect(await state(id)).toEqual(before);
    await processorRefuses(ref, false);
  });
});

describe("the reconciler compares the processor's refunds with ours", () => {
  it('records a refund the processor made that we never recorded: the booking is cancelled, she is told, once', async () => {
    const { id, ref } = await paidVisit('15:00');
    // What the old cancel left when a move committed between its refund and its record.
    await t.app.payments.gateway.refund({ ref, amountMinor: 80000, idempotencyKey: `refund:${id}` });
    expect(await state(id)).toMatchObject({ status: 'confirmed', payment_refunded: 0, ledger: 80000 });

    expect(await t.app.payments.reconcileRefunds()).toMatchObject({ recorded: 1, unmatched: 0 });
    expect(await state(id)).toMatchObject({ status: 'cancelled', booking_refunded: 80000, payment_refunded: 80000, payment_status: 'refunded', ledger: 80000 });
    expect(await cancelMessages(id)).toHaveLength(1);
    expect(await t.app.payments.reconcileRefunds()).toMatchObject({ recorded: 0, reissued: 0, unmatched: 0 });
    expect(await cancelMessages(id)).toHaveLength(1);
  });

  it('on a visit that was completed meanwhile, records the money and keeps the visit, for a person to look at', async () => {
    const { id, ref } = await paidVisit('16:00');
    await t.database.db.execute(sql`update bookings set status = 'completed' where id = ${id}`);
    await t.app.payments.gateway.refund({ ref, amountMinor: 80000, idempotencyKey: `refund:${id}` });
    expect(await t.app.payments.reconcileRefunds()).toMatchObject({ recorded: 1, unmatched: 0 });
    expect(await state(id)).toMatchObject({ status: 'completed', booking_refunded: 80000, payment_refunded: 80000, ledger: 80000 });
  });

  it('asks again, with the same key, for a refund we recorded and the processor never made', async () => {
    const { owner, id, ref } = await paidVisit('17:00');
    expect((await asUser(t.app, owner).post(`/api/bookings/${id}/cancel`, {})).statusCode).toBe(200);
    // The processor lost it (a refund that failed after our record).
    await t.database.db.execute(sql`delete from test_gateway_refunds where ref = ${ref}`);
    await t.database.db.execute(sql`update test_gateway_intents set refunded_minor = 0 where ref = ${ref}`);
    expect(await state(id)).toMatchObject({ status: 'cancelled', payment_refunded: 80000, ledger: 0 });

    expect(await t.app.payments.reconcileRefunds()).toMatchObject({ reissued: 1, unmatched: 0 });
    expect(await state(id)).toMatchObject({ status: 'cancelled', payment_refunded: 80000, ledger: 80000 });
    const keys = await rowsOf<{ idempotency_key: string }>(t.database.db, sql`select idempotency_key from test_gateway_refunds where ref = ${ref}`);
    expect(keys.map((k) => k.idempotency_key)).toEqual([`refund:${id}`]);
    expect(await t.app.payments.reconcileRefunds()).toMatchObject({ recorded: 0, reissued: 0, unmatched: 0 });
  });

  it('a refund the processor made before its window is found by asking about that payment, not made again', async () => {
    const { owner, id, ref } = await paidVisit('18:00');
    expect((await asUser(t.app, owner).post(`/api/bookings/${id}/cancel`, {})).statusCode).toBe(200);
    // The processor's list of the last two days does not show it: only the payment's own list does.
    await t.database.db.execute(sql`update test_gateway_refunds set created_at = now() - interval '3 days' where ref = ${ref}`);
    expect(await t.app.payments.reconcileRefunds()).toEqual({ recorded: 0, reissued: 0, unmatched: 0 });
    expect(await state(id)).toMatchObject({ status: 'cancelled', payment_refunded: 80000, ledger: 80000 });
    const keys = await rowsOf<{ idempotency_key: string }>(t.database.db, sql`select idempotency_key from test_gateway_refunds where ref = ${ref}`);
    expect(keys).toHaveLength(1);
  });
});
