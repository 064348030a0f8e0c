import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/** `count` is the attempts in the current window, this one included. */
export type ThrottleResult = { allowed: boolean; retryAfterSeconds: number; count: number };

/**
 * Counts one attempt against `key` in a fixed window. One upsert does the read and the write, so
 * concurrent requests on any number of instances cannot slip past the limit.
 */
export async function consumeThrottle(db: Db, key: string, limit: number, windowSeconds: number): Promise<ThrottleResult> {
  const [row] = await rowsOf<{ count: number; retry_after: number }>(db, sql`
    insert into throttles (key, count, window_started_at) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when throttles.window_started_at <= now() - make_interval(secs => ${windowSeconds}) then 1 else throttles.count + 1 end,
      window_started_at = case when throttles.window_started_at <= now() - make_interval(secs => ${windowSeconds}) then now() else throttles.window_started_at end
    returning count, ceil(extract(epoch from (window_started_at + make_interval(secs => ${windowSeconds}) - now())))::int as retry_after`);
  if (!row) throw new Error('throttle upsert returned no row');
  return { allowed: Number(row.count) <= limit, retryAfterSeconds: Math.max(1, Number(row.retry_after)), count: Number(row.count) };
}

/** Takes one attempt back (an attempt that turned out to be harmless, such as a right password). */
export async function releaseThrottle(db: Db, key: string): Promise<void> {
  await db.execute(sql`update throttles set count = greatest(count - 1, 0) where key = ${key}`);
}

/** Forgets every attempt counted against `key`. */
export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from throttles where key = ${key}`);
}
