import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.js';
import { lockDataFolder, type DataFolderLock } from './data-folder-lock.js';

/** Both drivers share Drizzle's PostgreSQL base class, so repositories are written once. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbDriver = 'pglite' | 'postgres';

export type DbHandle = {
  db: Db;
  driver: DbDriver;
  /** The PostgreSQL URL, for the few things that need a dedicated connection (LISTEN). */
  connectionUrl?: string;
  /**
   * Applies the migrations in `migrationsFolder`, then runs `afterMigrate` (the seed), all while
   * holding a cluster-wide lock so that app instances starting together do this one at a time.
   */
  prepare(migrationsFolder: string, afterMigrate?: (db: Db) => Promise<void>): Promise<void>;
  /**
   * Runs `run` under the same cluster-wide start-up lock, for start-up work that goes through the
   * app (the demo accounts are created by better-auth on its own connections).
   */
  withStartupLock<T>(run: () => Promise<T>): Promise<T>;
  ping(): Promise<number>;
  close(): Promise<void>;
};

// Arbitrary constant shared by every Parlour instance pointing at the same PostgreSQL.
const STARTUP_LOCK_KEY = 7_261_983;

export type OpenDatabaseOptions =
  | { driver: 'postgres'; url: string; poolSize?: number }
  | { driver: 'pglite'; dataDir?: string };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DbHandle> {
  return options.driver === 'postgres' ? openPostgres(options.url, options.poolSize ?? 10) : openPglite(options.dataDir);
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

async function openPglite(dataDir: string | undefined): Promise<DbHandle> {
  let client: PGlite;
  let lock: DataFolderLock | undefined;
  if (dataDir) {
    await fs.mkdir(dataDir, { recursive: true });
    // Before PGlite touches the files: a second process on the same folder would corrupt them.
    lock = lockDataFolder(dataDir);
    try {
      client = await PGlite.create(path.join(dataDir, 'pglite'));
    } catch (err) {
      lock.release();
      throw err;
    }
  } else {
    client = await PGlite.create(); // in memory: tests and benchmarks
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    // PGlite is a single connection inside this process: nothing else can migrate concurrently.
    async prepare(migrationsFolder, afterMigrate) {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
      await afterMigrate?.(db);
    },
    withStartupLock: (run) => run(),
    ping: () => timed(() => client.query('select 1')),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<DbHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    connectionUrl: url,
    async prepare(migrationsFolder, afterMigrate) {
      // The advisory lock belongs to one connection, so everything runs on the same one.
      const conn = await pool.connect();
      try {
        const lockedDb = drizzlePg({ client: conn, schema });
        await lockedDb.execute(sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`);
        try {
          await migratePg(lockedDb, { migrationsFolder });
          await afterMigrate?.(lockedDb as unknown as Db);
        } finally {
          await lockedDb.execute(sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`);
        }
      } finally {
        conn.release();
      }
    },
    async withStartupLock(run) {
      // A connection of its own, outside the pool: `run` needs the pool's connections, and a pool
      // of one (DATABASE_POOL_SIZE=1) would otherwise wait for itself.
      const conn = new pg.Client({ connectionString: url });
      await conn.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await run();
      } finally {
        // Ending the session releases its advisory lock as well.
        await conn.end();
      }
    },
    ping: () => timed(() => pool.query('select 1')),
    close: () => pool.end(),
  };
}
