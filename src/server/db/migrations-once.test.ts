import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { appendMigration, migrationHash, migrationsUpTo, readJournal } from '../backups/migrations.js';
import { createTestDatabase } from '../test/test-database.js';
import { openDatabase, type DbHandle } from './client.js';
import { rowsOf } from './rows.js';

/**
 * An update restarts the instances onto a release that brings a new migration. Two instances may
 * start at once (both units after a reboot, or `systemctl restart parlour@3001 parlour@3002`): the
 * first applies the migration and the other, waiting on the start-up lock, finds it recorded.
 * Without the lock both read the same last recorded migration and both apply the new one: the
 * second's ALTER TABLE fails on the column the first added, and that instance does not start.
 */
let first: DbHandle;
let second: DbHandle;
let drop: () => Promise<void>;
let release: { folder: string; remove: () => void };

beforeAll(async () => {
  ({ database: first, drop } = await createTestDatabase());
  // A second instance: its own pool on the same database.
  second = await openDatabase({ driver: 'postgres', url: first.connectionUrl, poolSize: 2 });
  release = migrationsUpTo(readJournal().at(-1)!);
});

afterAll(async () => {
  release?.remove();
  await second?.close();
  await drop?.();
});

it("a new release's migration is applied once when two instances start together", async () => {
  expect(await first.prepare(release.folder)).toEqual({ applied: readJournal().length });

  const probe = appendMigration(release.folder, '9999_release_probe', [
    'ALTER TABLE "bookings" ADD COLUMN "release_probe" text;',
    // Long enough that the other instance reads the recorded migrations while this one runs.
    'SELECT pg_sleep(0.5);',
  ]);
  const started = await Promise.all([first.prepare(release.folder), second.prepare(release.folder)]);
  expect(started.map((s) => s.applied).sort()).toEqual([0, 1]);

  const recorded = await rowsOf<{ n: number }>(first.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations where hash = ${migrationHash(probe.tag, release.folder)}`);
  expect(recorded).toEqual([{ n: 1 }]);
  const column = await rowsOf<{ n: number }>(first.db, sql`select count(*)::int as n from information_schema.columns where table_name = 'bookings' and column_name = 'release_probe'`);
  expect(column).toEqual([{ n: 1 }]);
  expect(fs.existsSync(`${release.folder}/${probe.tag}.sql`)).toBe(true);
});
