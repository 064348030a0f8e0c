/**
 * Booking throughput under 50 concurrent customers, on the embedded database and on PostgreSQL:
 * holds per second (PATCH /api/cart/:id) and confirmed bookings per second through the test
 * gateway (add, hold, intent, pay). Each figure is reported with a baseline measured in the same
 * run (authenticated GET /api/cart, a plain read through the same stack), and the run ends by
 * counting overbooked slots and duplicate payments, which must both be 0.
 *
 * Requests go through Fastify's inject (the full app: routing, session, validation, database)
 * without sockets, so the figures are about the app and the database, not the HTTP client.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.js';
import { openDatabase, type DbHandle } from '../src/server/db/client.js';
import { prepareDatabase } from '../src/server/db/prepare.js';
import { loadConfig } from '../src/server/env.js';
import type { App } from '../src/server/types.js';
import { instantToZoned, zonedTimeToInstant } from '../src/shared/calendar.js';
import { DEFAULT_SALON_SETTINGS } from '../src/shared/salon-settings.js';

const CUSTOMERS = 50;
const seconds = Number(process.env.BENCH_BOOKING_SECONDS ?? 5);

type Customer = { cookie: string; id: string };

async function temporaryPostgres(): Promise<{ database: DbHandle; drop: () => Promise<void> } | undefined> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `parlour_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch {
    return undefined;
  } finally {
    await admin.end().catch(() => undefined);
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ driver: 'postgres', url: target.toString(), poolSize: 20 });
  return {
    database,
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

async function setUp(database: DbHandle) {
  await prepareDatabase(database, { seed: true });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, clientDir: undefined });
  await app.ready();
  const customers: Customer[] = [];
  for (let i = 0; i < CUSTOMERS; i += 1) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: `10.9.${i >> 8}.${i & 255}`,
      headers: { origin: config.publicUrl },
      payload: { name: `Bench ${i}`, email: `bench${i}@example.com`, password: 'Secret123', image: '/images/reviews/nusrat.svg' },
    });
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    customers.push({ cookie, id: res.json<{ user: { id: string } }>().user.id });
  }
  const services = (await app.inject({ url: '/api/service' })).json<{ _id: string; price: number; duration: number }[]>();
  return { app, config, customers, services };
}

/** Every start on the 15-minute grid in the bookable window (default settings). */
function bookableStarts(): string[] {
  const starts: string[] = [];
  for (let d = 1; d <= 59; d += 1) {
    const local = instantToZoned(new Date(Date.now() + d * 86_400_000), DEFAULT_SALON_SETTINGS.timeZone);
    if (!DEFAULT_SALON_SETTINGS.openingHours[local.weekday]) continue;
    for (let minute = 10 * 60; minute <= 19 * 60; minute += 15) {
      const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      starts.push(zonedTimeToInstant(local.date, time, DEFAULT_SALON_SETTINGS.timeZone)!.toISOString());
    }
  }
  return starts;
}

/** Runs `work` in a loop for each customer until the time is up; answers how many succeeded per second. */
async function drive(customers: Customer[], work: (c: Customer, i: number) => Promise<boolean>) {
  const deadline = Date.now() + seconds * 1000;
  let ok = 0;
  let refused = 0;
  const started = performance.now();
  await Promise.all(
    customers.map(async (c, i) => {
      while (Date.now() < deadline) {
        if (await work(c, i)) ok += 1;
        else refused += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { perSecond: ok / elapsed, ok, refused };
}

async function overbookedSlots(app: App): Promise<number> {
  const result = (await app.db.execute(sql`
    with visits as (
      select starts_at, ends_at from cart_items where hold_expires_at > now()
      union all select starts_at, ends_at from bookings where status in ('confirmed', 'completed')
    )
    select count(*)::int as n from (
      select p.at from (select distinct starts_at as at from visits) p
      where (select count(*) from visits v where v.starts_at <= p.at and v.ends_at > p.at) > ${DEFAULT_SALON_SETTINGS.capacity}
    ) over_capacity`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

async function duplicatePayments(app: App): Promise<number> {
  const result = (await app.db.execute(sql`
    select (
      (select count(*) from (select cart_item_id from bookings where status in ('confirmed','completed') group by cart_item_id having count(*) > 1) d)
      + (select count(*) from (select user_id, cart_fingerprint from payments where status = 'succeeded' group by 1, 2 having count(*) > 1) p)
    )::int as n`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

async function benchmark(label: string, database: DbHandle, options: { bookings: boolean }) {
  const { app, config, customers, services } = await setUp(database);
  const headers = (c: Customer) => ({ origin: config.publicUrl, cookie: c.cookie });
  const starts = bookableStarts();
  const pick = () => starts[Math.floor(Math.random() * starts.length)]!;
  const service = services.find((s) => s.duration === 60)!;

  // One item per customer, re-timed over and over.
  const items: string[] = [];
  for (const c of customers) {
    items.push((await app.inject({ method: 'POST', url: '/api/cart', headers: headers(c), payload: { cartItemId: service._id } })).json<{ insertedId: string }>().insertedId);
  }
  const baseline = await drive(customers, async (c) => (await app.inject({ url: '/api/cart', headers: headers(c) })).statusCode === 200);
  const holds = await drive(customers, async (c, i) => {
    const res = await app.inject({ method: 'PATCH', url: `/api/cart/${items[i]}`, headers: headers(c), payload: { startsAt: pick() } });
    if (res.statusCode !== 200 && res.statusCode !== 409) throw new Error(`hold answered ${res.statusCode}: ${res.body}`);
    return res.statusCode === 200;
  });
  console.log('\n%s, %d concurrent customers, %ds each', label, CUSTOMERS, seconds);
  console.log('  baseline GET /api/cart   %s req/s', baseline.perSecond.toFixed(0));
  console.log('  holds (PATCH /api/cart)  %s /s  (%d placed, %d refused as full)  = %sx the baseline', holds.perSecond.toFixed(0), holds.ok, holds.refused, (holds.perSecond / baseline.perSecond).toFixed(2));
  const result: Record<string, unknown> = { baseline: baseline.perSecond, holds: holds.perSecond };

  if (options.bookings) {
    // Clear the holds: each booking round is add, hold, intent, pay.
    await app.db.execute(sql`delete from cart_items`);
    const booked = await drive(customers, async (c) => {
      const add = await app.inject({ method: 'POST', url: '/api/cart', headers: headers(c), payload: { cartItemId: service._id } });
      const item = add.json<{ insertedId: string }>().insertedId;
      const hold = await app.inject({ method: 'PATCH', url: `/api/cart/${item}`, headers: headers(c), payload: { startsAt: pick() } });
      if (hold.statusCode !== 200) {
        await app.inject({ method: 'DELETE', url: `/api/cart/${item}`, headers: headers(c) });
        return false;
      }
      const intent = await app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: headers(c), payload: { price: service.price } });
      if (intent.statusCode !== 200) throw new Error(`intent answered ${intent.statusCode}: ${intent.body}`);
      const paid = await app.inject({
        method: 'POST',
        url: '/api/payments/test/confirm',
        headers: headers(c),
        payload: { clientSecret: intent.json<{ clientSecret: string }>().clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
      });
      return paid.json<{ status: string }>().status === 'succeeded';
    });
    console.log('  confirmed bookings       %s /s  (%d booked, %d slots already full)  = %sx the baseline; target >= 500/s', booked.perSecond.toFixed(0), booked.ok, booked.refused, (booked.perSecond / baseline.perSecond).toFixed(2));
    result.bookings = booked.perSecond;
  }
  const overbooked = await overbookedSlots(app);
  const duplicates = await duplicatePayments(app);
  console.log('  overbooked slots: %d   duplicate payments: %d   (both must be 0)', overbooked, duplicates);
  await app.close();
  return { ...result, overbooked, duplicates };
}

export async function bookingBenchmarks(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const embeddedDir = await fs.mkdtemp(path.join(os.tmpdir(), 'parlour-bench-embedded-'));
  const embedded = await openDatabase({ driver: 'embedded', dataDir: embeddedDir });
  out.embedded = await benchmark('Embedded database (embedded PostgreSQL)', embedded, { bookings: true });
  await embedded.close();
  await fs.rm(embeddedDir, { recursive: true, force: true });
  const postgres = await temporaryPostgres();
  if (postgres) {
    out.postgres = await benchmark('PostgreSQL', postgres.database, { bookings: true });
    await postgres.drop();
  } else {
    console.log('\nPostgreSQL not reachable (BENCH_DATABASE_URL): booking benchmarks on PostgreSQL skipped');
  }
  return out;
}
