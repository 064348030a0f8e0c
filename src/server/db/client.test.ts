import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.js';
import type { DbHandle } from './client.js';
import { rowsOf } from './rows.js';
import { isDatabaseUnavailable } from './unavailable.js';

let database: DbHandle;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});

afterAll(async () => {
  await drop();
});

/**
 * A PostgreSQL restart ends every session (57P01). A pool connection that a transaction holds
 * between two statements has no query to hand that error to, so node-postgres emits it on the
 * connection; with nobody listening the whole server crashed (found by scripts/deploy-check.sh
 * restarting PostgreSQL under load). Now only that transaction fails, as a database outage.
 */
it('a connection PostgreSQL ends while a transaction holds it between statements fails the transaction, not the process', async () => {
  const uncaught: unknown[] = [];
  const record = (err: unknown) => uncaught.push(err);
  process.on('uncaughtException', record);
  const killer = new pg.Client({ connectionString: database.connectionUrl });
  await killer.connect();
  try {
    const transaction = database.db.transaction(async (tx) => {
      const [me] = await rowsOf<{ pid: number }>(tx as unknown as typeof database.db, sql`select pg_backend_pid() as pid`);
      await killer.query('select pg_terminate_backend($1)', [me!.pid]);
      // The FATAL arrives while this transaction runs no statement.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.execute(sql`select 1`);
    });
    const failure = await transaction.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(uncaught).toEqual([]);
    // The pool dropped the dead connection: the next query gets a live one.
    expect(await rowsOf<{ one: number }>(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  } finally {
    process.off('uncaughtException', record);
    await killer.end();
  }
});
