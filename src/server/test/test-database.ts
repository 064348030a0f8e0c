import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DbHandle } from '../db/client.js';

/**
 * The PostgreSQL server the suites run on: the one DATABASE_URL names (CI runs them again on
 * PostgreSQL 15), or else the embedded PostgreSQL that the suite's global set-up started
 * (src/server/test/global-setup.ts), the same engine `npm start` runs.
 */
export function testServerUrl(): string {
  return process.env.DATABASE_URL ?? inject('testDatabaseUrl');
}

/** A fresh, empty database for one test file on that server (dropped again by `drop`). */
export async function createTestDatabase(): Promise<{ database: DbHandle; drop: () => Promise<void> }> {
  const serverUrl = testServerUrl();
  const name = `parlour_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ driver: 'postgres', url: withDatabase(serverUrl, name), poolSize: 20 });
  return {
    database,
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** The same server URL naming another database (the socket folder of the embedded one stays). */
export function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
