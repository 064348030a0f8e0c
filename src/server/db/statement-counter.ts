import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/**
 * How many SQL statements an app instance has sent to PostgreSQL (BEGIN and COMMIT included: each
 * is a round trip). The statement-budget test and the booking bench read it to keep a request's
 * cost from creeping back; nothing else does. Counting is one increment per query, so it is
 * always on rather than switched.
 */
const counters = new WeakMap<object, { sent: number }>();
/** The tally of `statementsDuring`'s caller, carried along its async calls. */
const scope = new AsyncLocalStorage<{ sent: number }>();

/**
 * Counts every query sent through `pool`'s connections (pool.query borrows one too), and files
 * the count under `db`, the Drizzle handle the app and the tests hold.
 */
export function countStatements(pool: pg.Pool, db: object): void {
  const counter = { sent: 0 };
  counters.set(db, counter);
  // pg-pool runs pool.query on a connection it hands over in a callback, where the caller's
  // async context is lost: that path is tallied when it is called, and a connection's own
  // queries only while a caller holds it (pool.connect() without a callback: a transaction).
  const held = new WeakSet<pg.PoolClient>();
  const tallyOne = () => {
    const tally = scope.getStore();
    if (tally) tally.sent += 1;
  };
  pool.on('connect', (client) => {
    const query = client.query;
    // pg's query has many overloads; the wrappers pass whatever they were given straight through.
    client.query = function (this: pg.PoolClient, ...args: unknown[]) {
      counter.sent += 1;
      if (held.has(client)) tallyOne();
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof client.query;
  });
  pool.on('release', (_err: unknown, client: pg.PoolClient) => held.delete(client));
  const poolQuery = pool.query;
  pool.query = function (this: pg.Pool, ...args: unknown[]) {
    tallyOne();
    return (poolQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pool.query;
  const connect = pool.connect;
  pool.connect = function (this: pg.Pool, ...args: unknown[]) {
    if (args.length > 0) return (connect as (...a: unknown[]) => unknown).apply(this, args);
    return (connect as () => Promise<pg.PoolClient>).call(this).then((client) => {
      held.add(client);
      return client;
    });
  } as typeof pool.connect;
}

/** Statements sent so far through `db`'s pool; undefined when its pool is not counted. */
export function statementsSent(db: object): number | undefined {
  return counters.get(db)?.sent;
}

/**
 * Runs `run` and answers how many statements it sent, through any counted pool, itself: what it
 * awaits (requests through app.inject included) counts, work running beside it (the job queue's
 * worker, a timer) does not. Only for a run whose queries find a free connection: one that waits
 * for a connection another caller frees may be counted to that caller.
 */
export async function statementsDuring<T>(run: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const tally = { sent: 0 };
  // Awaited inside: a lazy promise (Drizzle's queries, app.inject) starts only when awaited.
  const result = await scope.run(tally, async () => await run());
  return { result, statements: tally.sent };
}
