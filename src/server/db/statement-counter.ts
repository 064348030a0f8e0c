import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/**
 * How many SQL statements an app instance has sent to PostgreSQL (BEGIN and COMMIT included: each
 * is a round trip). The statement-budget test and the booking bench read it to keep a request's
 * cost from creeping back; nothing else does. Counting is one increment per query, so it is
 * always on rather than switched.
 */
const counters = new WeakMap<object, { sent: number }>();
/** Who hears of a slow statement through a counted pool, and from how many milliseconds. */
export type SlowQueryWatch = { thresholdMs: number; report: (slow: { statement: string; ms: number }) => void };
const slowWatches = new WeakMap<object, SlowQueryWatch>();

/** Reports `db`'s statements that take `thresholdMs` or more (undefined, or a threshold of 0: none). */
export function watchSlowQueries(db: object, watch: SlowQueryWatch | undefined): void {
  if (watch && watch.thresholdMs > 0) slowWatches.set(db, watch);
  else slowWatches.delete(db);
}

/**
 * A statement as a log may name it: its prepared name (every statement of repositories/prepared.ts
 * and Drizzle's `.prepare()` has one), else the start of its text with the whitespace folded.
 * Never the values: they go apart from the text ($1, $2), and a log travels further than the database.
 */
export function statementName(first: unknown): string {
  if (typeof first === 'object' && first !== null) {
    const { name, text } = first as { name?: unknown; text?: unknown };
    if (typeof name === 'string' && name !== '') return name;
    if (typeof text === 'string') return text.replace(/\s+/g, ' ').trim().slice(0, 80);
  }
  return typeof first === 'string' ? first.replace(/\s+/g, ' ').trim().slice(0, 80) : 'unknown';
}

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
      return timed(db, (query as (...a: unknown[]) => unknown).apply(this, args), args[0]);
    } as typeof client.query;
  });
  pool.on('release', (_err: unknown, client: pg.PoolClient) => held.delete(client));
  const poolQuery = pool.query;
  pool.query = function (this: pg.Pool, ...args: unknown[]) {
    tallyOne();
    // Its connection's own query is given a callback, so it is timed here and only here.
    return timed(db, (poolQuery as (...a: unknown[]) => unknown).apply(this, args), args[0]);
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

/**
 * Reports the statement `first` names when `result` (a query's promise) settles after `db`'s
 * threshold; answers `result` itself. Timed from the call to the answer: a statement queued on its
 * connection behind others counts its wait. A callback-style call (no promise) is not timed.
 */
function timed(db: object, result: unknown, first: unknown): unknown {
  const watch = slowWatches.get(db);
  if (!watch || !(result instanceof Promise)) return result;
  const started = performance.now();
  result.then(
    () => {
      const ms = performance.now() - started;
      if (ms >= watch.thresholdMs) watch.report({ statement: statementName(first), ms: Math.round(ms) });
    },
    // The caller hears of a failure; this branch only keeps it from being unhandled twice.
    () => {},
  );
  return result;
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
