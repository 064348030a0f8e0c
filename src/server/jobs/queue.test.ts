/**
 * The job queue's own contract, on a real pg-boss over a fresh database: jobs are fetched several
 * at a time and run side by side, yet each one succeeds or fails on its own. A job that throws is tried again later;
 * the jobs fetched with it are completed once, never run again because of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { rowsOf } from '../db/rows.js';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../test/test-database.js';
import type { DbHandle } from '../db/client.js';
import { JobQueue } from './queue.js';
import { databaseSwitch } from '../test/database-switch.js';

let database: DbHandle;
let drop: () => Promise<void>;
let queue: JobQueue;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  // Retries after one second, so the failed job's second try comes within the test.
  queue = new JobQueue(database.connectionUrl, Fastify({ logger: { level: 'silent' } }).log, { retryDelaySeconds: 1, retryLimit: 3, pollingIntervalSeconds: 0.5 });
  await queue.start();
});
afterAll(async () => {
  await queue?.stop();
  await drop?.();
});

describe('a batch of jobs', () => {
  it('are fetched together and run side by side; the one that throws is retried alone, the others run once and are completed', async () => {
    // Queued before any worker runs, so the first fetch takes them all.
    for (let n = 1; n <= 5; n += 1) await queue.send('mail', { n });
    const runs: { n: number; attempt: number }[] = [];
    let activeAtFirst: number | undefined;
    let running = 0;
    let mostAtOnce = 0;
    await queue.work<{ n: number }>('mail', async ({ n }, attempt) => {
      runs.push({ n, attempt: attempt.number });
      const first = runs.length === 1;
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      // Fetched together: while the first runs, all five are taken (active), not only the first.
      if (first) {
        const [row] = await rowsOf<{ active: number }>(database.db, sql`select count(*)::int as active from pgboss.job where name = 'mail' and state = 'active'`);
        activeAtFirst = row!.active;
      }
      // Each job takes a while (an SMTP server's answer): side by side, the batch's runs overlap.
      await new Promise((resolve) => setTimeout(resolve, 150));
      running -= 1;
      if (n === 3 && attempt.number === 1) throw new Error('the SMTP server is down');
    });

    await expect.poll(() => runs.filter((r) => r.n === 3).length, { timeout: 15_000, interval: 100 }).toBe(2);
    // Another second: long enough for any job wrongly failed with job 3 to come round again.
    await new Promise((resolve) => setTimeout(resolve, 2500));

    expect(runs.filter((r) => r.n !== 3).map((r) => r.n).sort()).toEqual([1, 2, 4, 5]);
    expect(runs.filter((r) => r.n === 3).map((r) => r.attempt)).toEqual([1, 2]);
    const jobs = await rowsOf<{ n: number; state: string; retry_count: number }>(
      database.db,
      sql`select (data->>'n')::int as n, state::text, retry_count from pgboss.job where name = 'mail' order by 1`,
    );
    expect(jobs).toEqual([
      { n: 1, state: 'completed', retry_count: 0 },
      { n: 2, state: 'completed', retry_count: 0 },
      { n: 3, state: 'completed', retry_count: 1 },
      { n: 4, state: 'completed', retry_count: 0 },
      { n: 5, state: 'completed', retry_count: 0 },
    ]);
    expect(activeAtFirst).toBe(5);
    expect(mostAtOnce).toBe(5);
  });
});

/**
 * PostgreSQL restarting while a job runs: the job fails (its statements cannot reach the
 * database), and so does pg-boss's own note of the failure, told 57P03 ('the database system is
 * shutting down' or 'starting up'). pg-boss 10 sends that note without waiting for it (nor for a
 * batch's completion), so its failure was an unhandled rejection and the instance died (found by
 * scripts/deploy-check.sh: the 57P03 crash of docs/decisions/043). Patched (docs/decisions/043):
 * the failure is reported as the queue's error and logged; the job stays active and is tried
 * again once its time runs out, as after a crash.
 */
describe('PostgreSQL going away while a job runs', () => {
  it("a failure pg-boss cannot record is logged, not an unhandled rejection, and the job is kept", async () => {
    const db = await databaseSwitch(database.connectionUrl);
    const logged: string[] = [];
    const log = Fastify({ logger: { level: 'silent' } }).log;
    const listening = Object.assign(Object.create(log) as typeof log, { error: (_obj: unknown, msg?: string) => void logged.push(msg ?? '') });
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    const restarting = new JobQueue(db.url, listening, { retryDelaySeconds: 1, retryLimit: 3, pollingIntervalSeconds: 0.5 });
    try {
      await restarting.start();
      await restarting.send('sms', { n: 1 });
      let ran = 0;
      await restarting.work<{ n: number }>('sms', async () => {
        ran += 1;
        // PostgreSQL restarting: sessions ended, every new connection told 57P03.
        await db.startUp();
        throw new Error('the database went away');
      });
      await expect.poll(() => ran, { timeout: 10_000, interval: 50 }).toBe(1);
      await expect.poll(() => logged.filter((m) => m === 'job queue error').length, { timeout: 5_000, interval: 50 }).toBeGreaterThan(0);
      // Time for a failure nobody heard to surface.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(unhandled).toEqual([]);

      await db.restore();
      const [job] = await rowsOf<{ state: string }>(database.db, sql`select state::text from pgboss.job where name = 'sms'`);
      expect(job).toEqual({ state: 'active' });
    } finally {
      await db.restore();
      await restarting.stop();
      await db.close();
      process.off('unhandledRejection', record);
    }
  }, 30_000);
});
