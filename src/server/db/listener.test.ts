import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { ChangeCache } from '../change-cache.js';
import { SessionRevocations } from '../auth/session-revocations.js';
import { createTestDatabase } from '../test/test-database.js';
import type { DbHandle } from './client.js';

let database: DbHandle;
let drop: () => Promise<void>;
let admin: pg.Client;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  admin = new pg.Client({ connectionString: database.connectionUrl });
  await admin.connect();
});

afterAll(async () => {
  await admin.end();
  await drop();
});

/** Ends this database's listening connections on `channel`, as a PostgreSQL restart does (57P01). */
async function endListeners(channel: string): Promise<number> {
  const { rows } = await admin.query<{ ended: boolean }>(
    `select pg_terminate_backend(pid) as ended from pg_stat_activity
      where datname = current_database() and application_name = 'parlour-listen' and query = $1`,
    [`listen ${channel}`],
  );
  return rows.length;
}

const log = { error: vi.fn(), info: vi.fn(), warn: vi.fn() } as unknown as Parameters<ChangeCache<unknown>['listen']>[1];

/**
 * A PostgreSQL restart ended the caches' listening connections for good: caching stayed off (every
 * request read the database) until the instance restarted (found by scripts/deploy-check.sh).
 */
it('a cache whose listener PostgreSQL ended stops caching, then listens and caches again by itself', async () => {
  const channel = 'parlour_test_listener_cache';
  let loads = 0;
  const cache = new ChangeCache(channel, async () => (loads += 1));
  await cache.listen(database, log);
  try {
    await cache.get();
    await cache.get();
    expect(loads).toBe(1);

    expect(await endListeners(channel)).toBe(1);
    // Lost: every read loads, since a change by another instance could go unheard.
    await expect.poll(async () => {
      const before = loads;
      await cache.get();
      return loads > before;
    }).toBe(true);

    // Back: cached again, and it hears the changes announced from now on.
    await expect.poll(async () => {
      await cache.get();
      const before = loads;
      await cache.get();
      return loads === before;
    }, { timeout: 10_000, interval: 100 }).toBe(true);
    const before = loads;
    await admin.query(`select pg_notify($1, '')`, [channel]);
    await expect.poll(async () => {
      await cache.get();
      return loads > before;
    }).toBe(true);
  } finally {
    await cache.close();
  }
});

it('session copies are not trusted while the listener is away, nor for a while after it is back (notices may have been missed)', async () => {
  const keepMs = 1500;
  const revocations = new SessionRevocations(keepMs);
  await revocations.listen(database, log);
  const session = { id: 'session-1' };
  const user = { id: 'user-1', updatedAt: new Date() };
  try {
    expect(revocations.isCurrent(session, user)).toBe(true);
    expect(await endListeners('parlour_sessions_revoked')).toBe(1);
    await expect.poll(() => revocations.isCurrent(session, user)).toBe(false);
    // Back within a second (the first retries are quick); still distrusted for keepMs after that.
    await expect.poll(async () => (await admin.query(`select 1 from pg_stat_activity where datname = current_database() and query = 'listen parlour_sessions_revoked'`)).rowCount, { timeout: 10_000 }).toBe(1);
    expect(revocations.isCurrent(session, user)).toBe(false);
    await expect.poll(() => revocations.isCurrent(session, user), { timeout: keepMs + 5000, interval: 100 }).toBe(true);
    // And it hears revocations again.
    await admin.query(`select pg_notify('parlour_sessions_revoked', $1)`, [JSON.stringify({ session: session.id })]);
    await expect.poll(() => revocations.isCurrent(session, user)).toBe(false);
  } finally {
    await revocations.close();
  }
});
