import type { SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/** The rows of a raw SQL query, typed by the caller: Drizzle's `execute` answers pg's result ({ rows }) without a row type. */
export async function rowsOf<Row = Record<string, unknown>>(db: Db, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as { rows: Row[] }).rows;
}
