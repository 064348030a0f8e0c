/**
 * Deposits and paying at the salon (docs/decisions/042): what is asked online under each policy,
 * money taken at the counter, what a cancellation refunds or keeps, and the unpaid-visit limit.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { rowsOf } from '../db/rows.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { CARDS, asUser, distinctOpenDays, futureExpiry, openDay, readyToPay } from '../test/booking.js';
import { apiErrorSchema } from '../../shared/errors.js';
import { BOOKING_LIST_CHANGED_MESSAGE, bookingListSchema, bookingSchema, confirmResultSchema, intentSchema } from '../../shared/payments.js';
import { serviceListSchema, type Service } from '../../shared/service.js';
import { DEFAULT_SALON_SETTINGS, type SalonSettings } from '../../shared/salon-settings.js';
import type { PaymentPolicy } from '../../shared/deposits.js';
import { cartListSchema } from '../../shared/cart.js';

let t: TestApp;
let admin: Account;
let haircut: Service;
let nails: Service;
const freshDay = distinctOpenDays(5);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  const catalogue = serviceListSchema.parse((await t.app.inject({ url: '/api/service' })).json());
  haircut = catalogue.find((s) => s.title === 'Classic Haircut & Blow-dry')!;
  nails = catalogue.find((s) => s.title === 'Gel Nail Extensions')!;
});
afterEach(async () => {
  await settings({});
  await asUser(t.app, admin).patch(`/api/service/${nails._id}`, { paymentPolicy: null });
});
afterAll(async () => t.close());

const query = <T>(text: ReturnType<typeof sql>) => rowsOf<T>(t.database.db, text);

async function settings(change: Partial<SalonSettings>) {
  const res = await asUser(t.app, admin).put('/api/settings', { ...DEFAULT_SALON_SETTINGS, ...change });
  expect(res.statusCode, res.body).toBe(200);
}

async function policy(paymentPolicy: PaymentPolicy, change: Partial<SalonSettings> = {}) {
  await settings({ paymentPolicy, ...change });
}

async function checkout(who: Account, price: number) {
  return asUser(t.app, who).post('/api/create-payment-intent', { price });
}

/** A customer with a haircut held at 11:00 (and more when asked) on a day of her own. */
async function customerWith(picks: { serviceId: string; time: string }[] = [{ serviceId: haircut._id, time: '11:00' }], day = freshDay()) {
  const who = await signUp(t.app);
  await readyToPay(t.app, who, picks, day);
  return who;
}

async function payCard(who: Account, price: number) {
  const intent = intentSchema.parse((await checkout(who, price)).json());
  const paid = await asUser(t.app, who).post('/api/payments/test/confirm', { clientSecret: intent.clientSecret, cardNumber: CARDS.success, expiry: futureExpiry(), cvc: '123' });
  expect(confirmResultSchema.parse(paid.json()).status).toBe('succeeded');
  return intent;
}

async function myBookings(who: Account) {
  return bookingListSchema.parse((await asUser(t.app, who).get('/api/bookings')).json());
}

/** The text of the e-mail with this subject once it is in the outbox (the mail job runs on its own). */
async function mailText(who: Account, subject: RegExp): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      const rows = await query<{ subject: string; text: string }>(sql`select subject, text from outbox where "to" = ${who.email}`);
      text = rows.find((r) => subject.test(r.subject))?.text ?? '';
      return text;
    })
    .not.toBe('');
  return text;
}

async function counter(who: Account, bookingId: string, amount: number, method = 'cash') {
  return asUser(t.app, who).post(`/api/bookings/${bookingId}/counter-payments`, { amount, method });
}

describe('a deposit online, the rest at the salon', () => {
  it('asks 30 % online, confirms the visit on it, and shows the rest as due at the salon', async () => {
    await policy({ mode: 'deposit-percent', percent: 30 });
    const who = await customerWith();
    const [item] = cartListSchema.parse((await asUser(t.app, who).get('/api/cart')).json());
    expect(item).toMatchObject({ price: 1200, plan: 'deposit', payNow: 360 });
    // The whole price is no longer what the page should show: the list changed under it.
    const whole = await checkout(who, haircut.price);
    expect(whole.statusCode).toBe(409);
    expect(apiErrorSchema.parse(whole.json()).message).toBe(BOOKING_LIST_CHANGED_MESSAGE);
    const intent = await payCard(who, 360);
    expect(intent).toMatchObject({ amount: 360, gateway: 'test' });
    expect(await query(sql`select amount_minor from test_gateway_intents where client_secret = ${intent.clientSecret}`)).toEqual([{ amount_minor: 36_000 }]);
    const [booking] = await myBookings(who);
    expect(booking).toMatchObject({ status: 'confirmed', price: 1200 });
    expect(booking!.money).toEqual({ plan: 'deposit', online: 360, paidOnline: 360, paidAtSalon: 0, handedBack: 0, handBackDue: 0, handedBackAt: null, due: 840, depositKept: 0, counterPayments: [], paidBy: 'card' });
    // Her confirmation says both figures, and what happens to the deposit if she cancels.
    const confirmation = await mailText(who, /confirmed/);
    expect(confirmation).toContain('Thank you for your payment of ৳360 online; ৳840 is due at the salon at your visit.');
    expect(confirmation).toContain('  ৳360 paid online · ৳840 due at the salon\n');
    expect(confirmation).toContain('if you cancel later or do not come, the salon keeps the deposit.');
  });

  it('rounds a share to whole taka and never asks more than the price for a fixed deposit', async () => {
    await policy({ mode: 'deposit-fixed', amount: 2000 });
    await asUser(t.app, admin).patch(`/api/service/${nails._id}`, { paymentPolicy: { mode: 'deposit-percent', percent: 15 } });
    const who = await customerWith([
      { serviceId: haircut._id, time: '11:00' },
      { serviceId: nails._id, time: '14:00' },
    ]);
    // The haircut (৳1,200) under the salon's ৳2,000 deposit: all of it; the nails' own 15 % of ৳2,500: ৳375.
    const intent = await payCard(who, 1200 + 375);
    expect(intent.amount).toBe(1575);
    const money = Object.fromEntries((await myBookings(who)).map((b) => [b.title, b.money]));
    expect(money[haircut.title]).toMatchObject({ plan: 'deposit', online: 1200, due: 0 });
    expect(money[nails.title]).toMatchObject({ plan: 'deposit', online: 375, due: 2125 });
  });

  it('the admin records the rest at the counter, never more than it owes; then it is paid in full', async () => {
    await policy({ mode: 'deposit-percent', percent: 30 });
    const who = await customerWith();
    await payCard(who, 360);
    const [booking] = await myBookings(who);
    const id = booking!._id;

    const cash = await counter(admin, id, 500, 'cash');
    expect(cash.statusCode, cash.body).toBe(200);
    expect(bookingSchema.parse(cash.json()).money).toMatchObject({ paidAtSalon: 500, due: 340 });

    const tooMuch = await counter(admin, id, 400, 'bkash');
    expect(tooMuch.statusCode).toBe(409);
    expect(apiErrorSchema.parse(tooMuch.json()).message).toBe('That is more than the visit owes: ৳340 is due.');
    expect(await query(sql`select amount_minor, method from counter_payments where booking_id = ${id} order by created_at`)).toEqual([{ amount_minor: 50_000, method: 'cash' }]);

    const rest = await counter(admin, id, 340, 'bkash');
    expect(bookingSchema.parse(rest.json()).money).toMatchObject({ paidOnline: 360, paidAtSalon: 840, due: 0 });
    expect(bookingSchema.parse(rest.json()).money.counterPayments.map((c) => [c.amount, c.method])).toEqual([
      [500, 'cash'],
      [340, 'bkash'],
    ]);
    const again = await counter(admin, id, 1, 'cash');
    expect(again.statusCode).toBe(409);
    expect(apiErrorSchema.parse(again.json()).message).toBe('This visit is paid in full.');
    // Her own view says the same.
    expect((await myBookings(who))[0]!.money).toMatchObject({ paidAtSalon: 840, due: 0 });
  });

  it('refuses bad amounts (400 with the field), customers (403) and unknown visits (404), recording nothing', async () => {
    await policy({ mode: 'deposit-percent', percent: 30 });
    const who = await customerWith();
    await payCard(who, 360);
    const id = (await myBookings(who))[0]!._id;
    for (const [body, path] of [
      [{ amount: 0, method: 'cash' }, 'amount'],
      [{ amount: 10.005, method: 'cash' }, 'amount'],
      [{ amount: '100', method: 'cash' }, 'amount'],
      [{ amount: 100, method: 'cheque' }, 'method'],
      [{ amount: 100 }, 'method'],
    ] as const) {
      const res = await asUser(t.app, admin).post(`/api/bookings/${id}/counter-payments`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(apiErrorSchema.parse(res.json()).issues?.map((i) => i.path)).toContain(path);
    }
    expect((await counter(who, id, 100)).statusCode).toBe(403);
    expect((await counter(admin, '00000000-0000-4000-8000-000000000000', 100)).statusCode).toBe(404);
    expect(await query(sql`select id from counter_payments where booking_id = ${id}`)).toEqual([]);
  });

  it('two desks recording at once never take more than the visit owes', async () => {
    await policy({ mode: 'deposit-percent', percent: 30 });
    const who = await customerWith();
    await payCard(who, 360);
    const id = (await myBookings(who))[0]!._id;
    // ৳840 owed; each desk records ৳500: all but one must be refused. Three admins, since one
    // account's writes already queue behind each other (its session's throttle).
    const desks = [admin, await signUpAdmin(t.app), await signUpAdmin(t.app)];
    const answers = await Promise.all(desks.map((desk) => counter(desk, id, 500)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await query(sql`select sum(amount_minor)::int as sum from counter_payments where booking_id = ${id}`)).toEqual([{ sum: 50_000 }]);
  });
});

describe('cancelling a visit with a deposit', () => {
  it('in time: the deposit is refunded through the processor', async () => {
    await policy({ mode: 'deposit-percent', percent: 30 });
    const who = await customerWith();
    const intent = await payCard(who, 360);
    const id = (await myBookings(who))[0]!._id;
    const res = await asUser(t.app, who).post(`/api/bookings/${id}/cancel`, {});
    expect(bookingSchema.parse(res.json())).toMatchObject({ status: 'cancelled', refunded: 360 });
    expect(bookingSchema.parse(res.json()).money).toMatchObject({ paidOnline: 0, due: 0, depositKept: 0 });
    expect(await query(sql`select refunded_minor from test_gateway_intents where client_secret = ${intent.clientSecret}`)).toEqual([{ refunded_minor: 36_000 }]);
    expect(await query(sql`select status, refunded_minor from payments where gateway_ref = ${intent.clientSecret.split('_secret_')[0]}`)).toEqual([
      { status: 'refunded', refunded_minor: 36_000 },
    ]);
  });

  it('late, by her: allowed, and the salon keeps the deposit (nothing refunded, the payment untouched)', async () => {
    await policy({ mode: 'deposit-percent', percent: 30 }, { cancelNoticeHours: 720 });
    const who = await customerWith([{ serviceId: haircut._id, time: '11:00' }], openDay(2));
    const intent = await payCard(who, 360);
    const [booking] = await myBookings(who);
    expect(booking!.canCancel).toBe(true);
    const res = await asUser(t.app, who).post(`/api/bookings/${booking!._id}/cancel`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(bookingSchema.parse(res.json())).toMatchObject({ status: 'cancelled', refunded: 0 });
    expect(bookingSchema.parse(res.json()).money).toMatchObject({ paidOnline: 360, depositKept: 360, due: 0 });
    expect(await query(sql`select refunded_minor from test_gateway_intents where client_secret = ${intent.clientSecret}`)).toEqual([{ refunded_minor: 0 }]);
    expect(await query(sql`select count(*)::int as n from test_gateway_refunds where ref = ${intent.clientSecret.split('_secret_')[0]}`)).toEqual([{ n: 0 }]);
    expect(await query(sql`select p.status, p.refunded_minor from payments p join bookings b on b.payment_id = p.id where b.id = ${booking!._id}`)).toEqual([
      { status: 'succeeded', refunded_minor: 0 },
    ]);
    const cancelled = await mailText(who, /^Cancelled:/);
    expect(cancelled).toContain('The salon keeps your deposit of ৳360');
    expect(cancelled).not.toMatch(/refund/i);
  });

  it('late, paid in full: still the salon’s to cancel (409, nothing changes), and the salon refunds it all', async () => {
    await settings({ cancelNoticeHours: 720 });
    const who = await customerWith([{ serviceId: haircut._id, time: '12:00' }], openDay(2));
    await payCard(who, 1200);
    const [booking] = await myBookings(who);
    expect(booking!.canCancel).toBe(false);
    const refused = await asUser(t.app, who).post(`/api/bookings/${booking!._id}/cancel`, {});
    expect(refused.statusCode).toBe(409);
    expect(await query(sql`select status, refunded_minor from bookings where id = ${booking!._id}`)).toEqual([{ status: 'confirmed', refunded_minor: 0 }]);
    const bySalon = await asUser(t.app, admin).post(`/api/bookings/${booking!._id}/cancel`, {});
    expect(bookingSchema.parse(bySalon.json())).toMatchObject({ status: 'cancelled', refunded: 1200 });
  });

  it('late, by the salon: her deposit is refunded (she is not the one cancelling)', async () => {
    await policy({ mode: 'deposit-percent', percent: 30 }, { cancelNoticeHours: 720 });
    const who = await customerWith([{ serviceId: haircut._id, time: '13:00' }], openDay(2));
    await payCard(who, 360);
    const id = (await myBookings(who))[0]!._id;
    const res = await asUser(t.app, admin).post(`/api/bookings/${id}/cancel`, {});
    expect(bookingSchema.parse(res.json())).toMatchObject({ status: 'cancelled', refunded: 360 });
  });

  it('a no-show keeps the deposit and owes nothing more', async () => {
    await policy({ mode: 'deposit-percent', percent: 30 });
    const who = await customerWith();
    await payCard(who, 360);
    const id = (await myBookings(who))[0]!._id;
    await t.database.db.execute(sql`update bookings set starts_at = now() - interval '2 hours', ends_at = now() - interval '1 hour' where id = ${id}`);
    const res = await asUser(t.app, admin).post(`/api/bookings/${id}/no-show`, {});
    expect(bookingSchema.parse(res.json()).money).toMatchObject({ paidOnline: 360, depositKept: 360, due: 0 });
  });
});

describe('paying at the salon', () => {
  it('books with nothing online: no processor, the visit confirmed, all of it due at the salon', async () => {
    await policy({ mode: 'at-salon' });
    const who = await customerWith();
    const res = await checkout(who, 0);
    expect(res.statusCode, res.body).toBe(200);
    expect(intentSchema.parse(res.json())).toMatchObject({ gateway: 'salon', amount: 0 });
    const [booking] = await myBookings(who);
    expect(booking).toMatchObject({ status: 'confirmed' });
    expect(booking!.money).toMatchObject({ plan: 'at-salon', online: 0, paidOnline: 0, due: 1200 });
    expect(await query(sql`select gateway, amount_minor, status from payments where id = ${booking!.paymentId}`)).toEqual([
      { gateway: 'salon', amount_minor: 0, status: 'succeeded' },
    ]);
    expect(cartListSchema.parse((await asUser(t.app, who).get('/api/cart')).json())).toEqual([]);
    // A double click books nothing twice.
    expect((await checkout(who, 0)).statusCode).toBe(400);
    expect(await myBookings(who)).toHaveLength(1);
    // She is told, as after paying.
    await expect.poll(async () => query(sql`select subject from outbox where "to" = ${who.email}`)).toHaveLength(1);
  });

  it('a mixed list asks online only for what is not paid at the salon', async () => {
    await asUser(t.app, admin).patch(`/api/service/${nails._id}`, { paymentPolicy: { mode: 'at-salon' } });
    const who = await customerWith([
      { serviceId: haircut._id, time: '11:00' },
      { serviceId: nails._id, time: '14:00' },
    ]);
    const intent = await payCard(who, 1200);
    expect(intent.amount).toBe(1200);
    const money = Object.fromEntries((await myBookings(who)).map((b) => [b.title, b.money]));
    expect(money[haircut.title]).toMatchObject({ plan: 'full', paidOnline: 1200, due: 0 });
    expect(money[nails.title]).toMatchObject({ plan: 'at-salon', paidOnline: 0, due: 2500 });
  });

  it('holds at most the salon’s limit of unpaid visits per customer; a refused one changes nothing', async () => {
    await policy({ mode: 'at-salon' }, { unpaidLimit: 2 });
    const day = freshDay();
    const who = await signUp(t.app);
    for (const time of ['10:00', '12:00']) {
      await readyToPay(t.app, who, [{ serviceId: haircut._id, time }], day);
      expect((await checkout(who, 0)).statusCode).toBe(200);
    }
    await readyToPay(t.app, who, [{ serviceId: haircut._id, time: '15:00' }], day);
    const third = await checkout(who, 0);
    expect(third.statusCode).toBe(409);
    expect(apiErrorSchema.parse(third.json()).message).toBe(
      'You already have 2 upcoming visits to pay at the salon, the most the salon keeps unpaid. Book this one after one of them, or call the salon.',
    );
    expect(await myBookings(who)).toHaveLength(2);
    expect(cartListSchema.parse((await asUser(t.app, who).get('/api/cart')).json())).toHaveLength(1);
    expect(await query(sql`select count(*)::int as n from payments where user_id = ${who.id}`)).toEqual([{ n: 2 }]);

    // Money taken for one of them at the salon frees a place under the limit.
    const [first] = await myBookings(who);
    expect((await counter(admin, first!._id, 100)).statusCode).toBe(200);
    expect((await checkout(who, 0)).statusCode).toBe(200);
    expect(await myBookings(who)).toHaveLength(3);
  });

  it('cancelling one refunds nothing and asks no processor', async () => {
    await policy({ mode: 'at-salon' });
    const who = await customerWith([{ serviceId: haircut._id, time: '16:00' }]);
    await checkout(who, 0);
    const id = (await myBookings(who))[0]!._id;
    const res = await asUser(t.app, who).post(`/api/bookings/${id}/cancel`, {});
    expect(bookingSchema.parse(res.json())).toMatchObject({ status: 'cancelled', refunded: 0 });
    expect(bookingSchema.parse(res.json()).money).toMatchObject({ due: 0, depositKept: 0 });
    expect(await mailText(who, /confirmed/)).toContain('Your booking is confirmed: you pay ৳1,200 at the salon at your visit.');
    expect(await mailText(who, /^Cancelled:/)).not.toMatch(/refund|deposit/i);
  });
});
