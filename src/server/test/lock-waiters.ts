import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/**
 * Takes row locks (`lock`, a `select ... for update`) in a transaction of its own and keeps them
 * until `release` is called: requests sent meanwhile queue behind them, so a test can line up
 * concurrent writers at one point. `then` runs in the same transaction after the release, and
 * `release` answers what it returned once the transaction has committed.
 */
export async function holdRowLocks<T = void>(db: Db, lock: SQL, then?: (tx: Db) => Promise<T>): Promise<{ release: () => Promise<T> }> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let held!: () => void;
  const isHeld = new Promise<void>((resolve) => (held = resolve));
  const holder = db.transaction(async (tx) => {
    await tx.execute(lock);
    held();
    await gate;
    return then ? then(tx) : (undefined as T);
  });
  // A lock statement that fails rejects here, not as a hang.
  await Promise.race([isHeld, holder]);
  return {
    release: () => {
      open();
      return holder;
    },
  };
}

/**
 * Waits until at least `count` sessions of this database wait on a lock (at most about 5 s: a
 * test then goes on and its assertions say what went wrong), so the writers queued behind
 * holdRowLocks are really queued before the locks go.
 */
export async function lockWaiters(db: Db, count: number): Promise<void> {
  const waiting = async () =>
    (await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`))[0]!.n;
  for (let tries = 0; (await waiting()) < count && tries < 250; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
}
