import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase, type DbHandle } from '../db/client.js';
import { onServer, withDatabase } from './database-server.js';

/**
 * The PostgreSQL server the suites run on: the one DATABASE_URL names (CI runs them again on
 * PostgreSQL 15), or else the embedded PostgreSQL that the suite's global set-up started
 * (src/server/test/global-setup.ts), the same engine `npm start` runs.
 */
export function testServerUrl(): string {
  return process.env.DATABASE_URL ?? inject('testDatabaseUrl');
}

/**
 * A fresh database for one test file on that server (dropped again by `drop`): empty, or with
 * `migrated`, a copy of the run's template that every migration has been applied to (the suites
 * that test migrating itself ask for an empty one).
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<{ database: DbHandle; drop: () => Promise<void> }> {
  const serverUrl = testServerUrl();
  const name = `parlour_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (admin) => admin.query(options.migrated ? `create database ${name} template ${inject('migratedTemplate')}` : `create database ${name}`));
  const database = await openDatabase({ driver: 'postgres', url: withDatabase(serverUrl, name), poolSize: 20 });
  return {
    database,
    drop: async () => {
      await database.close();
      await onServer(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}
