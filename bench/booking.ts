/**
 * Booking throughput under 50 concurrent customers, on the embedded database and on PostgreSQL:
 * signed-in reads (GET /api/cart) beside the public catalogue, holds per second (PATCH
 * /api/cart/:id) and confirmed bookings per second through the test gateway (add, hold, intent,
 * pay), each with a baseline measured in the same run; the SQL statements a signed-in read and a
 * booking send (decision 018); on PostgreSQL, bookings per second from one and from two app
 * processes sharing the database, and the signed-in read over HTTP against the catalogue's. The run
 * ends by counting overbooked slots and duplicate payments, which must both be 0. A booking counts
 * as done when its confirmation e-mail is sent: each booking run's seconds include the wait for the
 * confirmations still queued when it ended.
 *
 * Most requests go through Fastify's inject (the full app: routing, session, validation,
 * database) without sockets, so the figures are about the app and the database, not the HTTP
 * client. Customers keep the cookies the app sets, as browsers do (the session's cached copy).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.js';
import { openDatabase, type DbHandle } from '../src/server/db/client.js';
import { prepareDatabase } from '../src/server/db/prepare.js';
import { rowsOf } from '../src/server/db/rows.js';
import { statementsDuring } from '../src/server/db/statement-counter.js';
import { loadConfig, type AppConfig } from '../src/server/env.js';
import type { App } from '../src/server/types.js';
import { instantToZoned, zonedTimeToInstant } from '../src/shared/calendar.js';
import { saveSalonSettings } from '../src/server/repositories/settings.js';
import { DEFAULT_SALON_SETTINGS, type SalonSettings } from '../src/shared/salon-settings.js';
import { load, startBuiltServer } from './lib.js';

const CUSTOMERS = 50;
const seconds = Number(process.env.BENCH_BOOKING_SECONDS ?? 5);
const WARM_UP_SECONDS = 2;
/** Catalogue and booking runs measured in turn, for the median of their ratios. */
const BOOKING_ROUNDS = 3;

type Customer = { cookie: string; id: string; email: string; address: string };
type Service = { _id: string; price: number; duration: number };

/** The customer's cookies after a response: what a browser would send next. */
function keepCookies(c: Customer, res: { headers: Record<string, unknown> }) {
  const set = ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? []);
  if (set.length === 0) return;
  const jar = new Map(c.cookie.split('; ').filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf('=')), pair]));
  for (const line of set) {
    const pair = line.split(';')[0]!;
    const name = pair.slice(0, pair.indexOf('='));
    if (pair.endsWith('=') || /max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, pair);
  }
  c.cookie = [...jar.values()].join('; ');
}

/** A request as the customer, keeping the cookies it answers with. */
async function as(app: App, config: AppConfig, c: Customer, request: { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object }) {
  const res = await app.inject({ method: request.method ?? 'GET', url: request.url, headers: { origin: config.publicUrl, cookie: c.cookie }, ...(request.payload && { payload: request.payload }) });
  keepCookies(c, res);
  return res;
}

const customerEmail = (i: number) => `bench${i}@example.com`;
const customerAddress = (i: number) => `10.9.${i >> 8}.${i & 255}`;

async function startApp(database: DbHandle) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, clientDir: undefined });
  await app.ready();
  return { app, config };
}

/** Customers `from`..`from + count - 1`: signed up (or, `signIn`, signed in again as another instance's). */
async function customersOf(app: App, config: AppConfig, from: number, count: number, signIn = false): Promise<Customer[]> {
  const customers: Customer[] = [];
  for (let i = from; i < from + count; i += 1) {
    const email = customerEmail(i);
    const res = await app.inject({
      method: 'POST',
      url: signIn ? '/api/auth/sign-in/email' : '/api/auth/sign-up/email',
      remoteAddress: customerAddress(i),
      headers: { origin: config.publicUrl },
      payload: signIn ? { email, password: 'Secret123' } : { name: `Bench ${i}`, email, password: 'Secret123', image: '/images/reviews/nusrat.svg' },
    });
    const c = { cookie: '', id: res.json<{ user: { id: string } }>().user.id, email, address: customerAddress(i) };
    keepCookies(c, res);
    customers.push(c);
  }
  return customers;
}

export async function temporaryPostgres(): Promise<{ database: DbHandle; url: string; drop: () => Promise<void> } | undefined> {
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
  // The pool npm start opens (DATABASE_POOL_SIZE, 10), as the embedded run does.
  const database = await openDatabase({ driver: 'postgres', url: target.toString() });
  return {
    database,
    url: target.toString(),
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * The bench's salon: the default one (three chairs, 10:00-20:00, closed on Fridays) taking bookings
 * a year ahead (the settings allow 365 days). With the default 60 days, three chairs hold about a
 * thousand one-hour visits at random times, which 50 customers fill in a few seconds: the measure
 * would then count customers turned away from a full calendar, not the app booking.
 */
const BENCH_SALON: SalonSettings = { ...DEFAULT_SALON_SETTINGS, horizonDays: 365 };

/**
 * `stylists`: that many stylists, each doing every service and working the salon's whole week
 * (more stylists than chairs, so the chairs stay the limit, as without them); none books chairs
 * alone, as a salon without a team does.
 */
export async function setUp(database: DbHandle, stylists = 0) {
  await prepareDatabase(database, { seed: true, team: false });
  await saveSalonSettings(database.db, BENCH_SALON);
  for (let i = 0; i < stylists; i += 1) {
    await database.db.execute(sql`
      with s as (insert into staff (name, bio) values (${`Bench stylist ${i + 1}`}, '') returning id),
        services_done as (insert into staff_services (staff_id, service_id) select s.id, v.id from s, services v where v.deleted_at is null)
      insert into staff_hours (staff_id, weekday, start_minute, end_minute) select s.id, d, 600, 1200 from s, generate_series(0, 6) d`);
  }
  const { app, config } = await startApp(database);
  const customers = await customersOf(app, config, 0, CUSTOMERS);
  const services = (await app.inject({ url: '/api/service' })).json<Service[]>();
  return { app, config, customers, services };
}

/**
 * Every start on the 15-minute grid on days `from`..`to` ahead (the bench salon's rules). The
 * measured runs book on days 1-299; the warm-ups before them on days 300-364, so that what a
 * warm-up booked never stands in a measured booking's way.
 */
export function bookableStarts(from = 1, to = 299): string[] {
  const starts: string[] = [];
  for (let d = from; d <= to; d += 1) {
    const local = instantToZoned(new Date(Date.now() + d * 86_400_000), BENCH_SALON.timeZone);
    if (!BENCH_SALON.openingHours[local.weekday]) continue;
    for (let minute = 10 * 60; minute <= 19 * 60; minute += 15) {
      const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      starts.push(zonedTimeToInstant(local.date, time, BENCH_SALON.timeZone)!.toISOString());
    }
  }
  return starts;
}

const randomOf = (list: readonly string[]) => list[Math.floor(Math.random() * list.length)]!;

/**
 * Empties the calendar (bookings, payments, lists, the test gateway's ledger) before a measured
 * booking run, so that each run, in-process or from separate processes, starts from the same
 * empty calendar rather than from what the runs before it booked.
 */
async function emptyCalendar(run: (statement: string) => Promise<unknown>) {
  // Deletes, not TRUNCATE: reviews refer to bookings (the bench writes none).
  for (const table of ['payment_events', 'test_gateway_refunds', 'test_gateway_wallet_attempts', 'test_gateway_intents', 'bookings', 'payments', 'cart_items']) {
    await run(`delete from ${table}`);
  }
}

/**
 * Books for a while on the warm-up days, so the measured run finds the booking path compiled, and
 * waits for those bookings' confirmations, so that no measured run shares the machine with them.
 */
async function warmUp(app: App, config: AppConfig, customers: Customer[], service: Service) {
  const warmUpStarts = bookableStarts(300, 364);
  await drive(customers, (c) => bookOnce(app, config, c, service, randomOf(warmUpStarts)), WARM_UP_SECONDS);
  await drainMail(app.db);
}

/** The public catalogue, the baseline every figure is measured against. */
const readCatalogue = (app: App) => async () => (await app.inject({ url: '/api/service' })).statusCode === 200;

/**
 * Runs `work` in a loop for each customer until the time is up; answers how many succeeded per second.
 *
 * Each request starts in a turn of the event loop of its own, as one arriving on a socket does.
 * Without that, a request answered from memory (the catalogue) resolves in the same microtask
 * chain as the one before it: the loop never reached its check phase for the whole run, the
 * work each inject leaves for setImmediate piled up with its request and response (15,651 of
 * them after 1.5 s, a 1.9 GB heap after 18 s), and the catalogue slowed from 9,500 to 3,000 req/s
 * as the collector struggled. Measured so, it runs at a steady ~10,000 req/s in a heap under 200 MB.
 */
export async function drive(customers: Customer[], work: (c: Customer, i: number) => Promise<boolean>, forSeconds = seconds) {
  const deadline = Date.now() + forSeconds * 1000;
  let ok = 0;
  let refused = 0;
  const started = performance.now();
  await Promise.all(
    customers.map(async (c, i) => {
      while (Date.now() < deadline) {
        await new Promise((resolve) => setImmediate(resolve));
        if (await work(c, i)) ok += 1;
        else refused += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { perSecond: ok / elapsed, ok, refused, elapsed };
}

/** Confirmations (and other mail) queued and not yet sent. */
async function mailBacklog(db: App['db']): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from pgboss.job where name = 'mail' and state in ('created', 'retry', 'active')`);
  return row!.n;
}

/**
 * Waits until every queued e-mail is sent; answers how many were waiting and the seconds it took.
 * A booking is done when its confirmation is out: the run's figure counts the seconds the worker
 * needed after it, and nothing measured next shares the machine with that work.
 */
async function drainMail(db: App['db']): Promise<{ waiting: number; seconds: number }> {
  const began = performance.now();
  const waiting = await mailBacklog(db);
  for (let left = waiting; left > 0; left = await mailBacklog(db)) {
    if (performance.now() - began > 120_000) throw new Error(`${left} e-mails still queued after two minutes`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { waiting, seconds: waiting === 0 ? 0 : (performance.now() - began) / 1000 };
}

/**
 * Books for `forSeconds`, then waits for the confirmations still queued: bookings per second over
 * both, the rate the salon's server keeps up (a rush that outruns the mail worker leaves a backlog
 * that grows for as long as it lasts).
 */
async function bookSustained(app: App, customers: Customer[], book: (c: Customer) => Promise<boolean>, forSeconds = seconds) {
  const run = await drive(customers, book, forSeconds);
  const drain = await drainMail(app.db);
  const seconds = run.elapsed + drain.seconds;
  return { ...run, seconds, perSecond: run.ok / seconds, queuedAtEnd: drain.waiting, drainSeconds: drain.seconds };
}

async function overbookedSlots(app: App): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(app.db, sql`
    with visits as (
      select starts_at, ends_at from cart_items where hold_expires_at > now()
      union all select starts_at, ends_at from bookings where status in ('confirmed', 'completed')
    )
    select count(*)::int as n from (
      select p.at from (select distinct starts_at as at from visits) p
      where (select count(*) from visits v where v.starts_at <= p.at and v.ends_at > p.at) > ${DEFAULT_SALON_SETTINGS.capacity}
    ) over_capacity`);
  return row!.n;
}

/** Pairs of visits that have one stylist at once (her buffer after a visit included). */
async function stylistClashes(app: App): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(app.db, sql`
    with visits as (
      select id, staff_id, starts_at, coalesce(staff_free_at, ends_at) as free_at from cart_items where hold_expires_at > now() and staff_id is not null
        and not exists (select 1 from bookings b where b.cart_item_id = cart_items.id and b.status in ('confirmed', 'completed'))
      union all select id, staff_id, starts_at, coalesce(staff_free_at, ends_at) from bookings where status in ('confirmed', 'completed') and staff_id is not null
    )
    select count(*)::int as n from visits a join visits b on a.staff_id = b.staff_id and a.id < b.id and a.starts_at < b.free_at and b.starts_at < a.free_at`);
  return row!.n;
}

async function duplicatePayments(app: App): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(app.db, sql`
    select (
      (select count(*) from (select cart_item_id from bookings where status in ('confirmed','completed') group by cart_item_id having count(*) > 1) d)
      + (select count(*) from (select user_id, cart_fingerprint from payments where status = 'succeeded' group by 1, 2 having count(*) > 1) p)
    )::int as n`);
  return row!.n;
}

/** One booking as a customer does it: add, hold, intent, pay. False when the time was taken. */
export async function bookOnce(app: App, config: AppConfig, c: Customer, service: Service, startsAt: string): Promise<boolean> {
  const add = await as(app, config, c, { method: 'POST', url: '/api/cart', payload: { cartItemId: service._id } });
  const item = add.json<{ insertedId: string }>().insertedId;
  const hold = await as(app, config, c, { method: 'PATCH', url: `/api/cart/${item}`, payload: { startsAt } });
  if (hold.statusCode !== 200) {
    await as(app, config, c, { method: 'DELETE', url: `/api/cart/${item}` });
    return false;
  }
  const intent = await as(app, config, c, { method: 'POST', url: '/api/create-payment-intent', payload: { price: service.price } });
  if (intent.statusCode !== 200) throw new Error(`intent answered ${intent.statusCode}: ${intent.body}`);
  const paid = await as(app, config, c, {
    method: 'POST',
    url: '/api/payments/test/confirm',
    payload: { clientSecret: intent.json<{ clientSecret: string }>().clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
  });
  return paid.json<{ status: string }>().status === 'succeeded';
}

/**
 * The statements one signed-in GET /api/cart and one booking send (BEGIN and COMMIT count; the
 * confirmation e-mail, composed later by the job queue, does not), as statement-budget.test.ts
 * counts them. The first booking reads the team for the cached roster (as the first after any
 * change to the team does); `journey` is the next one's, as every booking between changes costs.
 */
async function statementCosts(app: App, config: AppConfig, customers: Customer[], service: Service, startsAt: string) {
  const [c, next] = customers as [Customer, Customer];
  const cartRead = (await statementsDuring(() => as(app, config, c, { url: '/api/cart' }))).statements;
  const first = await statementsDuring(() => bookOnce(app, config, c, service, startsAt));
  const journey = await statementsDuring(() => bookOnce(app, config, next, service, startsAt));
  if (!first.result || !journey.result) throw new Error('the counted booking found its time taken');
  return { cartRead, journey: journey.statements, first: first.statements };
}

export async function benchmark(
  label: string,
  database: DbHandle,
  options: { bookings: boolean; stylists?: number },
): Promise<Record<string, unknown> & { overbooked: number; duplicates: number }> {
  const { app, config, customers, services } = await setUp(database, options.stylists ?? 0);
  const starts = bookableStarts();
  const pick = () => starts[Math.floor(Math.random() * starts.length)]!;
  const service = services.find((s) => s.duration === 60)!;
  // Before anything else holds a time: the counted booking takes the first start of the window.
  const costs = await statementCosts(app, config, customers, service, starts[0]!);

  // The times a customer is offered for one service on one day, with a week of 150 visits around
  // it: with stylists, the slot engine works through each stylist's hours, leave and visits.
  const week = bookableStarts(1, 7);
  let placed = 0;
  for (let i = 0; placed < WEEK_VISITS && i < WEEK_VISITS * 4; i += 1) {
    if (await bookOnce(app, config, customers[i % customers.length]!, service, week[Math.floor(Math.random() * week.length)]!)) placed += 1;
  }
  const askedDay = instantToZoned(new Date(week[Math.floor(week.length / 2)]!), BENCH_SALON.timeZone).date;
  const availability = await drive(customers, async () => (await app.inject({ url: `/api/availability?serviceId=${service._id}&date=${askedDay}` })).statusCode === 200);

  // One item per customer, re-timed over and over.
  const items: string[] = [];
  for (const c of customers) {
    items.push((await as(app, config, c, { method: 'POST', url: '/api/cart', payload: { cartItemId: service._id } })).json<{ insertedId: string }>().insertedId);
  }
  const catalogue = await drive(customers, readCatalogue(app));
  const baseline = await drive(customers, async (c) => (await as(app, config, c, { url: '/api/cart' })).statusCode === 200);
  const holds = await drive(customers, async (c, i) => {
    const res = await as(app, config, c, { method: 'PATCH', url: `/api/cart/${items[i]}`, payload: { startsAt: pick() } });
    if (res.statusCode !== 200 && res.statusCode !== 409) throw new Error(`hold answered ${res.statusCode}: ${res.body}`);
    return res.statusCode === 200;
  });
  console.log('\n%s, %d concurrent customers, %ds each', label, CUSTOMERS, seconds);
  console.log('  SQL statements: signed-in GET /api/cart %d (target 1), one booking %d (target <= 25; the first after a change to the team %d)', costs.cartRead, costs.journey, costs.first);
  console.log('  catalogue GET /api/service  %s req/s', catalogue.perSecond.toFixed(0));
  console.log('  signed-in GET /api/cart     %s req/s  = %sx the catalogue (target >= 0.25x on PostgreSQL)', baseline.perSecond.toFixed(0), (baseline.perSecond / catalogue.perSecond).toFixed(2));
  console.log('  holds (PATCH /api/cart)     %s /s  (%d placed, %d refused as full)  = %sx the signed-in read', holds.perSecond.toFixed(0), holds.ok, holds.refused, (holds.perSecond / baseline.perSecond).toFixed(2));
  console.log('  GET /api/availability       %s /s  (one service, one day, %d visits that week)', availability.perSecond.toFixed(0), placed);
  const result: Record<string, unknown> = {
    statements: costs,
    catalogue: catalogue.perSecond,
    baseline: baseline.perSecond,
    holds: holds.perSecond,
    availability: availability.perSecond,
  };
  // Overbooked slots and duplicate payments, counted before each emptying of the calendar and at the end.
  let overbooked = 0;
  let duplicates = 0;
  const audit = async () => {
    overbooked += (await overbookedSlots(app)) + (await stylistClashes(app));
    duplicates += await duplicatePayments(app);
  };

  if (options.bookings) {
    // Each booking is add, hold, intent, pay, on a calendar emptied before the warm-up and again
    // before each measured round (the holds cleared too). A single pair of runs moves by a fifth
    // from one run to the next on this kind of machine, so the catalogue and the bookings are
    // measured in turn, BOOKING_ROUNDS times each, and the ratio told is the median of the rounds'.
    const empty = async () => {
      await audit();
      await emptyCalendar((statement) => app.db.execute(sql.raw(statement)));
    };
    await empty();
    await warmUp(app, config, customers, service);
    const rounds: { catalogue: number; bookings: number; ok: number; refused: number; queuedAtEnd: number; drainSeconds: number }[] = [];
    for (let round = 0; round < BOOKING_ROUNDS; round += 1) {
      await empty();
      const against = await drive(customers, readCatalogue(app));
      const booked = await bookSustained(app, customers, (c) => bookOnce(app, config, c, service, pick()));
      rounds.push({ catalogue: against.perSecond, bookings: booked.perSecond, ok: booked.ok, refused: booked.refused, queuedAtEnd: booked.queuedAtEnd, drainSeconds: booked.drainSeconds });
    }
    const ratios = rounds.map((r) => r.bookings / r.catalogue).sort((a, b) => a - b);
    const ratio = ratios[Math.floor(ratios.length / 2)]!;
    const bookings = rounds.reduce((sum, r) => sum + r.bookings, 0) / rounds.length;
    console.log(
      '  confirmed bookings          %s /s  (%d booked, %d slots already full; %d rounds, each after a catalogue run of %s req/s)',
      bookings.toFixed(0),
      rounds.reduce((sum, r) => sum + r.ok, 0),
      rounds.reduce((sum, r) => sum + r.refused, 0),
      rounds.length,
      rounds.map((r) => r.catalogue.toFixed(0)).join(', '),
    );
    console.log(
      '                              confirmations still queued when each run ended: %s, all sent %s s later (counted in the seconds of each run)',
      rounds.map((r) => r.queuedAtEnd).join(', '),
      rounds.map((r) => r.drainSeconds.toFixed(1)).join(', '),
    );
    console.log('                              = %sx the catalogue, median of %s (target >= 0.04x)', ratio.toFixed(3), ratios.map((r) => r.toFixed(3)).join(', '));
    result.bookings = bookings;
    result.bookingRatio = ratio;
  }
  await audit();
  console.log('  overbooked slots: %d   duplicate payments: %d   (both must be 0)', overbooked, duplicates);
  await app.close();
  return { ...result, overbooked, duplicates };
}

const INSTANCE_FLAG = '--booking-instance';
/** What a booking process prints once it has signed its customers in and warmed up. */
const READY_LINE = 'ready';
/** What the parent writes to every booking process once all are ready. */
const GO_LINE = 'go';
/** How long the processes together may take to get ready: generous, as a slow machine needs, but bounded. */
const READY_TIMEOUT_MS = Number(process.env.BENCH_READY_TIMEOUT_MS ?? 10 * 60_000);

/**
 * Confirmed bookings per second from `processes` app processes on the PostgreSQL at `url`, the 50
 * customers shared out between them, all starting at the same moment. Each is a whole app (its
 * own pool, job queue, caches) in a Node process of its own, as separate servers would be.
 *
 * The common start is not a fixed moment guessed in advance (a slower machine missed it): each
 * process says when it is ready, and all are told to go once the last one is, within
 * READY_TIMEOUT_MS.
 */
export async function bookingsFromProcesses(url: string, processes: number): Promise<{ perSecond: number; ok: number; refused: number }> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await emptyCalendar((statement) => admin.query(statement));
  await admin.end();
  const share = CUSTOMERS / processes;
  const children = Array.from({ length: processes }, (_, p) =>
    spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), INSTANCE_FLAG, url, String(p * share), String(share)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    }),
  );
  let readyCount = 0;
  let allReady!: () => void;
  const everyoneReady = new Promise<void>((resolve) => (allReady = resolve));
  const runs = children.map(
    (child) =>
      new Promise<{ ok: number; refused: number; elapsed: number }>((resolve, reject) => {
        const lines: string[] = [];
        let pending = '';
        child.stdout.setEncoding('utf8');
        child.stdout.on('data', (chunk: string) => {
          pending += chunk;
          const complete = pending.split('\n');
          pending = complete.pop()!;
          for (const line of complete) {
            if (line.trim() === READY_LINE) {
              readyCount += 1;
              if (readyCount === processes) allReady();
            } else if (line.trim()) {
              lines.push(line.trim());
            }
          }
        });
        child.on('exit', (code) => {
          if (pending.trim()) lines.push(pending.trim());
          if (code === 0) resolve(JSON.parse(lines.at(-1)!) as { ok: number; refused: number; elapsed: number });
          else reject(new Error(`booking instance exited with ${code}`));
        });
      }),
  );
  // A process that dies before it is ready must not leave the others waiting for the timeout.
  const firstFailure = Promise.race(runs.map((run) => run.then(() => new Promise<never>(() => {}))));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${processes - readyCount} of ${processes} booking processes not ready after ${READY_TIMEOUT_MS / 1000} s (BENCH_READY_TIMEOUT_MS)`)),
      READY_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([everyoneReady, firstFailure, timeout]);
  } catch (err) {
    for (const child of children) child.kill();
    await Promise.allSettled(runs);
    throw err;
  } finally {
    clearTimeout(timer);
  }
  for (const child of children) child.stdin.end(`${GO_LINE}\n`);
  const results = await Promise.all(runs);
  const ok = results.reduce((s, r) => s + r.ok, 0);
  return { perSecond: ok / Math.max(...results.map((r) => r.elapsed)), ok, refused: results.reduce((s, r) => s + r.refused, 0) };
}

/** Resolves when the parent writes GO_LINE on stdin; rejects if stdin closes without it. */
function goSignal(): Promise<void> {
  return new Promise((resolve, reject) => {
    let received = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk: string) => {
      received += chunk;
      if (received.split('\n').some((line) => line.trim() === GO_LINE)) {
        process.stdin.pause();
        resolve();
      }
    });
    process.stdin.on('end', () => reject(new Error('the bench closed the booking process before the common start')));
  });
}

/** The child side of bookingsFromProcesses. */
async function runInstance(url: string, from: number, count: number) {
  const go = goSignal();
  const database = await openDatabase({ driver: 'postgres', url });
  const { app, config } = await startApp(database);
  const customers = await customersOf(app, config, from, count, true);
  const service = (await app.inject({ url: '/api/service' })).json<Service[]>().find((s) => s.duration === 60)!;
  const starts = bookableStarts();
  await warmUp(app, config, customers, service);
  console.log(READY_LINE);
  await go;
  const booked = await bookSustained(app, customers, (c) => bookOnce(app, config, c, service, randomOf(starts)));
  await app.close();
  await database.close();
  console.log(JSON.stringify({ ok: booked.ok, refused: booked.refused, elapsed: booked.seconds }));
}

/**
 * Over HTTP, as `npm run bench` measures the catalogue: one server process on `url` (from the
 * sources), 50 connections, the signed-in GET /api/cart against the public GET /api/service,
 * alternating, two rounds each.
 */
async function signedInReadOverHttp(url: string) {
  const server = await startBuiltServer({ DATABASE_URL: url, SEED_DEMO_ACCOUNTS: 'false' }, [...process.execArgv, 'src/server/main.ts']);
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const origin = { origin: base };
    const signUp = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { ...origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: customerEmail(0), password: 'Secret123' }),
    });
    const cookie = signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const rounds: { catalogue: number; cart: number }[] = [];
    for (let round = 0; round < 2; round += 1) {
      const catalogue = await load(`${base}/api/service`, { seconds });
      const cart = await load(`${base}/api/cart`, { seconds, headers: { cookie } });
      if (cart.non2xx > 0 || cart.errors > 0) throw new Error(`GET /api/cart over HTTP: ${cart.non2xx} non-2xx, ${cart.errors} errors`);
      rounds.push({ catalogue: catalogue.requestsPerSecond, cart: cart.requestsPerSecond });
    }
    const catalogue = rounds.reduce((s, r) => s + r.catalogue, 0) / rounds.length;
    const cart = rounds.reduce((s, r) => s + r.cart, 0) / rounds.length;
    return { catalogue, cart, ratio: cart / catalogue };
  } finally {
    await server.stop();
  }
}

/** `BENCH_BOOKING_ENGINES=postgres` (or `embedded`) measures one engine only; both by default. */
const engines = new Set((process.env.BENCH_BOOKING_ENGINES ?? 'embedded,postgres').split(',').map((e) => e.trim()));

export async function bookingBenchmarks(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  if (engines.has('embedded')) out.embedded = await embeddedBenchmark();
  if (!engines.has('postgres')) return out;
  const postgres = await temporaryPostgres();
  if (postgres) {
    out.postgres = await benchmark('PostgreSQL', postgres.database, { bookings: true });
    out.postgres = { ...(out.postgres as object), ...(await postgresScaling(postgres.url)) };
    await postgres.drop();
  } else {
    console.log('\nPostgreSQL not reachable (BENCH_DATABASE_URL): booking benchmarks on PostgreSQL skipped');
  }
  return out;
}

/** The visits booked in the week around the day whose availability is measured. */
const WEEK_VISITS = 150;

/** The stylists of the run with a team: eight, as a busy salon has (the issue's figure). */
const BENCH_STYLISTS = 8;

async function embeddedBenchmark() {
  const run = async (label: string, stylists: number) => {
    const embeddedDir = await fs.mkdtemp(path.join(os.tmpdir(), 'parlour-bench-embedded-'));
    const embedded = await openDatabase({ driver: 'embedded', dataDir: embeddedDir });
    const result = await benchmark(label, embedded, { bookings: true, stylists });
    await embedded.close();
    await fs.rm(embeddedDir, { recursive: true, force: true });
    return { ...result, bookings: Number(result.bookings), availability: Number(result.availability), journey: (result.statements as { journey: number }).journey };
  };
  const result = await run('Embedded database (embedded PostgreSQL), a salon without stylists', 0);
  // The same run with a team, every booking 'any stylist': what stylists cost a booking.
  const withTeam = await run(`Embedded database, ${BENCH_STYLISTS} stylists, 'any stylist'`, BENCH_STYLISTS);
  const ratio = withTeam.bookings / result.bookings;
  console.log('  with stylists: confirmed bookings %s /s = %sx the salon without (target >= 0.8x), %d statements a booking (target <= 25)', withTeam.bookings.toFixed(0), ratio.toFixed(2), withTeam.journey);
  const availabilityRatio = withTeam.availability / result.availability;
  console.log('  with stylists: GET /api/availability %s /s = %sx the salon without (target >= 0.5x)', withTeam.availability.toFixed(0), availabilityRatio.toFixed(2));
  return { ...result, withStylists: { ...withTeam, ratio, availabilityRatio } };
}

/** On PostgreSQL: the signed-in read over HTTP, and whether a second app process adds bookings. */
export async function postgresScaling(url: string) {
  const http = await signedInReadOverHttp(url);
  console.log('  over HTTP (one server process): catalogue %s req/s, signed-in GET /api/cart %s req/s = %sx', http.catalogue.toFixed(0), http.cart.toFixed(0), http.ratio.toFixed(2));
  const one = await bookingsFromProcesses(url, 1);
  const two = await bookingsFromProcesses(url, 2);
  console.log(
    '  confirmed bookings from separate app processes: one %s /s (%d booked, %d refused), two %s /s (%d booked, %d refused) (%sx: %s)',
    one.perSecond.toFixed(0),
    one.ok,
    one.refused,
    two.perSecond.toFixed(0),
    two.ok,
    two.refused,
    (two.perSecond / one.perSecond).toFixed(2),
    two.perSecond > one.perSecond * 1.1 ? 'grows' : 'does not grow on this machine',
  );
  return { http, processes: { one: one.perSecond, two: two.perSecond } };
}

if (process.argv[2] === INSTANCE_FLAG) {
  const [url, from, count] = process.argv.slice(3);
  await runInstance(url!, Number(from), Number(count));
  process.exit(0);
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // `npx tsx bench/booking.ts`: the booking figures alone, without building the client.
  await bookingBenchmarks();
  process.exit(0);
}
