import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase, type DbHandle } from '../db/client.js';
import { prepareDatabase } from '../db/prepare.js';
import { loadConfig } from '../env.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createTestDatabase } from '../test/test-database.js';
import { databaseSwitch } from '../test/database-switch.js';
import type { App } from '../types.js';

const readiness = async (base: string) => {
  const res = await fetch(`${base}/api/health/ready`);
  return { status: res.status, body: (await res.json()) as unknown, connection: res.headers.get('connection') };
};

describe('GET /api/health/ready', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is 503 starting until the server listens, then 200', async () => {
    const before = await t.app.inject({ url: '/api/health/ready' });
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({ status: 'unavailable', reason: 'starting' });
    // Alive all the same.
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);

    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    expect(await readiness(base)).toMatchObject({ status: 200, body: { status: 'ok', reason: null } });
  });

  it('is 503 draining once shutdown begins, while every other route still answers (and closes its connection)', async () => {
    t.app.readiness.drain();
    expect(await readiness(base)).toEqual({ status: 503, body: { status: 'unavailable', reason: 'draining' }, connection: 'close' });
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get('connection')).toBe('close');
    expect((await fetch(`${base}/api/service`)).status).toBe(200);
  });
});

describe('while the database is unreachable', () => {
  let drop: () => Promise<void>;
  let database: DbHandle;
  let app: App;
  let base: string;
  let db: Awaited<ReturnType<typeof databaseSwitch>>;

  beforeAll(async () => {
    const fresh = await createTestDatabase();
    drop = fresh.drop;
    await prepareDatabase(fresh.database, { seed: true });
    db = await databaseSwitch(fresh.database.connectionUrl);
    database = await openDatabase({ driver: 'postgres', url: db.url, poolSize: 5 });
    app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database, clientDir: undefined });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await db?.restore();
    await app?.close();
    await database?.close();
    await db?.close();
    await drop?.();
  });

  const contact = (message: string) =>
    fetch(`${base}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Outage', email: 'outage@example.com', message }),
    });
  const timed = async <T>(run: () => Promise<T>) => {
    const start = performance.now();
    const result = await run();
    return { result, ms: performance.now() - start };
  };
  const unavailable = { statusCode: 503, error: 'Service Unavailable', message: 'The server cannot reach its database just now. Please try again in a moment.' };
  const customer = { email: 'outage-customer@example.com', password: 'Secret123' };
  const signIn = () =>
    fetch(`${base}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' }, body: JSON.stringify(customer) });
  /** Her session cookie alone, without the signed copy: the session is read from the database. */
  let sessionOnly = '';

  it('serves while it is up', async () => {
    expect((await readiness(base)).status).toBe(200);
    expect((await contact('Before the outage, thank you')).status).toBe(201);
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ ...customer, name: 'Outage Customer', image: '/images/reviews/nusrat.svg' }),
    });
    expect(signUp.status).toBe(200);
    sessionOnly = signUp.headers.getSetCookie().map((c) => c.split(';')[0]!).find((c) => c.startsWith('parlour.session_token='))!;
    expect((await fetch(`${base}/api/cart`, { headers: { cookie: sessionOnly } })).status).toBe(200);
  });

  it('a sign-in whose session cannot be written for an outage answers 503 (better-auth answers it 500)', async () => {
    // The outage arrives between better-auth's reads and its write: PostgreSQL going down as it inserts.
    await database.db.execute(sql`create function refuse_session() returns trigger language plpgsql as $$
      begin raise exception 'terminating connection due to administrator command' using errcode = '57P01'; end $$`);
    await database.db.execute(sql`create trigger refuse_session before insert on session execute function refuse_session()`);
    try {
      const answer = await signIn();
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(await answer.json()).toEqual(unavailable);
    } finally {
      await database.db.execute(sql`drop trigger refuse_session on session`);
      await database.db.execute(sql`drop function refuse_session`);
    }
    expect((await signIn()).status).toBe(200);
  });

  it('a query that waits its turn behind a busy pool is run, not refused as an outage', async () => {
    // Every one of the pool's 5 connections busy for longer than the connect bound (3 s).
    // (Promise.all starts them: Drizzle's queries run when first awaited.)
    const busy = Promise.all(Array.from({ length: 5 }, () => database.db.execute(sql`select pg_sleep(4)`)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const waited = await timed(() => rowsOf<{ one: number }>(database.db, sql`select 1 as one`));
    await busy;
    expect(waited.ms).toBeGreaterThan(3000);
    expect(waited.result).toEqual([{ one: 1 }]);
  }, 30_000);

  const outages = { refusing: 'refusing connections', silent: 'silent', starting: 'starting up (57P03 to every connection)' };
  for (const outage of ['refusing', 'silent', 'starting'] as const) {
    it(`answers 503 within 5 s while the server is ${outages[outage]}, and recovers by itself`, async () => {
      if (outage === 'refusing') await db.refuse();
      else if (outage === 'silent') await db.silence();
      else {
        // As PostgreSQL restarting: sessions cut, and every new connection (the pool's, the job
        // queue's, the listeners' reconnects at 250 ms, 500 ms, 1 s) told 57P03 for a while.
        await db.startUp();
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }

      const write = await timed(() => contact('During the outage, please'));
      expect(write.ms).toBeLessThan(5000);
      expect(write.result.status).toBe(503);
      expect(write.result.headers.get('retry-after')).toBe('5');
      expect(await write.result.json()).toEqual(unavailable);

      // better-auth turns a database it cannot reach into its own 500 ('Failed to get session'):
      // a session read and a sign-in answer the outage's 503 all the same.
      for (const request of [() => fetch(`${base}/api/cart`, { headers: { cookie: sessionOnly } }), signIn]) {
        const answer = await timed(request);
        expect(answer.ms).toBeLessThan(5000);
        expect(answer.result.status).toBe(503);
        expect(answer.result.headers.get('retry-after')).toBe('5');
        expect(await answer.result.json()).toEqual(unavailable);
      }

      const ready = await timed(() => readiness(base));
      expect(ready.ms).toBeLessThan(5000);
      expect(ready.result).toMatchObject({ status: 503, body: { status: 'unavailable', reason: 'database' } });
      const health = await timed(() => fetch(`${base}/api/health`));
      expect(health.ms).toBeLessThan(5000);
      expect(health.result.status).toBe(503);

      await db.restore();
      await expect.poll(async () => (await readiness(base)).status, { timeout: 10_000, interval: 200 }).toBe(200);
      expect((await contact('After the outage, thank you')).status).toBe(201);
      expect((await signIn()).status).toBe(200);
      expect((await fetch(`${base}/api/cart`, { headers: { cookie: sessionOnly } })).status).toBe(200);
    }, 30_000);
  }
});
