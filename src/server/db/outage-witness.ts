import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { isDatabaseUnavailable } from './unavailable.js';

/**
 * Whether the request being served met a database outage (a statement or a connection that
 * failed as isDatabaseUnavailable says). Needed because a library between the request and the
 * database may turn that failure into an error of its own: better-auth answers a session read or a
 * sign-in that could not reach PostgreSQL with its own 500 ('Failed to get session'), the cause
 * dropped. Such a request answers 503, as every other request does while the database is away
 * (found by scripts/deploy-check.sh restarting PostgreSQL under load: sign-ins and signed-in
 * requests answered 500).
 */
const witness = new AsyncLocalStorage<{ met: boolean }>();

/** What a request that could not reach the database is told (503, Retry-After: 5). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The server cannot reach its database just now. Please try again in a moment.';

/** Runs `next` (the rest of a request) with a fresh witness. */
export function witnessOutages(next: () => void): void {
  witness.run({ met: false }, next);
}

export function metDatabaseOutage(): boolean {
  return witness.getStore()?.met ?? false;
}

function note(err: unknown): void {
  if (!isDatabaseUnavailable(err)) return;
  const store = witness.getStore();
  if (store) store.met = true;
}

/**
 * Watches every statement sent through `pool` (its own `query`, and each connection's when
 * checked out, as Drizzle's transactions use them) for outage failures. The promise handed back
 * is the statement's own rejection passed on, so a failure nobody awaits still surfaces as one.
 */
export function watchForOutages(pool: pg.Pool): void {
  const watched = <F extends (...args: never[]) => unknown>(query: F): F =>
    function (this: unknown, ...args: Parameters<F>) {
      const answer = query.apply(this, args);
      if (!(answer instanceof Promise)) return answer;
      return answer.then(undefined, (err: unknown) => {
        note(err);
        throw err;
      });
    } as F;
  pool.query = watched(pool.query);
  pool.on('connect', (client) => {
    client.query = watched(client.query);
  });
}
