import { Writable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/client.js';
import { prepareDatabase } from '../db/prepare.js';
import { payments, user } from '../db/schema.js';
import { loadConfig } from '../env.js';
import { createTestDatabase } from '../test/test-database.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { cookieFrom, signIn } from '../test/accounts.js';
import { asUser } from '../test/booking.js';
import { demoAccounts, seedDemoAccounts } from './demo-accounts.js';
import type { Booking, Payment } from '../../shared/payments.js';
import type { MyStylist, StaffVisit } from '../../shared/staff.js';
import { DEFAULT_SALON_SETTINGS } from '../../shared/salon-settings.js';
import { addCalendarDays, instantToZoned, salonToday, weekdayOfDate, zonedTimeToInstant } from '../../shared/calendar.js';
import { demoRegulars, seedDemoStylistDay } from './demo-stylist-day.js';

const [admin, customer, stylist] = demoAccounts;

async function signedIn(t: TestApp, email: string, password: string) {
  const res = await signIn(t.app, email, password);
  expect(res.statusCode).toBe(200);
  return { name: '', email, password, id: '', cookie: cookieFrom(res.headers['set-cookie']) };
}

describe('demo accounts', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('creates the documented admin and customer once, and gives the customer a paid past visit the admin can complete', async () => {
    t = await createTestApp();
    expect(await seedDemoAccounts(t.app)).toEqual([admin!.email, customer!.email, stylist!.email]);
    // A second start adds nothing: no second account, no second history.
    expect(await seedDemoAccounts(t.app)).toEqual([]);

    const mitu = await signedIn(t, customer!.email, customer!.password);
    const history = (await asUser(t.app, mitu).get('/api/payments')).json<Payment[]>();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ status: 'succeeded', amount: 2500 + 800, currency: 'BDT', gateway: 'test' });

    const visits = (await asUser(t.app, mitu).get('/api/bookings')).json<Booking[]>();
    // With the Bangla titles of the demo catalogue in their snapshots, as a checkout writes them.
    expect(visits.map((b) => [b.title, b.title_bn, b.status])).toEqual(
      expect.arrayContaining([
        ['Signature Glow Facial', 'সিগনেচার গ্লো ফেসিয়াল', 'completed'],
        ['Classic Manicure', 'ক্লাসিক ম্যানিকিওর', 'confirmed'],
      ]),
    );
    for (const visit of visits) expect(Date.parse(visit.startsAt)).toBeLessThan(Date.now());
    // Past: too late for her to cancel.
    expect(visits.every((b) => !b.canCancel)).toBe(true);

    const boss = await signedIn(t, admin!.email, admin!.password);
    const orders = (await asUser(t.app, boss).get('/api/bookings')).json<Booking[]>();
    const manicure = orders.find((b) => b.title === 'Classic Manicure')!;
    expect(manicure).toMatchObject({ canComplete: true, customer: { email: customer!.email } });
    const done = await asUser(t.app, boss).post(`/api/bookings/${manicure._id}/complete`, {});
    expect(done.statusCode).toBe(200);
    expect(done.json<Booking>().status).toBe('completed');
    expect(orders.find((b) => b.title === 'Signature Glow Facial')).toMatchObject({ status: 'completed', canComplete: false, canCancel: false });
  });

  it('records the demo charge in the test gateway, so an admin can cancel the past visit with a refund', async () => {
    t = await createTestApp();
    await seedDemoAccounts(t.app);
    const boss = await signedIn(t, admin!.email, admin!.password);
    const manicure = (await asUser(t.app, boss).get('/api/bookings')).json<Booking[]>().find((b) => b.title === 'Classic Manicure')!;
    const cancelled = await asUser(t.app, boss).post(`/api/bookings/${manicure._id}/cancel`, {});
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<Booking>()).toMatchObject({ status: 'cancelled', refunded: 800 });
    const [payment] = (await asUser(t.app, boss).get('/api/payments')).json<Payment[]>();
    expect(payment).toMatchObject({ status: 'partially_refunded', refunded: 800, customer: { email: customer!.email } });
  });

  it('signs the demo stylist in as the demo team’s Nasima Begum, who sees her own day; without the team she is a plain account', async () => {
    t = await createTestApp({ team: true });
    await seedDemoAccounts(t.app);
    const nasima = await signedIn(t, stylist!.email, stylist!.password);
    expect((await asUser(t.app, nasima).get('/api/staff/me')).json()).toMatchObject({ stylist: { name: 'Nasima Begum' } });
    const today = new Date().toISOString().slice(0, 10);
    expect((await asUser(t.app, nasima).get(`/api/staff/me/visits?from=${today}&to=${today}`)).statusCode).toBe(200);
    // No history of her own as a customer.
    expect((await asUser(t.app, nasima).get('/api/payments')).json<Payment[]>()).toEqual([]);
    await t.close();

    t = await createTestApp();
    await seedDemoAccounts(t.app);
    const plain = await signedIn(t, stylist!.email, stylist!.password);
    expect((await asUser(t.app, plain).get('/api/staff/me')).json()).toEqual({ stylist: null });
  });

  it('gives the demo stylist visits around today on a fresh start: one still to come and one she can mark completed, once however often it starts', async () => {
    t = await createTestApp({ team: true });
    await seedDemoAccounts(t.app);
    const nasima = await signedIn(t, stylist!.email, stylist!.password);
    const visitsAround = async () => {
      const today = salonToday(DEFAULT_SALON_SETTINGS.timeZone);
      const earlier = await asUser(t.app, nasima).get(`/api/staff/me/visits?from=${addCalendarDays(today, -7)}&to=${addCalendarDays(today, -1)}`);
      const later = await asUser(t.app, nasima).get(`/api/staff/me/visits?from=${today}&to=${addCalendarDays(today, 6)}`);
      expect([earlier.statusCode, later.statusCode]).toEqual([200, 200]);
      return [...earlier.json<StaffVisit[]>(), ...later.json<StaffVisit[]>()];
    };
    const visits = await visitsAround();
    const now = Date.now();
    expect(visits.some((visit) => Date.parse(visit.startsAt) > now && visit.status === 'confirmed')).toBe(true);
    const due = visits.find((visit) => visit.canComplete);
    expect(due).toBeDefined();
    // Her own services, at her hours (10:00-20:00 in Dhaka), for the demo's regulars.
    for (const visit of visits) {
      expect(['Signature Glow Facial', '24K Gold Facial', 'Deep Cleansing Hydra Facial', 'Eyebrow & Upper-lip Threading', 'Full Arm Waxing']).toContain(visit.title);
      const { time } = instantToZoned(visit.startsAt, DEFAULT_SALON_SETTINGS.timeZone);
      expect(time >= '10:00' && instantToZoned(visit.endsAt, DEFAULT_SALON_SETTINGS.timeZone).time <= '20:00').toBe(true);
      expect(demoRegulars.map((regular) => regular.name)).toContain(visit.customer.name);
    }
    // She marks the one whose time has come.
    const marked = await asUser(t.app, nasima).post(`/api/staff/me/visits/${due!._id}`, { status: 'completed' });
    expect(marked.statusCode).toBe(200);
    expect(marked.json<StaffVisit>().status).toBe('completed');

    // The admin cancels one still to come (refunded through the test gateway).
    const upcoming = visits.find((visit) => Date.parse(visit.startsAt) > now)!;
    const boss = await signedIn(t, admin!.email, admin!.password);
    expect((await asUser(t.app, boss).post(`/api/bookings/${upcoming._id}/cancel`, {})).statusCode).toBe(200);

    // A restart adds nothing, and does not bring back what changed: her mark stays, the cancelled time stays free.
    expect(await seedDemoAccounts(t.app)).toEqual([]);
    const again = await visitsAround();
    expect(again.map((visit) => visit._id).sort()).toEqual(visits.filter((visit) => visit._id !== upcoming._id).map((visit) => visit._id).sort());
    expect(again.some((visit) => visit.startsAt === upcoming.startsAt)).toBe(false);
    expect(again.find((visit) => visit._id === due!._id)?.status).toBe('completed');
  });

  it('looks back past her day off for a visit whose time has come: a Saturday before opening finds Thursday', async () => {
    t = await createTestApp({ team: true });
    await seedDemoAccounts(t.app);
    const nasima = await signedIn(t, stylist!.email, stylist!.password);
    const me = (await asUser(t.app, nasima).get('/api/staff/me')).json<MyStylist>();
    const zone = DEFAULT_SALON_SETTINGS.timeZone;
    // A Saturday at least ten days on (clear of the days the start just filled), 08:00 in the salon.
    let saturday = addCalendarDays(salonToday(zone), 10);
    while (weekdayOfDate(saturday) !== 6) saturday = addCalendarDays(saturday, 1);
    const now = zonedTimeToInstant(saturday, '08:00', zone)!;
    expect(await seedDemoStylistDay(t.app, me.stylist!._id, now)).toBeGreaterThan(0);

    const thursday = addCalendarDays(saturday, -2);
    const visits = (await asUser(t.app, nasima).get(`/api/staff/me/visits?from=${thursday}&to=${addCalendarDays(saturday, 1)}`)).json<StaffVisit[]>();
    const days = new Set(visits.map((visit) => instantToZoned(visit.startsAt, zone).date));
    // Friday the salon is closed; Saturday's visits are all still to come, so Thursday gives the earlier one.
    expect([...days].sort()).toEqual([thursday, saturday, addCalendarDays(saturday, 1)]);
  });

  it('gives the demo customer no history when the catalogue has none of those services', async () => {
    t = await createTestApp({ seed: false });
    expect(await seedDemoAccounts(t.app)).toEqual([admin!.email, customer!.email, stylist!.email]);
    const mitu = await signedIn(t, customer!.email, customer!.password);
    expect((await asUser(t.app, mitu).get('/api/payments')).json<Payment[]>()).toEqual([]);
  });
});

describe('two instances starting together on one PostgreSQL', () => {
  /** Log lines at warn or above, from a real pino logger as the server has. */
  function warningsLogger(lines: string[]) {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    return { level: 'warn', stream };
  }

  it('creates one admin, one customer and one history, and logs no error', async () => {
    const { database: fresh, drop } = await createTestDatabase();
    const url = fresh.connectionUrl!;
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url });
    const logged: string[] = [];
    // What main.ts does on each instance: open, migrate and seed the catalogue, build, add the accounts.
    const startInstance = async () => {
      const database = await openDatabase({ driver: 'postgres', url, poolSize: 5 });
      await prepareDatabase(database, { seed: true });
      const app = await buildApp({ config, database, logger: warningsLogger(logged), clientDir: undefined });
      await app.ready();
      const created = await seedDemoAccounts(app);
      return { app, database, created };
    };
    const instances = await Promise.all([startInstance(), startInstance(), startInstance()]);
    try {
      const db = instances[0]!.database.db;
      // Every account is created by exactly one instance.
      expect(instances.flatMap((i) => i.created).sort()).toEqual([admin!.email, customer!.email, stylist!.email].sort());
      const accounts = await db.select({ email: user.email, role: user.role }).from(user).where(inArray(user.email, [admin!.email, customer!.email]));
      expect(accounts.sort((a, b) => a.email.localeCompare(b.email))).toEqual([
        { email: admin!.email, role: 'admin' },
        { email: customer!.email, role: 'user' },
      ]);
      const [mitu] = await db.select({ id: user.id }).from(user).where(eq(user.email, customer!.email));
      expect(await db.select({ id: payments.id }).from(payments).where(eq(payments.userId, mitu!.id))).toHaveLength(1);
      expect(logged).toEqual([]);
    } finally {
      for (const instance of instances) {
        await instance.app.close();
        await instance.database.close();
      }
      await drop();
    }
  }, 60_000);
});
