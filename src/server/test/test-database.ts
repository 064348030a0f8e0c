import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DbHandle } from '../db/client.js';
import { loadConfig } from '../env.js';

/** Whether the server suites run on a real PostgreSQL (DATABASE_URL) rather than PGlite. */
export function usesPostgres(): boolean {
  return Boolean(process.env.DATABASE_URL);
}

/**
 * A fresh, empty database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by DATABASE_URL (dropped again by `drop`).
 */
export async function createTestDatabase(): Promise<{ database: DbHandle; drop: () => Promise<void> }> {
  const { databaseUrl } = loadConfig(process.env);
  if (!databaseUrl) {
    const database = await openDatabase({ driver: 'pglite' });
    return { database, drop: () => database.close() };
  }

  const name = `parlour_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 20 });
  return {
    database,
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: databaseUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
