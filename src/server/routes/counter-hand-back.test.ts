/**
 * Counter money given back (docs/decisions/048): a customer who cancels her own visit online is owed
 * what she paid at the counter, and the admin records handing it back
 * (POST /api/bookings/:id/counter-refund/handed-back). Once: a second press, or a second desk
 * pressing at the same moment, is refused and changes nothing. Run on the embedded database and
 * on PostgreSQL (DATABASE_URL), as every concurrency test here is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { rowsOf } from '../db/rows.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { asUser, dhaka, distinctOpenDays } from '../test/booking.js';
import { apiErrorSchema } from '../../shared/errors.js';
import { bookingListSchema, bookingSchema, paymentListSchema, type Booking } from '../../shared/payments.js';
import { serviceListSchema, type Service } from '../../shared/service.js';
import { deskBookingResultSchema } from '../../shared/front-desk.js';

let t: TestApp;
let admin: Account;
let otherAdmin: Account;
let her: Account;
let manicure: Service;
const freshDay = distinctOpenDays(3);
/** What she pays at the counter ahead of each visit: part of the manicure. */
const CASH = 300;

beforeAll(async () => {
  t = await createTestApp();
  [admin, otherAdmin, her] = [await signUpAdmin(t.app), await signUpAdmin(t.app), await signUp(t.app)];
  const catalogue = serviceListSchema.parse((await t.app.inject({ url: '/api/service' })).json());
  manicure = catalogue.find((s) => s.title === 'Classic Manicure')!;
});
afterAll(async () => t.close());

const query = <T>(text: ReturnType<typeof sql>) => rowsOf<T>(t.database.db, text);
const handBack = (who: Account | undefined, bookingId: string) => asUser(t.app, who).post(`/api/bookings/${bookingId}/counter-refund/handed-back`, {});

/** Timestamps as the driver gives them (text): compared as instants through `instant`. */
type RefundRow = { id: string; booking_id: string; amount_minor: number; handed_back_by: string | null; handed_back_at: string | null; created_at: string };
const instant = (text: string | null) => (text === null ? null : new Date(text).toISOString());
const refundRows = (bookingId: string) => query<RefundRow>(sql`select * from counter_refunds where booking_id = ${bookingId}`);
const allRefundRows = () => query<RefundRow>(sql`select * from counter_refunds order by id`);

/**
 * A visit booked for her at the desk, to pay at the visit, ৳300 of it paid at the counter ahead,
 * then cancelled online by `canceller` (she herself unless told): answers its id.
 */
async function cancelledAfterCash(canceller: Account = her, day = freshDay(), time = '11:00'): Promise<string> {
  const booked = await asUser(t.app, admin).post('/api/front-desk/bookings', {
    customerId: her.id,
    items: [{ serviceId: manicure._id, staffId: null, startsAt: dhaka(day, time).toISOString() }],
    payment: { when: 'at-visit' },
  });
  expect(booked.statusCode, booked.body).toBe(201);
  const id = deskBookingResultSchema.parse(booked.json()).bookings[0]!._id;
  const paid = await asUser(t.app, admin).post(`/api/bookings/${id}/counter-payments`, { amount: CASH, method: 'cash' });
  expect(paid.statusCode, paid.body).toBe(200);
  const cancelled = await asUser(t.app, canceller).post(`/api/bookings/${id}/cancel`, {});
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  return id;
}

async function bookingAs(who: Account, id: string): Promise<Booking> {
  const list = bookingListSchema.parse((await asUser(t.app, who).get('/api/bookings')).json());
  const found = list.find((b) => b._id === id);
  if (!found) throw new Error(`booking ${id} is not in the list`);
  return found;
}

describe('her own cancellation of a visit she paid at the counter', () => {
  let visit: string;
  beforeAll(async () => {
    visit = await cancelledAfterCash();
  });

  it('leaves the money hers, to collect at the counter: the admin, her list and her payment history say so', async () => {
    const [row] = await refundRows(visit);
    expect(row).toMatchObject({ amount_minor: CASH * 100, handed_back_by: null, handed_back_at: null });
    const owed = { paidAtSalon: 0, handedBack: CASH, handBackDue: CASH, handedBackAt: null, due: 0 };
    expect((await bookingAs(admin, visit)).money).toMatchObject(owed);
    expect((await bookingAs(her, visit)).money).toMatchObject(owed);
    const history = paymentListSchema.parse((await asUser(t.app, her).get('/api/payments')).json());
    const service = history.flatMap((p) => p.services).find((s) => s.bookingId === visit);
    expect(service).toMatchObject({ status: 'cancelled', takenAtSalon: CASH, handedBack: CASH, handBackDue: CASH, handedBackAt: null });
  });

  it('404 for a booking that does not exist, or has no counter money to give back: nothing recorded', async () => {
    const before = await allRefundRows();
    const unknown = await handBack(admin, randomUUID());
    expect(unknown.statusCode, unknown.body).toBe(404);
    // A confirmed visit paid at the counter (nothing goes back), and a visit cancelled with no cash taken.
    const day = freshDay();
    const booked = await asUser(t.app, admin).post('/api/front-desk/bookings', {
      customerId: her.id,
      items: [
        { serviceId: manicure._id, staffId: null, startsAt: dhaka(day, '11:00').toISOString() },
        { serviceId: manicure._id, staffId: null, startsAt: dhaka(day, '14:00').toISOString() },
      ],
      payment: { when: 'at-visit' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const [kept, dropped] = deskBookingResultSchema.parse(booked.json()).bookings.map((b) => b._id) as [string, string];
    expect((await asUser(t.app, admin).post(`/api/bookings/${kept}/counter-payments`, { amount: CASH, method: 'cash' })).statusCode).toBe(200);
    expect((await asUser(t.app, her).post(`/api/bookings/${dropped}/cancel`, {})).statusCode).toBe(200);
    // Neither wrote a counter refund: one is not cancelled, the other took no cash.
    expect(await allRefundRows()).toEqual(before);
    for (const id of [kept, dropped]) {
      const res = await handBack(admin, id);
      expect(res.statusCode, res.body).toBe(404);
      expect(apiErrorSchema.parse(res.json()).message).toBe('This visit has no money to give back at the counter.');
    }
    expect(await allRefundRows()).toEqual(before);
  });

  it('the admin records it handed back: 200 with the booking given back, when and by whom', async () => {
    const res = await handBack(admin, visit);
    expect(res.statusCode, res.body).toBe(200);
    const booking = bookingSchema.parse(res.json());
    expect(booking.money).toMatchObject({ paidAtSalon: 0, handedBack: CASH, handBackDue: 0, due: 0 });
    const [row] = await refundRows(visit);
    expect(row).toMatchObject({ amount_minor: CASH * 100, handed_back_by: admin.id });
    expect(booking.money.handedBackAt).toBe(instant(row!.handed_back_at));
    // The database's clock, a moment ago.
    expect(Math.abs(Date.parse(booking.money.handedBackAt!) - Date.now())).toBeLessThan(60_000);
    expect((await bookingAs(her, visit)).money).toMatchObject({ handedBack: CASH, handBackDue: 0, handedBackAt: booking.money.handedBackAt });
    const history = paymentListSchema.parse((await asUser(t.app, her).get('/api/payments')).json());
    expect(history.flatMap((p) => p.services).find((s) => s.bookingId === visit)).toMatchObject({ handedBack: CASH, handBackDue: 0, handedBackAt: booking.money.handedBackAt });
  });

  it('409 when pressed again, by anyone: the record stays the first', async () => {
    const before = await refundRows(visit);
    for (const who of [admin, otherAdmin]) {
      const res = await handBack(who, visit);
      expect(res.statusCode, res.body).toBe(409);
      expect(apiErrorSchema.parse(res.json()).message).toBe('This money was already given back at the counter.');
    }
    expect(await refundRows(visit)).toEqual(before);
  });
});

describe('the salon cancelling a visit paid at the counter', () => {
  it('hands the money back as it cancels: recorded at once, nothing left to give, a later press 409', async () => {
    const visit = await cancelledAfterCash(admin);
    const [row] = await refundRows(visit);
    expect(row).toMatchObject({ amount_minor: CASH * 100, handed_back_by: admin.id });
    expect(row!.handed_back_at).not.toBeNull();
    // Set in the transaction that decided the cancellation, beside the row's own creation.
    expect(Math.abs(Date.parse(instant(row!.handed_back_at)!) - Date.parse(instant(row!.created_at)!))).toBeLessThan(1000);
    expect((await bookingAs(her, visit)).money).toMatchObject({ handedBack: CASH, handBackDue: 0, handedBackAt: instant(row!.handed_back_at) });
    const res = await handBack(otherAdmin, visit);
    expect(res.statusCode, res.body).toBe(409);
    expect(await refundRows(visit)).toEqual([row]);
  });
});

describe('two admins pressing Handed back at the same moment', () => {
  it('records it once: one 200, one 409, and the row names the admin who got the 200', async () => {
    const ROUNDS = 8;
    const day = freshDay();
    const visits: string[] = [];
    // One customer, one visit an hour: her own visits may not overlap.
    for (let i = 0; i < ROUNDS; i += 1) visits.push(await cancelledAfterCash(her, day, `${10 + i}:00`));
    const outcomes = await Promise.all(
      visits.map(async (visit) => {
        const [first, second] = await Promise.all([handBack(admin, visit), handBack(otherAdmin, visit)]);
        return { visit, statuses: [first.statusCode, second.statusCode], bodies: [first.body, second.body] };
      }),
    );
    for (const { visit, statuses, bodies } of outcomes) {
      const context = JSON.stringify({ statuses, bodies });
      expect([...statuses].sort(), context).toEqual([200, 409]);
      const rows = await refundRows(visit);
      expect(rows, context).toHaveLength(1);
      expect(rows[0]!.handed_back_by, context).toBe(statuses[0] === 200 ? admin.id : otherAdmin.id);
      expect(rows[0]!.handed_back_at, context).not.toBeNull();
    }
  });
});

describe('the migration (0024) that adds handed_back_at', () => {
  it('marks handed back, as they were made, the rows of the salon’s cancellations, and leaves her own owed', async () => {
    const mine = await cancelledAfterCash(her);
    const salons = await cancelledAfterCash(admin);
    const deletedAdmins = await cancelledAfterCash(admin);
    // As 0021 left them: no handed_back_at; the third's admin account has since been deleted.
    await t.database.db.execute(sql`update counter_refunds set handed_back_at = null where booking_id in (${mine}, ${salons}, ${deletedAdmins})`);
    await t.database.db.execute(sql`update counter_refunds set handed_back_by = null where booking_id = ${deletedAdmins}`);
    const migration = fs.readFileSync(path.resolve(import.meta.dirname, '../../../drizzle/0024_counter_hand_back.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint')[1]!;
    await t.database.db.execute(sql.raw(backfill));
    const after = async (id: string) => (await refundRows(id))[0]!;
    expect((await after(mine)).handed_back_at).toBeNull();
    for (const id of [salons, deletedAdmins]) {
      const row = await after(id);
      expect(instant(row.handed_back_at), id).toBe(instant(row.created_at));
    }
  });
});

describe('anyone but an admin', () => {
  it('visitor 401, she herself 403, a stylist 403: nothing recorded', async () => {
    const visit = await cancelledAfterCash();
    // A stylist is a customer's account linked to a stylist. Last in this file: once the salon has
    // a stylist it books with stylists (docs/decisions/037), and the visits above are chairs'.
    const stylist = await signUp(t.app);
    await t.database.db.execute(sql`insert into staff (name, user_id) values ('Hand-back Rina', ${stylist.id})`);
    const before = await allRefundRows();
    for (const [who, status] of [
      [undefined, 401],
      [her, 403],
      [stylist, 403],
    ] as const) {
      const res = await handBack(who, visit);
      expect(res.statusCode, res.body).toBe(status);
      expect(apiErrorSchema.parse(res.json()).statusCode).toBe(status);
    }
    expect(await allRefundRows()).toEqual(before);
    expect((await refundRows(visit))[0]).toMatchObject({ handed_back_by: null, handed_back_at: null });
  });
});
