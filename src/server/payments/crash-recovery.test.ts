import { sql as drizzleSql } from 'drizzle-orm';
/**
 * A real server process killed with SIGKILL between the test gateway's charge and applying its
 * outcome, then started again: the charge is applied exactly once, nothing the customer was told
 * is lost, and nothing is booked twice. PostgreSQL only: the test holds a row lock from its own
 * connection to stop the server between the two steps, which an in-process PGlite cannot offer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../test/test-database.js';
import { dhaka, futureExpiry, openDay } from '../test/booking.js';
import { prepareDatabase } from '../db/prepare.js';
import { freePort } from '../test/free-port.js';

const entry = path.resolve(import.meta.dirname, '../main.ts');


type Server = { child: ChildProcess; exited: Promise<number | null>; output: () => string; base: string };

describe('a server killed between the charge and its outcome', () => {
  let url: string;
  let drop: () => Promise<void>;
  let port: number;
  let sql: pg.Client;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    const created = await createTestDatabase();
    // A salon that books chairs alone: the customers pick times any chair may take. The server
    // started below seeds the demo team unless the database says it has had it.
    await prepareDatabase(created.database, { seed: true, team: false });
    await created.database.db.execute(drizzleSql`insert into app_meta (key, value) values ('demo_staff_seeded_at', 'not in this test')`);
    url = created.database.connectionUrl!;
    drop = created.drop;
    port = await freePort();
    sql = new pg.Client({ connectionString: url });
    await sql.connect();
  }, 60_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await sql?.end();
    await drop?.();
  });

  async function startServer(): Promise<Server> {
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PAYMENTS: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: url,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        SEED_DEMO_ACCOUNTS: 'false',
        // Each test customer signs up from her own (forwarded) address, under the per-address limit.
        TRUST_PROXY: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let gone = false;
    void exited.then(() => (gone = true));
    for (let i = 0; i < 600 && !gone; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) return { child, exited, output: () => output, base };
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server did not start:\n${output}`);
  }

  async function kill(server: Server) {
    server.child.kill('SIGKILL');
    await server.exited;
  }

  /** A customer who signed up, picked a time for each service and opened a payment. */
  async function customerReadyToPay(base: string, n: number, picks: { title: string; time: string }[], date: string) {
    const headers: Record<string, string> = { origin: base, 'content-type': 'application/json' };
    const email = `crash${n}-${Date.now()}@example.com`;
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { ...headers, 'x-forwarded-for': `10.9.0.${n}` },
      body: JSON.stringify({ name: `Crash ${n}`, email, password: 'Secret123', image: '/images/reviews/nusrat.svg' }),
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    headers.cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const catalogue = (await (await fetch(`${base}/api/service`)).json()) as { _id: string; title: string; price: number }[];
    let total = 0;
    for (const pick of picks) {
      const service = catalogue.find((s) => s.title === pick.title)!;
      total += service.price;
      const added = await fetch(`${base}/api/cart`, { method: 'POST', headers, body: JSON.stringify({ cartItemId: service._id }) });
      const { insertedId } = (await added.json()) as { insertedId: string };
      const held = await fetch(`${base}/api/cart/${insertedId}`, { method: 'PATCH', headers, body: JSON.stringify({ startsAt: dhaka(date, pick.time).toISOString() }) });
      expect(held.status, await held.clone().text()).toBe(200);
    }
    const intent = await fetch(`${base}/api/create-payment-intent`, { method: 'POST', headers, body: JSON.stringify({ price: total }) });
    expect(intent.status, await intent.clone().text()).toBe(200);
    const { clientSecret, paymentId } = (await intent.json()) as { clientSecret: string; paymentId: string };
    const pay = () =>
      fetch(`${base}/api/payments/test/confirm`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ clientSecret, cardNumber: '4242 4242 4242 4242', expiry: futureExpiry(), cvc: '123' }),
      });
    return { email, paymentId, ref: clientSecret.split('_secret_')[0]!, pay };
  }

  const rowsOf = async <T,>(text: string, values: unknown[]) => (await sql.query(text, values)).rows as T[];

  it('applies the charge once after a restart, and books nothing twice', async () => {
    let server = await startServer();
    const date = openDay(3);
    const customer = await customerReadyToPay(server.base, 1, [
      { title: 'Classic Haircut & Blow-dry', time: '11:00' },
      { title: 'Signature Glow Facial', time: '13:00' },
    ], date);

    // Hold the payment row from outside: the server charges the card, then waits on this lock to
    // apply the outcome. That is the moment it dies.
    const blocker = new pg.Client({ connectionString: url });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('select id from payments where id = $1 for update', [customer.paymentId]);
    const paying = customer.pay().then(
      (res) => res.status,
      () => 'connection lost' as const,
    );
    for (let i = 0; i < 300; i++) {
      const [intent] = await rowsOf<{ status: string }>('select status from test_gateway_intents where ref = $1', [customer.ref]);
      if (intent?.status === 'succeeded') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await kill(server);
    await blocker.query('rollback');
    await blocker.end();
    expect(await paying).toBe('connection lost');

    // Charged, but not booked: the state the crash leaves.
    const [charged] = await rowsOf<{ status: string }>('select status from test_gateway_intents where ref = $1', [customer.ref]);
    expect(charged!.status).toBe('succeeded');
    const [before] = await rowsOf<{ status: string }>('select status from payments where id = $1', [customer.paymentId]);
    expect(before!.status).toBe('pending');

    server = await startServer();
    const [after] = await rowsOf<{ status: string; refunded_minor: number }>('select status, refunded_minor from payments where id = $1', [customer.paymentId]);
    expect(after).toEqual({ status: 'succeeded', refunded_minor: 0 });
    const booked = await rowsOf<{ status: string }>('select status from bookings where payment_id = $1', [customer.paymentId]);
    expect(booked.map((b) => b.status)).toEqual(['confirmed', 'confirmed']);
    expect(await rowsOf('select 1 from cart_items c join "user" u on u.id = c.user_id where u.email = $1', [customer.email])).toHaveLength(0);

    // Her click again after the restart answers the settled payment; nothing changes.
    const again = await customer.pay();
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ status: 'succeeded' });
    expect(await rowsOf('select 1 from bookings where payment_id = $1', [customer.paymentId])).toHaveLength(2);
    // One confirmation e-mail (sent just after the outcome commits).
    await vi.waitFor(async () => expect(await rowsOf('select 1 from outbox where "to" = $1', [customer.email])).toHaveLength(1));
    await kill(server);
  }, 120_000);

  it('loses and duplicates nothing when killed at a random moment under load', async () => {
    let server = await startServer();
    const date = openDay(5);
    const times = ['10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'];
    const customers = [];
    for (let n = 0; n < 16; n++) {
      customers.push(await customerReadyToPay(server.base, 100 + n, [{ title: 'Classic Haircut & Blow-dry', time: times[n % times.length]! }], date));
    }
    const acknowledged = new Set<string>();
    let firstAcknowledged: () => void = () => undefined;
    const someAcknowledged = new Promise<void>((resolve) => (firstAcknowledged = resolve));
    const payments = customers.map((c) =>
      c.pay().then(
        async (res) => {
          if (res.status === 200 && ((await res.json()) as { status: string }).status === 'succeeded') acknowledged.add(c.paymentId);
          if (acknowledged.size > 0) firstAcknowledged();
        },
        () => undefined,
      ),
    );
    // Killed mid-stream: once the first customer was told 'paid', a random moment later.
    await someAcknowledged;
    await new Promise((r) => setTimeout(r, Math.random() * 30));
    await kill(server);
    await Promise.all(payments);

    server = await startServer();
    const ids = customers.map((c) => c.paymentId);
    const rows = await rowsOf<{ id: string; status: string; intent: string; confirmed: number; total: number }>(
      `select p.id, p.status, i.status as intent,
              (select count(*)::int from bookings b where b.payment_id = p.id and b.status = 'confirmed') as confirmed,
              (select count(*)::int from bookings b where b.payment_id = p.id) as total
       from payments p join test_gateway_intents i on i.ref = p.gateway_ref where p.id = any($1::uuid[])`,
      [ids],
    );
    const lost = rows.filter((r) => acknowledged.has(r.id) && (r.status !== 'succeeded' || r.confirmed !== 1));
    const chargedNotBooked = rows.filter((r) => r.intent === 'succeeded' && r.status !== 'succeeded');
    const duplicated = rows.filter((r) => r.total > 1);
    console.info(`kill -9 under load: ${customers.length} payments, ${acknowledged.size} acknowledged before the kill, ${rows.filter((r) => r.status === 'succeeded').length} succeeded after the restart; lost ${lost.length}, charged but not booked ${chargedNotBooked.length}, duplicated ${duplicated.length}`);
    expect(lost).toEqual([]);
    expect(chargedNotBooked).toEqual([]);
    expect(duplicated).toEqual([]);
    await kill(server);
  }, 180_000);
});
