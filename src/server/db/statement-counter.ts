import type pg from 'pg';

/**
 * How many SQL statements an app instance has sent to PostgreSQL (BEGIN and COMMIT included: each
 * is a round trip). The statement-budget test and the booking bench read it to keep a request's
 * cost from creeping back; nothing else does. Counting is one increment per query, so it is
 * always on rather than switched.
 */
const counters = new WeakMap<object, { sent: number }>();

/**
 * Counts every query sent through `pool`'s connections (pool.query borrows one too), and files
 * the count under `db`, the Drizzle handle the app and the tests hold.
 */
export function countStatements(pool: pg.Pool, db: object): void {
  const counter = { sent: 0 };
  counters.set(db, counter);
  pool.on('connect', (client) => {
    const query = client.query;
    // pg's query has many overloads; the wrapper passes whatever it was given straight through.
    client.query = function (this: pg.PoolClient, ...args: unknown[]) {
      counter.sent += 1;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof client.query;
  });
}

/** Statements sent so far through `db`'s pool; undefined when it is not counted (PGlite). */
export function statementsSent(db: object): number | undefined {
  return counters.get(db)?.sent;
}
