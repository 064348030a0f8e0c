/**
 * The admin summary from known data around the salon's day boundary (Asia/Dhaka, UTC+6): 00:30 in
 * Dhaka is 18:30 UTC of the day before, so a query that grouped or cut by UTC dates would put those
 * rows on the wrong day. Past days are written straight into the database (bookings cannot be made
 * in the past through the API), as the demo history is; today's payment and refund go through it.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { asUser, CARDS, dhaka, futureExpiry, openDay, readyToPay } from '../test/booking.js';
import { adminSummarySchema, type AdminSummary } from '../../shared/admin-summary.js';
import { serviceListSchema } from '../../shared/service.js';
import { intentSchema } from '../../shared/payments.js';
import { instantToZoned } from '../../shared/calendar.js';
import { bookings, payments, user } from '../db/schema.js';

// A Tuesday and a Wednesday, both open 10:00-20:00 with capacity 3 (the default settings).
const D1 = '2025-03-11';
const D2 = '2025-03-12';
const D3 = '2025-03-13';

let t: TestApp;
let admin: Account;
let customer: Account;
let haircut: string;
let facial: string;

async function summary(who: Account | undefined, query: string) {
  return asUser(t.app, who).get(`/api/admin/summary?${query}`);
}

async function figures(from: string, to: string): Promise<AdminSummary> {
  const res = await summary(admin, `from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return adminSummarySchema.parse(res.json());
}

async function payment(values: { amount: number; refunded?: number; status: 'succeeded' | 'partially_refunded' | 'refunded' | 'failed' | 'pending'; paidAt: Date | null }) {
  const ref = `summary-test:${randomUUID()}`;
  const [row] = await t.app.db
    .insert(payments)
    .values({
      userId: customer.id,
      amountMinor: values.amount * 100,
      refundedMinor: (values.refunded ?? 0) * 100,
      currency: 'BDT',
      gateway: 'test',
      gatewayRef: ref,
      clientSecret: ref,
      cartFingerprint: ref,
      status: values.status,
      createdAt: values.paidAt ?? dhaka(D1, '09:00'),
      paidAt: values.paidAt,
    })
    .returning({ id: payments.id });
  return row!.id;
}

async function booking(
  paymentId: string,
  values: { serviceId: string; title: string; price: number; startsAt: Date; minutes: number; status: 'confirmed' | 'completed' | 'cancelled'; cancelledAt?: Date; refunded?: number },
) {
  await t.app.db.insert(bookings).values({
    userId: customer.id,
    paymentId,
    cartItemId: randomUUID(),
    serviceId: values.serviceId,
    title: values.title,
    priceMinor: values.price * 100,
    durationMinutes: values.minutes,
    imageUrl: '/images/services/classic-haircut.svg',
    startsAt: values.startsAt,
    endsAt: new Date(values.startsAt.getTime() + values.minutes * 60_000),
    status: values.status,
    refundedMinor: (values.refunded ?? 0) * 100,
    cancelledAt: values.cancelledAt ?? null,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  customer = await signUp(t.app);
  const second = await signUp(t.app);
  const list = serviceListSchema.parse((await t.app.inject({ url: '/api/service' })).json());
  haircut = list.find((s) => s.title === 'Classic Haircut & Blow-dry')!._id;
  facial = list.find((s) => s.title === 'Signature Glow Facial')!._id;

  // Sign-up dates: the customer on D1; the second customer at 00:30 on D2 (still D1 in UTC); the admin on D1 (not a customer).
  // user.created_at has no zone and holds UTC, as better-auth writes it.
  const utc = (instant: Date) => sql`${instant.toISOString()}::timestamptz at time zone 'UTC'`;
  await t.app.db.update(user).set({ createdAt: sql`${utc(dhaka(D1, '12:00'))}` }).where(eq(user.id, customer.id));
  await t.app.db.update(user).set({ createdAt: sql`${utc(dhaka(D2, '00:30'))}` }).where(eq(user.id, second.id));
  await t.app.db.update(user).set({ createdAt: sql`${utc(dhaka(D1, '13:00'))}` }).where(eq(user.id, admin.id));

  // Payments on D1: ৳5,000 of which ৳1,000 refunded; ৳1,500 refunded in full. On D2 at 00:10
  // (18:10 UTC on D1): ৳2,000. A failed and an unpaid one count for nothing.
  const p1 = await payment({ amount: 5000, refunded: 1000, status: 'partially_refunded', paidAt: dhaka(D1, '10:00') });
  await payment({ amount: 1500, refunded: 1500, status: 'refunded', paidAt: dhaka(D1, '15:00') });
  await payment({ amount: 2000, status: 'succeeded', paidAt: dhaka(D2, '00:10') });
  // A failed one carries a paid_at here on purpose: revenue is picked by status, not by the timestamp alone.
  await payment({ amount: 700, status: 'failed', paidAt: dhaka(D1, '16:00') });
  await payment({ amount: 900, status: 'pending', paidAt: null });

  const hair = { serviceId: haircut, title: 'Classic Haircut & Blow-dry', price: 1000, minutes: 60 };
  // D1: a completed facial 11:00-12:00 (60 open minutes), a haircut 19:30-20:30 (30 of them inside
  // opening hours) and one at 23:30 (none).
  await booking(p1, { serviceId: facial, title: 'Signature Glow Facial', price: 4000, startsAt: dhaka(D1, '11:00'), minutes: 60, status: 'completed' });
  await booking(p1, { ...hair, startsAt: dhaka(D1, '19:30'), status: 'confirmed' });
  await booking(p1, { ...hair, startsAt: dhaka(D1, '23:30'), status: 'confirmed' });
  // 00:30 on D2 (18:30 UTC on D1) belongs to D2; 00:30 on D3 to D3, outside a D1..D2 period.
  await booking(p1, { ...hair, startsAt: dhaka(D2, '00:30'), status: 'confirmed' });
  await booking(p1, { ...hair, startsAt: dhaka(D3, '00:30'), status: 'confirmed' });
  // Cancelled: one on D1 at 09:00, one at 00:15 on D2 (18:15 UTC on D1). Neither is a booking.
  await booking(p1, { ...hair, startsAt: dhaka(D1, '12:00'), status: 'cancelled', cancelledAt: dhaka(D1, '09:00'), refunded: 1000 });
  await booking(p1, { ...hair, startsAt: dhaka(D2, '14:00'), status: 'cancelled', cancelledAt: dhaka(D2, '00:15'), refunded: 1000 });
});
afterAll(async () => t.close());

describe('GET /api/admin/summary', () => {
  it('counts one salon day by its Dhaka boundaries', async () => {
    expect(await figures(D1, D1)).toEqual({
      bookings: 3,
      revenue: 4000,
      refunds: 2500,
      averagePayment: 2000,
      cancellations: 1,
      noShows: 0,
      newCustomers: 1,
      // 90 booked minutes inside 10:00-20:00, over 3 chairs x 600 minutes.
      utilisation: 90 / 1800,
      topServices: [
        { serviceId: facial, title: 'Signature Glow Facial', bookings: 1, revenue: 4000 },
        { serviceId: haircut, title: 'Classic Haircut & Blow-dry', bookings: 2, revenue: 2000 },
      ],
      byDay: [{ date: D1, bookings: 3, revenue: 4000 }],
    });
  });

  it('puts the rows just after Dhaka midnight on the next day, and gives every date of the period', async () => {
    const two = await figures(D1, D2);
    expect(two).toMatchObject({ bookings: 4, revenue: 6000, refunds: 2500, averagePayment: 2000, cancellations: 2, newCustomers: 2, utilisation: 90 / 3600 });
    expect(two.byDay).toEqual([
      { date: D1, bookings: 3, revenue: 4000 },
      { date: D2, bookings: 1, revenue: 2000 },
    ]);
    expect(two.topServices.map((s) => [s.title, s.bookings, s.revenue])).toEqual([
      ['Signature Glow Facial', 1, 4000],
      ['Classic Haircut & Blow-dry', 3, 3000],
    ]);

    const second = await figures(D2, D2);
    expect(second).toMatchObject({ bookings: 1, revenue: 2000, refunds: 0, cancellations: 1, newCustomers: 1, utilisation: 0 });
  });

  it('answers zeros for a period with nothing in it, one entry per day, closed Friday included', async () => {
    const week = await figures('2025-01-04', '2025-01-10');
    expect(week).toMatchObject({ bookings: 0, revenue: 0, refunds: 0, averagePayment: 0, cancellations: 0, newCustomers: 0, utilisation: 0, topServices: [] });
    expect(week.byDay.map((d) => d.date)).toEqual(['2025-01-04', '2025-01-05', '2025-01-06', '2025-01-07', '2025-01-08', '2025-01-09', '2025-01-10']);
    expect(week.byDay.every((d) => d.bookings === 0 && d.revenue === 0)).toBe(true);
  });

  it("counts today's payment made through the API, and its refund when the admin cancels it", async () => {
    const buyer = await signUp(t.app);
    const day = openDay(3);
    await readyToPay(t.app, buyer, [{ serviceId: haircut, time: '11:00' }], day);
    const intentRes = await asUser(t.app, buyer).post('/api/create-payment-intent', { price: 1200 });
    expect(intentRes.statusCode, intentRes.body).toBe(200);
    const intent = intentSchema.parse(intentRes.json());
    const paid = await asUser(t.app, buyer).post('/api/payments/test/confirm', { clientSecret: intent.clientSecret, cardNumber: CARDS.success, expiry: futureExpiry(), cvc: '123' });
    expect(paid.statusCode, paid.body).toBe(200);

    const today = instantToZoned(new Date(), 'Asia/Dhaka').date;
    const before = await figures(today, today);
    expect(before).toMatchObject({ revenue: 1200, refunds: 0, averagePayment: 1200, cancellations: 0 });
    expect(before.newCustomers).toBeGreaterThanOrEqual(1);
    const later = await figures(day, day);
    expect(later).toMatchObject({ bookings: 1, topServices: [expect.objectContaining({ serviceId: haircut, bookings: 1, revenue: 1200 })] });

    const [row] = await t.app.db.select().from(bookings).where(eq(bookings.userId, buyer.id));
    const cancelled = await asUser(t.app, admin).post(`/api/bookings/${row!.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await figures(today, today)).toMatchObject({ revenue: 0, refunds: 1200, averagePayment: 0, cancellations: 1 });
    expect(await figures(day, day)).toMatchObject({ bookings: 0, topServices: [] });
  });

  it('is for admins only: 401 signed out, 403 for a customer', async () => {
    expect((await summary(undefined, `from=${D1}&to=${D1}`)).statusCode).toBe(401);
    const refused = await summary(customer, `from=${D1}&to=${D1}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
  });

  it.each([
    ['a missing end', `from=${D1}`, 'query.to'],
    ['a date that does not exist', 'from=2025-02-30&to=2025-03-01', 'query.from'],
    ['a date in another format', 'from=11/03/2025&to=2025-03-12', 'query.from'],
    ['an end before the start', `from=${D2}&to=${D1}`, 'query.to'],
    ['367 days', 'from=2024-01-01&to=2025-01-01', 'query.to'],
  ])('refuses %s with 400 and the field issue', async (_name, query, path) => {
    const res = await summary(admin, query);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', issues: [{ path, message: expect.any(String) }] });
  });

  it('accepts a whole leap year of 366 days', async () => {
    const year = await figures('2024-01-01', '2024-12-31');
    expect(year.byDay).toHaveLength(366);
  });
});
