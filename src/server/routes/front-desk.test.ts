/**
 * The front desk (docs/decisions/046): the admin finds or records a customer who phoned or walked
 * in and books her visits, paid at the counter now or at the visit.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { rowsOf } from '../db/rows.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { asUser, dhaka, distinctOpenDays, openDay, readyToPay } from '../test/booking.js';
import { bookAndPay } from '../test/appointments.js';
import { apiErrorSchema } from '../../shared/errors.js';
import { bookingListSchema, intentSchema } from '../../shared/payments.js';
import { serviceListSchema, type Service } from '../../shared/service.js';
import { DEFAULT_SALON_SETTINGS, type SalonSettings } from '../../shared/salon-settings.js';
import { cartListSchema, availabilitySchema } from '../../shared/cart.js';
import { deskBookingResultSchema, deskCustomerListSchema, deskCustomerSchema, EMAIL_TAKEN_MESSAGE, type DeskCustomer } from '../../shared/front-desk.js';
import { PHONE_MESSAGE } from '../../shared/phone.js';

let t: TestApp;
let admin: Account;
let haircut: Service;
let facial: Service;
const freshDay = distinctOpenDays(4);

beforeAll(async () => {
  t = await createTestApp({ englishOnly: true });
  admin = await signUpAdmin(t.app);
  const catalogue = serviceListSchema.parse((await t.app.inject({ url: '/api/service' })).json());
  haircut = catalogue.find((s) => s.title === 'Classic Haircut & Blow-dry')!;
  facial = catalogue.find((s) => s.title === 'Signature Glow Facial')!;
});
afterEach(async () => settings({}));
afterAll(async () => t.close());

const query = <T>(text: ReturnType<typeof sql>) => rowsOf<T>(t.database.db, text);
const desk = () => asUser(t.app, admin);

async function settings(change: Partial<SalonSettings>) {
  const res = await desk().put('/api/settings', { ...DEFAULT_SALON_SETTINGS, ...change });
  expect(res.statusCode, res.body).toBe(200);
}

let walkIns = 0;
async function walkIn(change: { name?: string; phone?: string; email?: string } = {}): Promise<DeskCustomer> {
  walkIns += 1;
  const res = await desk().post('/api/front-desk/customers', { name: `Walk-in ${walkIns}`, phone: `0171${String(walkIns).padStart(7, '0')}`, ...change });
  expect(res.statusCode, res.body).toBe(201);
  return deskCustomerSchema.parse(res.json());
}

const book = (body: object) => desk().post('/api/front-desk/bookings', body);

/** Everything the database keeps of her orders: what a refused booking must leave untouched. */
async function ordersOf(userId: string) {
  const [row] = await query<{ payments: number; bookings: number; items: number; counter: number }>(sql`
    select (select count(*)::int from payments where user_id = ${userId}) as payments,
      (select count(*)::int from bookings where user_id = ${userId}) as bookings,
      (select count(*)::int from cart_items where user_id = ${userId}) as items,
      (select count(*)::int from counter_payments cp join bookings b on b.id = cp.booking_id where b.user_id = ${userId}) as counter`);
  return row!;
}

describe('finding and recording a customer', () => {
  it('records a walk-in with a name and a mobile number only: no e-mail, no sign-in, the number in E.164', async () => {
    const res = await desk().post('/api/front-desk/customers', { name: '  Shirin Akter ', phone: '01812-345 678', email: '' });
    expect(res.statusCode, res.body).toBe(201);
    const shirin = deskCustomerSchema.parse(res.json());
    expect(shirin).toEqual({ _id: expect.any(String), name: 'Shirin Akter', email: null, phone: '+8801812345678', phoneVerified: false, hasSignIn: false });
    const [row] = await query<{ email: string; phone: string; verified: Date | null }>(
      sql`select u.email, p.phone, p.phone_verified_at as verified from "user" u join user_profiles p on p.user_id = u.id where u.id = ${shirin._id}`,
    );
    // better-auth needs an address: a reserved one no mail can reach (RFC 2606).
    expect(row).toEqual({ email: `walk-in-${shirin._id}@walk-in.invalid`, phone: '+8801812345678', verified: null });
  });

  it('a walk-in without an e-mail is no account to list or make an admin: she cannot sign in', async () => {
    const lima = await walkIn({ name: 'Lima Not-an-admin' });
    const users = (await desk().get('/api/user')).json<{ _id: string }[]>();
    expect(users.map((u) => u._id)).not.toContain(lima._id);
    expect((await desk().patch(`/api/user/admin/${lima._id}`, {})).statusCode).toBe(404);
    expect(await query(sql`select role from "user" where id = ${lima._id}`)).toEqual([{ role: 'user' }]);
  });

  it('finds her by a part of her name, of her e-mail, or of her number as she says it', async () => {
    const rumana = await walkIn({ name: 'Rumana Haque', phone: '01912 777888', email: 'Rumana.H@example.com' });
    const byName = deskCustomerListSchema.parse((await desk().get('/api/front-desk/customers?q=rumana')).json());
    expect(byName).toContainEqual({ ...rumana, email: 'rumana.h@example.com' });
    for (const q of ['rumana.h@exa', '01912 777', '1912777888', '+8801912777888']) {
      const found = deskCustomerListSchema.parse((await desk().get(`/api/front-desk/customers?q=${encodeURIComponent(q)}`)).json());
      expect(found.map((c) => c._id), q).toContain(rumana._id);
    }
    // The placeholder address of a walk-in is nobody's e-mail: searching 'walk-in' by e-mail finds no one by it.
    const byPlaceholder = deskCustomerListSchema.parse((await desk().get('/api/front-desk/customers?q=invalid')).json());
    expect(byPlaceholder).toEqual([]);
  });

  it('finds a customer who signed up online, with her sign-in', async () => {
    const nadia = await signUp(t.app, { name: 'Nadia Sultana' });
    const found = deskCustomerListSchema.parse((await desk().get('/api/front-desk/customers?q=nadia%20sul')).json());
    expect(found).toEqual([{ _id: nadia.id, name: 'Nadia Sultana', email: nadia.email, phone: null, phoneVerified: false, hasSignIn: true }]);
  });

  it('refuses a bad number or a short search with the field problem, and records nothing', async () => {
    const before = await query<{ n: number }>(sql`select count(*)::int as n from "user"`);
    const bad = await desk().post('/api/front-desk/customers', { name: 'Lima', phone: '12345', email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    const problems = apiErrorSchema.parse(bad.json()).issues ?? [];
    expect(problems).toEqual(expect.arrayContaining([{ path: 'phone', message: PHONE_MESSAGE }, { path: 'email', message: 'Enter a valid email address' }]));
    expect(await query(sql`select count(*)::int as n from "user"`)).toEqual(before);

    const short = await desk().get('/api/front-desk/customers?q=a');
    expect(short.statusCode).toBe(400);
    expect(apiErrorSchema.parse(short.json()).issues).toEqual([{ path: 'query.q', message: 'Type at least 2 letters or digits' }]);
  });

  it('refuses an e-mail another account has (409 on email): she is found, not recorded twice', async () => {
    const mitu = await signUp(t.app);
    const before = await query<{ n: number }>(sql`select count(*)::int as n from "user"`);
    const res = await desk().post('/api/front-desk/customers', { name: 'Mitu again', phone: '01711000999', email: mitu.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(apiErrorSchema.parse(res.json())).toMatchObject({ message: EMAIL_TAKEN_MESSAGE, issues: [{ path: 'email', message: EMAIL_TAKEN_MESSAGE }] });
    expect(await query(sql`select count(*)::int as n from "user"`)).toEqual(before);
  });

  it('is the salon’s: a customer cannot search or record customers, or ask the desk’s times', async () => {
    const mitu = await signUp(t.app);
    expect((await asUser(t.app, mitu).get('/api/front-desk/customers?q=rumana')).statusCode).toBe(403);
    expect((await asUser(t.app, mitu).post('/api/front-desk/customers', { name: 'X', phone: '01711000123' })).statusCode).toBe(403);
    expect((await asUser(t.app, undefined).get('/api/front-desk/customers?q=rumana')).statusCode).toBe(401);
    const times = await asUser(t.app, mitu).get(`/api/availability?serviceId=${haircut._id}&date=${freshDay()}&customerId=${mitu.id}`);
    expect(times.statusCode).toBe(403);
  });
});

describe('booking at the desk', () => {
  it('books a walk-in’s two visits paid now in cash: confirmed, paid in full at the salon, no e-mail', async () => {
    const lima = await walkIn({ name: 'Lima Khatun' });
    const day = freshDay();
    const res = await book({
      customerId: lima._id,
      items: [
        { serviceId: haircut._id, staffId: null, startsAt: dhaka(day, '10:00').toISOString() },
        { serviceId: facial._id, staffId: null, startsAt: dhaka(day, '12:00').toISOString() },
      ],
      payment: { when: 'now', method: 'cash' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const result = deskBookingResultSchema.parse(res.json());
    expect(result.emailed).toBe(false);
    expect(result.bookings.map((b) => [b.title, b.startsAt, b.price, b.paid])).toEqual([
      [haircut.title, dhaka(day, '10:00').toISOString(), haircut.price, haircut.price],
      [facial.title, dhaka(day, '12:00').toISOString(), facial.price, facial.price],
    ]);

    // The order list shows them confirmed, paid at the salon, nothing due.
    const list = bookingListSchema.parse((await desk().get(`/api/bookings?from=${day}&to=${day}`)).json());
    const mine = list.filter((b) => result.bookings.some((r) => r._id === b._id)).sort((a, b) => a.startsAt.localeCompare(b.startsAt));
    expect(mine.map((b) => [b.status, b.money.plan, b.money.paidOnline, b.money.paidAtSalon, b.money.due])).toEqual([
      ['confirmed', 'at-salon', 0, haircut.price, 0],
      ['confirmed', 'at-salon', 0, facial.price, 0],
    ]);
    const [payment] = await query<{ gateway: string; amount_minor: number; status: string; booked_by: string }>(
      sql`select gateway, amount_minor, status, booked_by from payments where user_id = ${lima._id}`,
    );
    expect(payment).toEqual({ gateway: 'salon', amount_minor: 0, status: 'succeeded', booked_by: admin.id });
    expect(await query(sql`select method, amount_minor, recorded_by from counter_payments cp join bookings b on b.id = cp.booking_id where b.user_id = ${lima._id} order by b.starts_at`)).toEqual([
      { method: 'cash', amount_minor: Math.round(haircut.price * 100), recorded_by: admin.id },
      { method: 'cash', amount_minor: Math.round(facial.price * 100), recorded_by: admin.id },
    ]);
    expect((await ordersOf(lima._id)).items).toBe(0);
  });

  it('answers each booking with the service’s Bangla title where the salon wrote one (null where not)', async () => {
    const FACIAL_BN = 'সিগনেচার গ্লো ফেসিয়াল';
    expect((await desk().patch(`/api/service/${facial._id}`, { title_bn: FACIAL_BN })).statusCode).toBe(200);
    try {
      const lima = await walkIn();
      const day = freshDay();
      const res = await book({
        customerId: lima._id,
        items: [
          { serviceId: facial._id, staffId: null, startsAt: dhaka(day, '10:00').toISOString() },
          { serviceId: haircut._id, staffId: null, startsAt: dhaka(day, '12:00').toISOString() },
        ],
        payment: { when: 'at-visit' },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(deskBookingResultSchema.parse(res.json()).bookings.map((b) => [b.title, b.title_bn])).toEqual([
        [facial.title, FACIAL_BN],
        [haircut.title, null],
      ]);
    } finally {
      expect((await desk().patch(`/api/service/${facial._id}`, { title_bn: '' })).statusCode).toBe(200);
    }
  });

  it('books a customer with an e-mail to pay at the visit: she gets her confirmation; her own list and open checkout are left as they were', async () => {
    const mitu = await signUp(t.app);
    const day = freshDay();
    // She has a facial held in her own list and a checkout open for it online.
    await readyToPay(t.app, mitu, [{ serviceId: facial._id, time: '15:00' }], day);
    const intent = intentSchema.parse((await asUser(t.app, mitu).post('/api/create-payment-intent', { price: facial.price })).json());
    const listBefore = cartListSchema.parse((await asUser(t.app, mitu).get('/api/cart')).json());

    const res = await book({ customerId: mitu.id, items: [{ serviceId: haircut._id, staffId: null, startsAt: dhaka(day, '11:00').toISOString() }], payment: { when: 'at-visit' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(deskBookingResultSchema.parse(res.json())).toMatchObject({ emailed: true, bookings: [{ title: haircut.title, paid: 0 }] });

    const mine = bookingListSchema.parse((await asUser(t.app, mitu).get('/api/bookings')).json());
    expect(mine.map((b) => [b.title, b.status, b.money.due])).toContainEqual([haircut.title, 'confirmed', haircut.price]);
    expect(cartListSchema.parse((await asUser(t.app, mitu).get('/api/cart')).json())).toEqual(listBefore);
    const [open] = await query<{ status: string }>(sql`select status from payments where gateway_ref = (select gateway_ref from payments where client_secret = ${intent.clientSecret})`);
    expect(open?.status).toBe('pending');

    await expect
      .poll(async () => (await query<{ subject: string }>(sql`select subject from outbox where "to" = ${mitu.email}`)).map((r) => r.subject).join('|'))
      .toMatch(/confirm/i);
  });

  it('e-mails a customer recorded at the desk with her address what she paid, and how to set a password', async () => {
    const email = `desk-${Date.now()}@example.com`;
    const rina = await walkIn({ name: 'Rina Das', email });
    const day = freshDay();
    const res = await book({ customerId: rina._id, items: [{ serviceId: haircut._id, staffId: null, startsAt: dhaka(day, '11:00').toISOString() }], payment: { when: 'now', method: 'card' } });
    expect(res.statusCode, res.body).toBe(201);
    let text = '';
    await expect
      .poll(async () => (text = (await query<{ text: string }>(sql`select text from outbox where "to" = ${email}`))[0]?.text ?? ''))
      .not.toBe('');
    expect(text).toContain(`Thank you for your payment of ৳${haircut.price.toLocaleString('en-US')} at the salon.`);
    expect(text).not.toMatch(/due at the salon/);
    expect(text).toContain('set a password for this e-mail address');
    expect(text).toContain('/forgot-password');
  });

  it('a time taken since the desk chose it books nothing and names the visit', async () => {
    const day = freshDay();
    await settings({ capacity: 1 });
    const other = await signUp(t.app);
    await bookAndPay(t.app, other, haircut, day, '14:00');
    const lima = await walkIn();
    const before = await ordersOf(lima._id);

    const res = await book({
      customerId: lima._id,
      items: [
        { serviceId: facial._id, staffId: null, startsAt: dhaka(day, '10:00').toISOString() },
        { serviceId: haircut._id, staffId: null, startsAt: dhaka(day, '14:00').toISOString() },
      ],
      payment: { when: 'now', method: 'bkash' },
    });
    expect(res.statusCode).toBe(409);
    expect(apiErrorSchema.parse(res.json())).toMatchObject({ message: 'That time is no longer available', issues: [{ path: 'items.1.startsAt' }] });
    // Not even the first visit, whose time was free, and no hold of the desk's left behind.
    expect(await ordersOf(lima._id)).toEqual(before);
    const held = await query(sql`select id from cart_items where user_id = ${lima._id}`);
    expect(held).toEqual([]);
  });

  it('says which of her own appointments is in the way, in the desk’s words', async () => {
    const day = freshDay();
    const lima = await walkIn();
    expect((await book({ customerId: lima._id, items: [{ serviceId: haircut._id, staffId: null, startsAt: dhaka(day, '10:00').toISOString() }], payment: { when: 'at-visit' } })).statusCode).toBe(201);
    const before = await ordersOf(lima._id);
    const res = await book({ customerId: lima._id, items: [{ serviceId: facial._id, staffId: null, startsAt: dhaka(day, '10:00').toISOString() }], payment: { when: 'at-visit' } });
    expect(res.statusCode).toBe(409);
    expect(apiErrorSchema.parse(res.json()).message).toMatch(/^That time overlaps her Classic Haircut & Blow-dry \(.*10:00\)\. Pick another time\.$/);
    expect(await ordersOf(lima._id)).toEqual(before);
  });

  it('names that appointment by its Bangla title to a Bangla front desk', async () => {
    const day = freshDay();
    const lima = await walkIn();
    // The seed writes no Bangla titles; this one is put back when done.
    await query(sql`update services set title_bn = 'ক্লাসিক হেয়ারকাট' where id = ${haircut._id}`);
    try {
      const first = { customerId: lima._id, items: [{ serviceId: haircut._id, staffId: null, startsAt: dhaka(day, '10:00').toISOString() }], payment: { when: 'at-visit' } };
      expect((await book(first)).statusCode).toBe(201);
      const before = await ordersOf(lima._id);
      const res = await asUser(t.app, admin, 'bn').post('/api/front-desk/bookings', {
        customerId: lima._id,
        items: [{ serviceId: facial._id, staffId: null, startsAt: dhaka(day, '10:00').toISOString() }],
        payment: { when: 'at-visit' },
      });
      expect(res.statusCode).toBe(409);
      const error = apiErrorSchema.parse(res.json());
      expect(error.message).toMatch(/^এই সময়ে তাঁর ক্লাসিক হেয়ারকাট \(.*১০:০০\) আছে। অন্য একটি সময় বেছে নিন।$/);
      expect(error.issues).toEqual([{ path: 'items.0.startsAt', message: error.message }]);
      expect(await ordersOf(lima._id)).toEqual(before);
    } finally {
      await query(sql`update services set title_bn = null where id = ${haircut._id}`);
    }
  });

  it('books by the salon’s rules: a time sooner than a customer’s minimum notice', async () => {
    // Two or three days ahead (the other tests' days start at four).
    const day = openDay(2);
    // A notice longer than the days until `day`: online she cannot book it at all.
    await settings({ minNoticeMinutes: 10_080 });
    const lima = await walkIn();
    const hers = await asUser(t.app, undefined).get(`/api/availability?serviceId=${haircut._id}&date=${day}`);
    expect(availabilitySchema.parse(hers.json()).slots).toEqual([]);
    const desks = availabilitySchema.parse((await desk().get(`/api/availability?serviceId=${haircut._id}&date=${day}&customerId=${lima._id}`)).json());
    expect(desks.slots.map((s) => s.startsAt)).toContain(dhaka(day, '10:00').toISOString());
    const res = await book({ customerId: lima._id, items: [{ serviceId: haircut._id, staffId: null, startsAt: dhaka(day, '10:00').toISOString() }], payment: { when: 'at-visit' } });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('the desk’s times leave out her own appointments', async () => {
    const day = freshDay();
    const lima = await walkIn();
    expect((await book({ customerId: lima._id, items: [{ serviceId: haircut._id, staffId: null, startsAt: dhaka(day, '10:00').toISOString() }], payment: { when: 'at-visit' } })).statusCode).toBe(201);
    const desks = availabilitySchema.parse((await desk().get(`/api/availability?serviceId=${facial._id}&date=${day}&customerId=${lima._id}`)).json());
    expect(desks.slots.map((s) => s.startsAt)).not.toContain(dhaka(day, '10:00').toISOString());
    const anyone = availabilitySchema.parse((await desk().get(`/api/availability?serviceId=${facial._id}&date=${day}`)).json());
    expect(anyone.slots.map((s) => s.startsAt)).toContain(dhaka(day, '10:00').toISOString());
  });

  it('an item the desk is holding for her is never in her own list or her checkout', async () => {
    const mitu = await signUp(t.app);
    const day = freshDay();
    await readyToPay(t.app, mitu, [{ serviceId: facial._id, time: '15:00' }], day);
    // The desk mid-request: its item for her, held.
    await query(sql`insert into cart_items (user_id, service_id, starts_at, ends_at, hold_expires_at, desk)
      values (${mitu.id}, ${haircut._id}, ${dhaka(day, '10:00')}, ${dhaka(day, '11:00')}, now() + interval '10 minutes', true)`);
    const list = cartListSchema.parse((await asUser(t.app, mitu).get('/api/cart')).json());
    expect(list.map((i) => i.title)).toEqual([facial.title]);
    // Her checkout asks for the facial alone (the haircut's price on top would be refused as a changed list).
    const res = await asUser(t.app, mitu).post('/api/create-payment-intent', { price: facial.price });
    expect(res.statusCode, res.body).toBe(200);
    expect(intentSchema.parse(res.json()).amount).toBe(facial.price);
  });

  it('refuses an unknown customer, a deleted service and bad input, changing nothing', async () => {
    const day = freshDay();
    const lima = await walkIn();
    const at = dhaka(day, '10:00').toISOString();
    const unknown = await book({ customerId: '00000000-0000-4000-8000-000000000000', items: [{ serviceId: haircut._id, staffId: null, startsAt: at }], payment: { when: 'at-visit' } });
    expect(unknown.statusCode).toBe(404);
    const noItems = await book({ customerId: lima._id, items: [], payment: { when: 'now' } });
    expect(noItems.statusCode).toBe(400);
    expect(apiErrorSchema.parse(noItems.json()).issues).toEqual(
      expect.arrayContaining([{ path: 'items', message: 'Add at least one service' }, expect.objectContaining({ path: 'payment.method' })]),
    );
    const noService = await book({ customerId: lima._id, items: [{ serviceId: '00000000-0000-4000-8000-000000000001', staffId: null, startsAt: at }], payment: { when: 'at-visit' } });
    expect(noService.statusCode).toBe(400);
    expect(await ordersOf(lima._id)).toEqual({ payments: 0, bookings: 0, items: 0, counter: 0 });
  });
});
