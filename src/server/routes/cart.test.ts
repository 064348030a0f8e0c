/** The booking list API: ownership, catalogue prices, appointment times and holds. */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSiblingApp } from '../test/test-app.js';
import { cartItems } from '../db/schema.js';
import { holdRowLocks, lockWaiters } from '../test/lock-waiters.js';
import { cartSuite } from '../test/cart-suite.js';
import { signUp } from '../test/accounts.js';
import { addItem, asUser, dhaka, openDay } from '../test/booking.js';
import { apiErrorSchema } from '../../shared/errors.js';
import { availabilitySchema, cartListSchema, cartItemSchema, HOLD_TAKEN_MESSAGE } from '../../shared/cart.js';
import { DEFAULT_SALON_SETTINGS } from '../../shared/salon-settings.js';
import { addCalendarDays, weekdayOfDate } from '../../shared/calendar.js';

const suite = cartSuite();
const { byTitle, cartOf } = suite;

describe('POST /api/cart', () => {
  it('adds the service with the catalogue title, price and image, whatever the body claims', async () => {
    const amina = await signUp(suite.t.app);
    const haircut = byTitle('Classic Haircut & Blow-dry');
    const res = await asUser(suite.t.app, amina).post('/api/cart', {
      cartItemId: haircut._id,
      email: amina.email,
      title: 'Free haircut',
      price: 1,
      image_url: 'https://evil.example.com/x.png',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { insertedId } = res.json<{ insertedId: string }>();
    expect(await cartOf(amina)).toEqual([
      {
        _id: insertedId,
        cartItemId: haircut._id,
        email: amina.email,
        title: haircut.title,
        // The catalogue's Bangla title too (the demo catalogue has one).
        title_bn: 'ক্লাসিক হেয়ারকাট ও ব্লো-ড্রাই',
        price: 1200,
        image_url: haircut.image_url,
        duration: 60,
        startsAt: null,
        endsAt: null,
        holdExpiresAt: null,
        // Any stylist until she picks one.
        staffId: null,
        staffName: null,
        anyStylist: true,
        // The salon's default: the whole price online.
        plan: 'full',
        payNow: 1200,
      },
    ]);
  });

  it('shows the current catalogue price after the admin changes it', async () => {
    const shopper = await signUp(suite.t.app);
    const spa = byTitle('Nourishing Hair Spa');
    await addItem(suite.t.app, shopper, spa._id);
    await asUser(suite.t.app, suite.admin).patch(`/api/service/${spa._id}`, { price: 2100.5 });
    expect((await cartOf(shopper))[0]!.price).toBe(2100.5);
  });

  it('refuses a visitor (401), another e-mail in the body (403), an unknown service (404)', async () => {
    const shopper = await signUp(suite.t.app);
    const other = await signUp(suite.t.app);
    expect((await asUser(suite.t.app, undefined).post('/api/cart', { cartItemId: suite.catalogue[0]!._id })).statusCode).toBe(401);
    expect((await asUser(suite.t.app, shopper).post('/api/cart', { cartItemId: suite.catalogue[0]!._id, email: other.email })).statusCode).toBe(403);
    expect((await asUser(suite.t.app, shopper).post('/api/cart', { cartItemId: '3f1e1c9a-5b2d-4c1e-9a7b-1d2e3f4a5b6c' })).statusCode).toBe(404);
    const bad = await asUser(suite.t.app, shopper).post('/api/cart', { cartItemId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).issues?.[0]?.path).toBe('cartItemId');
    expect(await cartOf(shopper)).toEqual([]);
    expect(await cartOf(other)).toEqual([]);
  });

  it('caps a booking list at 20 items with a 409', async () => {
    const shopper = await signUp(suite.t.app);
    for (let i = 0; i < 20; i += 1) await addItem(suite.t.app, shopper, suite.catalogue[i % suite.catalogue.length]!._id);
    const res = await asUser(suite.t.app, shopper).post('/api/cart', { cartItemId: suite.catalogue[0]!._id });
    expect(res.statusCode).toBe(409);
    expect(await cartOf(shopper)).toHaveLength(20);
  });

  it('keeps the cap exact when clicks race: at 19 items, ten adds at once give one 201 and nine 409s', async () => {
    const shopper = await signUp(suite.t.app);
    const service = suite.catalogue[0]!._id;
    for (let i = 0; i < 19; i += 1) await addItem(suite.t.app, shopper, suite.catalogue[i % suite.catalogue.length]!._id);
    // The ten adds are made to meet: the service row is held here until all ten wait on a lock
    // (each add locks it for share), so none has finished before the others have begun.
    const held = await holdRowLocks(suite.t.app.db, sql`select id from services where id = ${service} for update`);
    const clicks = Promise.all(Array.from({ length: 10 }, () => asUser(suite.t.app, shopper).post('/api/cart', { cartItemId: service })));
    await lockWaiters(suite.t.app.db, 10);
    await held.release();
    expect((await clicks).map((res) => res.statusCode).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    expect(await cartOf(shopper)).toHaveLength(20);
  });
});

describe('GET /api/cart', () => {
  it("answers the signed-in user's own list only; another's e-mail gets 403; an admin may read any", async () => {
    const owner = await signUp(suite.t.app);
    const snoop = await signUp(suite.t.app);
    await addItem(suite.t.app, owner, suite.catalogue[0]!._id);
    const res = await asUser(suite.t.app, snoop).get(`/api/cart?email=${encodeURIComponent(owner.email)}`);
    expect(res.statusCode).toBe(403);
    expect((await asUser(suite.t.app, snoop).get('/api/cart')).json()).toEqual([]);
    expect((await asUser(suite.t.app, undefined).get(`/api/cart?email=${owner.email}`)).statusCode).toBe(401);
    const asAdmin = cartListSchema.parse((await asUser(suite.t.app, suite.admin).get(`/api/cart?email=${encodeURIComponent(owner.email)}`)).json());
    expect(asAdmin).toHaveLength(1);
  });
});

describe('DELETE /api/cart/:id', () => {
  it("deletes the user's own item and answers acknowledged; another's item is 404 and stays", async () => {
    const owner = await signUp(suite.t.app);
    const other = await signUp(suite.t.app);
    const mine = await addItem(suite.t.app, owner, suite.catalogue[0]!._id);
    const theirs = await addItem(suite.t.app, other, suite.catalogue[1]!._id);
    expect((await asUser(suite.t.app, owner).delete(`/api/cart/${theirs}`)).statusCode).toBe(404);
    expect(await cartOf(other)).toHaveLength(1);
    const res = await asUser(suite.t.app, owner).delete(`/api/cart/${mine}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true });
    expect(await cartOf(owner)).toEqual([]);
    expect((await asUser(suite.t.app, owner).delete(`/api/cart/${mine}`)).statusCode).toBe(404);
  });
});

describe('appointment times', () => {
  const day = openDay(4);

  it('offers the day from 10:00 to the last start that still ends by 20:00, in UTC instants with the zone', async () => {
    const res = await suite.t.app.inject({ url: `/api/availability?serviceId=${byTitle('Gel Nail Extensions')._id}&date=${day}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = availabilitySchema.parse(res.json());
    expect(body.timeZone).toBe('Asia/Dhaka');
    expect(body.slots[0]!.startsAt).toBe(dhaka(day, '10:00').toISOString());
    expect(body.slots.at(-1)!.startsAt).toBe(dhaka(day, '18:30').toISOString());
  });

  it('answers 400 for a malformed date and 404 for an unknown service', async () => {
    expect((await suite.t.app.inject({ url: `/api/availability?serviceId=${suite.catalogue[0]!._id}&date=2026-02-30` })).statusCode).toBe(400);
    expect((await suite.t.app.inject({ url: `/api/availability?serviceId=3f1e1c9a-5b2d-4c1e-9a7b-1d2e3f4a5b6c&date=${day}` })).statusCode).toBe(404);
  });

  it('holds a chosen time for 10 minutes; a full slot gets 409 and drops out of availability', async () => {
    const threading = byTitle('Eyebrow & Upper-lip Threading');
    const startsAt = dhaka(day, '12:00').toISOString();
    const customers = await Promise.all([signUp(suite.t.app), signUp(suite.t.app), signUp(suite.t.app), signUp(suite.t.app)]);
    const items = await Promise.all(customers.map((c) => addItem(suite.t.app, c, threading._id)));

    for (let i = 0; i < 3; i += 1) {
      const res = await asUser(suite.t.app, customers[i]!).patch(`/api/cart/${items[i]}`, { startsAt });
      expect(res.statusCode, res.body).toBe(200);
      const item = cartItemSchema.parse(res.json());
      expect(item.startsAt).toBe(startsAt);
      expect(item.endsAt).toBe(new Date(Date.parse(startsAt) + 15 * 60_000).toISOString());
      const holdMs = Date.parse(item.holdExpiresAt!) - Date.now();
      expect(holdMs).toBeGreaterThan(9 * 60_000);
      expect(holdMs).toBeLessThanOrEqual(10 * 60_000 + 1000);
    }
    const fourth = await asUser(suite.t.app, customers[3]!).patch(`/api/cart/${items[3]}`, { startsAt });
    expect(fourth.statusCode).toBe(409);
    expect(apiErrorSchema.parse(fourth.json()).message).toBe(HOLD_TAKEN_MESSAGE);
    expect((await cartOf(customers[3]!))[0]!.startsAt).toBeNull();

    const offered = availabilitySchema.parse((await suite.t.app.inject({ url: `/api/availability?serviceId=${threading._id}&date=${day}` })).json());
    expect(offered.slots.map((s) => s.startsAt)).not.toContain(startsAt);
    // Re-timing one's own item does not count one's own hold against it.
    const own = availabilitySchema.parse((await suite.t.app.inject({ url: `/api/availability?serviceId=${threading._id}&date=${day}&cartItemId=${items[0]}` })).json());
    expect(own.slots.map((s) => s.startsAt)).toContain(startsAt);
  });

  it('frees the place by itself when a hold expires', async () => {
    const manicure = byTitle('Classic Manicure');
    const startsAt = dhaka(day, '15:00').toISOString();
    const customers = await Promise.all([signUp(suite.t.app), signUp(suite.t.app), signUp(suite.t.app), signUp(suite.t.app)]);
    const items = await Promise.all(customers.map((c) => addItem(suite.t.app, c, manicure._id)));
    for (let i = 0; i < 3; i += 1) expect((await asUser(suite.t.app, customers[i]!).patch(`/api/cart/${items[i]}`, { startsAt })).statusCode).toBe(200);
    expect((await asUser(suite.t.app, customers[3]!).patch(`/api/cart/${items[3]}`, { startsAt })).statusCode).toBe(409);

    // Ten minutes pass for the first customer, who never pays.
    await suite.t.database.db.execute(sql`update cart_items set hold_expires_at = now() - interval '1 second' where id = ${items[0]!}`);
    expect((await asUser(suite.t.app, customers[3]!).patch(`/api/cart/${items[3]}`, { startsAt })).statusCode).toBe(200);
    // The lapsed item keeps its time on the list, marked by its past hold.
    const lapsed = (await cartOf(customers[0]!))[0]!;
    expect(lapsed.startsAt).toBe(startsAt);
    expect(Date.parse(lapsed.holdExpiresAt!)).toBeLessThan(Date.now());
  });

  it('counts overlapping services of different durations: a 90-minute visit at 10:00 still occupies 11:00', async () => {
    await asUser(suite.t.app, suite.admin).put('/api/settings', { ...DEFAULT_SALON_SETTINGS, capacity: 1 });
    try {
      const date = openDay(6);
      const gel = byTitle('Gel Nail Extensions');
      const threading = byTitle('Eyebrow & Upper-lip Threading');
      const first = await signUp(suite.t.app);
      const second = await signUp(suite.t.app);
      const long = await addItem(suite.t.app, first, gel._id);
      const short = await addItem(suite.t.app, second, threading._id);
      expect((await asUser(suite.t.app, first).patch(`/api/cart/${long}`, { startsAt: dhaka(date, '10:00').toISOString() })).statusCode).toBe(200);
      expect((await asUser(suite.t.app, second).patch(`/api/cart/${short}`, { startsAt: dhaka(date, '11:00').toISOString() })).statusCode).toBe(409);
      expect((await asUser(suite.t.app, second).patch(`/api/cart/${short}`, { startsAt: dhaka(date, '11:15').toISOString() })).statusCode).toBe(409);
      expect((await asUser(suite.t.app, second).patch(`/api/cart/${short}`, { startsAt: dhaka(date, '11:30').toISOString() })).statusCode).toBe(200);
    } finally {
      await asUser(suite.t.app, suite.admin).put('/api/settings', DEFAULT_SALON_SETTINGS);
    }
  });

  it.each([
    ['a Friday', () => { let d = openDay(3); while (weekdayOfDate(d) !== 5) d = addCalendarDays(d, 1); return dhaka(d, '12:00'); }, 'The salon is closed that day.'],
    ['before opening', () => dhaka(openDay(3), '09:00'), 'That time is outside opening hours (the service must end by closing time).'],
    ['ending after closing', () => dhaka(openDay(3), '19:30'), 'That time is outside opening hours (the service must end by closing time).'],
    ['off the 15-minute grid', () => dhaka(openDay(3), '12:05'), 'Pick one of the offered start times.'],
    ['in less than 2 hours', () => new Date(Math.ceil((Date.now() + 30 * 60_000) / 900_000) * 900_000), undefined],
    ['more than 60 days ahead', () => dhaka(openDay(70), '12:00'), 'That date is too far ahead to book yet.'],
  ])('refuses %s with 400 and changes nothing', async (_name, when, message) => {
    const shopper = await signUp(suite.t.app);
    const item = await addItem(suite.t.app, shopper, byTitle('Classic Haircut & Blow-dry')._id);
    const res = await asUser(suite.t.app, shopper).patch(`/api/cart/${item}`, { startsAt: when().toISOString() });
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    // "too soon" can also land outside opening hours depending on the hour the test runs.
    if (message) expect(body.message).toBe(message);
    expect(body.issues?.[0]?.path).toBe('startsAt');
    expect((await cartOf(shopper))[0]!.startsAt).toBeNull();
  });

  it("lets a customer clear her time (the hold goes), and never touch another's item", async () => {
    const owner = await signUp(suite.t.app);
    const other = await signUp(suite.t.app);
    const item = await addItem(suite.t.app, owner, byTitle('Classic Haircut & Blow-dry')._id);
    const startsAt = dhaka(day, '13:00').toISOString();
    const itemRow = () =>
      suite.t.database.db.select({ startsAt: cartItems.startsAt, endsAt: cartItems.endsAt, holdExpiresAt: cartItems.holdExpiresAt }).from(cartItems).where(eq(cartItems.id, item));
    expect((await asUser(suite.t.app, other).patch(`/api/cart/${item}`, { startsAt })).statusCode).toBe(404);
    expect(await itemRow()).toEqual([{ startsAt: null, endsAt: null, holdExpiresAt: null }]);
    expect((await asUser(suite.t.app, owner).patch(`/api/cart/${item}`, { startsAt })).statusCode).toBe(200);
    const held = await itemRow();
    expect(held).toEqual([{ startsAt: new Date(startsAt), endsAt: expect.any(Date), holdExpiresAt: expect.any(Date) }]);
    expect((await asUser(suite.t.app, other).patch(`/api/cart/${item}`, { startsAt: null })).statusCode).toBe(404);
    expect((await asUser(suite.t.app, other).patch(`/api/cart/${item}`, { startsAt: dhaka(day, '16:00').toISOString() })).statusCode).toBe(404);
    expect(await itemRow()).toEqual(held);
    const cleared = await asUser(suite.t.app, owner).patch(`/api/cart/${item}`, { startsAt: null });
    expect(cartItemSchema.parse(cleared.json())).toMatchObject({ startsAt: null, holdExpiresAt: null });
    expect((await asUser(suite.t.app, owner).patch(`/api/cart/${item}`, { startsAt: 'tomorrow' })).statusCode).toBe(400);
  });
});

describe('salon settings', () => {
  it('are public to read, admin-only to change, and checked field by field', async () => {
    expect((await suite.t.app.inject({ url: '/api/settings' })).json()).toEqual(DEFAULT_SALON_SETTINGS);
    const customer = await signUp(suite.t.app);
    expect((await asUser(suite.t.app, undefined).put('/api/settings', DEFAULT_SALON_SETTINGS)).statusCode).toBe(401);
    expect((await asUser(suite.t.app, customer).put('/api/settings', DEFAULT_SALON_SETTINGS)).statusCode).toBe(403);
    const bad = await asUser(suite.t.app, suite.admin).put('/api/settings', { ...DEFAULT_SALON_SETTINGS, capacity: 0, timeZone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).issues).toEqual(
      expect.arrayContaining([
        { path: 'capacity', message: 'Clients served at once must be between 1 and 50' },
        { path: 'timeZone', message: 'Unknown time zone' },
      ]),
    );
    expect((await suite.t.app.inject({ url: '/api/settings' })).json()).toEqual(DEFAULT_SALON_SETTINGS);
  });

  it('keep the payment policy and the unpaid limit as sent, and refuse a bad deposit with its field, changing nothing', async () => {
    const admin = asUser(suite.t.app, suite.admin);
    try {
      for (const paymentPolicy of [{ mode: 'deposit-percent', percent: 25 }, { mode: 'deposit-fixed', amount: 499.5 }, { mode: 'at-salon' }] as const) {
        const saved = await admin.put('/api/settings', { ...DEFAULT_SALON_SETTINGS, paymentPolicy, unpaidLimit: 5 });
        expect(saved.statusCode, saved.body).toBe(200);
        expect((await suite.t.app.inject({ url: '/api/settings' })).json()).toEqual({ ...DEFAULT_SALON_SETTINGS, paymentPolicy, unpaidLimit: 5 });
      }
      const refusals = [
        [{ mode: 'deposit-percent', percent: 100 }, 0, { path: 'paymentPolicy.percent', message: 'Deposit share must be between 1 and 99 %' }],
        [{ mode: 'deposit-fixed' }, 0, { path: 'paymentPolicy.amount', message: 'Deposit amount is required' }],
        [{ mode: 'half' }, 0, { path: 'paymentPolicy.mode', message: 'Choose how customers pay' }],
        [{ mode: 'full' }, 21, { path: 'unpaidLimit', message: 'Unpaid bookings per customer must be between 0 and 20' }],
      ] as const;
      for (const [paymentPolicy, unpaidLimit, issue] of refusals) {
        const bad = await admin.put('/api/settings', { ...DEFAULT_SALON_SETTINGS, paymentPolicy, unpaidLimit });
        expect(bad.statusCode).toBe(400);
        expect(apiErrorSchema.parse(bad.json()).issues).toEqual([issue]);
        expect((await suite.t.app.inject({ url: '/api/settings' })).json()).toMatchObject({ paymentPolicy: { mode: 'at-salon' }, unpaidLimit: 5 });
      }
    } finally {
      await admin.put('/api/settings', DEFAULT_SALON_SETTINGS);
    }
  });

  it('a closed date takes the day off the booking calendar', async () => {
    const date = openDay(8);
    const haircut = byTitle('Classic Haircut & Blow-dry');
    const before = availabilitySchema.parse((await suite.t.app.inject({ url: `/api/availability?serviceId=${haircut._id}&date=${date}` })).json());
    expect(before.slots.length).toBeGreaterThan(0);
    expect((await asUser(suite.t.app, suite.admin).put('/api/settings', { ...DEFAULT_SALON_SETTINGS, closedDates: [date] })).statusCode).toBe(200);
    try {
      const after = availabilitySchema.parse((await suite.t.app.inject({ url: `/api/availability?serviceId=${haircut._id}&date=${date}` })).json());
      expect(after.slots).toEqual([]);
    } finally {
      await asUser(suite.t.app, suite.admin).put('/api/settings', DEFAULT_SALON_SETTINGS);
    }
  });

  it('a change made through one app instance reaches every other instance sharing the database', async () => {
    const sibling = await createSiblingApp(suite.t);
    try {
      // Both instances have read (and cached) the rules before the change.
      expect((await sibling.app.inject({ url: '/api/settings' })).json()).toMatchObject({ capacity: DEFAULT_SALON_SETTINGS.capacity });
      expect((await asUser(suite.t.app, suite.admin).put('/api/settings', { ...DEFAULT_SALON_SETTINGS, capacity: 7 })).statusCode).toBe(200);
      await expect.poll(async () => (await sibling.app.inject({ url: '/api/settings' })).json<{ capacity: number }>().capacity).toBe(7);
    } finally {
      await asUser(suite.t.app, suite.admin).put('/api/settings', DEFAULT_SALON_SETTINGS);
      await sibling.close();
    }
  });
});
