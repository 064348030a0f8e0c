/**
 * Slow statements are logged with their name (issue 30): the prepared statement's, or the start of
 * its text, never its values; fast ones are not.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { watchSlowQueries } from './statement-counter.js';
import { statement } from '../repositories/prepared.js';

let t: TestApp;
const reported: { statement: string; ms: number }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  watchSlowQueries(t.app.db, { thresholdMs: 150, report: (slow) => reported.push(slow) });
});
afterAll(async () => t.close());

const SLOW_NAMED = statement<{ secret: string }, { ok: boolean }>('parlour_test_slow')`select pg_sleep(0.2) is not null as ok, ${'secret'}::text as secret`;

it('names a slow prepared statement and how long it took, and not its values', async () => {
  reported.length = 0;
  await SLOW_NAMED.run(t.app.db, { secret: 'her-password-123' });
  await expect.poll(() => reported.map((r) => r.statement)).toContain('parlour_test_slow');
  const slow = reported.find((r) => r.statement === 'parlour_test_slow')!;
  expect(slow.ms).toBeGreaterThanOrEqual(150);
  expect(JSON.stringify(reported)).not.toContain('her-password-123');
});

it('names an unnamed statement by the start of its text; fast statements are not reported', async () => {
  reported.length = 0;
  await t.app.db.execute(sql`select 1`);
  await t.app.db.execute(sql`select   pg_sleep(0.2),
    ${'another-secret'}::text`);
  await expect.poll(() => reported.length).toBeGreaterThan(0);
  expect(reported.map((r) => r.statement)).toEqual(['select pg_sleep(0.2), $1::text']);
});

it('a threshold of 0 reports nothing', async () => {
  watchSlowQueries(t.app.db, { thresholdMs: 0, report: (slow) => reported.push(slow) });
  reported.length = 0;
  await t.app.db.execute(sql`select pg_sleep(0.2)`);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(reported).toEqual([]);
});
