import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/** Rows of a table counted by their status column, for the metrics page's gauges. */
export async function countByStatus(db: Db, table: 'bookings' | 'payments' | 'outbox'): Promise<{ status: string; n: number }[]> {
  return rowsOf(db, sql`select status, count(*)::int as n from ${sql.identifier(table)} group by status`);
}

/**
 * Jobs no worker holds yet ('created' and 'retry' in pg-boss's table), by queue, with the age in
 * seconds of the oldest.
 */
export async function queuedJobs(db: Db): Promise<{ name: string; n: number; oldest: number }[]> {
  return rowsOf(
    db,
    sql`select name, count(*)::int as n, extract(epoch from now() - min(created_on))::float8 as oldest
        from pgboss.job where state in ('created', 'retry') group by name`,
  );
}
