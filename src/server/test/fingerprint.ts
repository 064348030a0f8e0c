import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/**
 * A fingerprint of every row of the salon's tables, for suites that check a refused request
 * changed nothing. Left out: tables a refused request may rightly touch (attempt counters, rate
 * limits, sessions, one-time tokens) or that background work fills later (the outbox).
 */
export async function salonFingerprint(db: Db): Promise<string> {
  const volatile = ['throttles', 'rate_limit', 'session', 'verification', 'outbox', 'app_meta'];
  const tables = await rowsOf<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '%drizzle%' order by table_name`,
  );
  const parts: string[] = [];
  for (const { table_name: name } of tables) {
    if (volatile.includes(name)) continue;
    const [row] = await rowsOf<{ n: number; h: string }>(
      db,
      sql`select count(*)::int as n, coalesce(md5(string_agg(md5(r::text), '' order by md5(r::text))), '') as h from ${sql.identifier(name)} r`,
    );
    parts.push(`${name}:${row!.n}:${row!.h}`);
  }
  return parts.join('|');
}
