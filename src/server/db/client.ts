import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.js';
import { lockDataFolder } from './data-folder-lock.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.js';
import { countStatements } from './statement-counter.js';
import { watchForOutages } from './outage-witness.js';

/** Both drivers share Drizzle's PostgreSQL base class, so repositories are written once. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** 'embedded': the PostgreSQL this process runs on its data folder; 'postgres': a server at DATABASE_URL. */
export type DbDriver = 'embedded' | 'postgres';

export type DbHandle = {
  db: Db;
  driver: DbDriver;
  /** The PostgreSQL URL, for the few things that need a dedicated connection (LISTEN, the job queue). */
  connectionUrl: string;
  /**
   * Applies the migrations in `migrationsFolder`, then runs `afterMigrate` (the seed), all while
   * holding a cluster-wide lock so that app instances starting together do this one at a time:
   * the first applies a new release's migrations, the next finds them recorded and applies none.
   * Answers how many migrations this call applied.
   */
  prepare(migrationsFolder: string, afterMigrate?: (db: Db) => Promise<void>): Promise<{ applied: number }>;
  /**
   * Runs `run` under the same cluster-wide start-up lock, for start-up work that goes through the
   * app (the demo accounts are created by better-auth on its own connections).
   */
  withStartupLock<T>(run: () => Promise<T>): Promise<T>;
  ping(): Promise<number>;
  /** The pool's connections now: open, idle among them, and requests waiting for one (metrics). */
  poolUse(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

/**
 * How long opening one connection to PostgreSQL may take. While PostgreSQL is down the request that
 * needed it fails with 503 after this instead of hanging (plugins/errors.ts).
 *
 * It bounds the connect only, not the wait for a free connection of the pool: pg-pool's own
 * `connectionTimeoutMillis` bounds both, and a burst of bookings (50 customers racing for one time)
 * on a busy machine waits longer than that for its turn, which is no outage: it would have turned
 * healthy requests into 503s. When PostgreSQL is down, the pool's connections fail within this
 * bound one after the other, so a queued request still fails, only later.
 */
export const CONNECT_TIMEOUT_MS = 3000;

/**
 * A pg client whose connect gives up after CONNECT_TIMEOUT_MS (see there), and whose connection
 * ending outside a statement does not crash the server.
 */
class BoundedConnectClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super({ ...(typeof config === 'string' ? { connectionString: config } : config), connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    // The pool listens for errors only on idle connections. One a transaction holds between two
    // statements when PostgreSQL restarts (57P01) or the network drops it has no statement to
    // fail, so node-postgres emits the error on the connection, and unheard it crashed the
    // process. Heard here, the connection is marked broken: the transaction's next statement fails
    // as a database outage (503) and the pool drops the connection when it is released.
    this.on('error', () => {});
  }
}

// Arbitrary constant shared by every Parlour instance pointing at the same PostgreSQL.
const STARTUP_LOCK_KEY = 7_261_983;

export type OpenDatabaseOptions =
  | { driver: 'postgres'; url: string; poolSize?: number }
  | { driver: 'embedded'; dataDir: string; poolSize?: number; log?: (message: string) => void; disposable?: boolean };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DbHandle> {
  return options.driver === 'postgres'
    ? openPostgres(options.url, options.poolSize ?? 10)
    : openEmbedded(options.dataDir, options.poolSize ?? 10, options.log ?? (() => {}), options.disposable ?? false);
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

async function openEmbedded(dataDir: string, poolSize: number, log: (message: string) => void, disposable: boolean): Promise<DbHandle> {
  await fs.mkdir(dataDir, { recursive: true });
  // Before the database touches the folder: one Parlour server per data folder, and a server that
  // finds the folder free may stop a database left running by a killed one.
  const lock = lockDataFolder(dataDir);
  let server: EmbeddedPostgres;
  try {
    if (existsSync(path.join(dataDir, 'pglite')) && !existsSync(path.join(dataDir, 'postgres'))) {
      log(`${dataDir}/pglite holds the database of an earlier Parlour (PGlite); it is left untouched and a new database starts in ${dataDir}/postgres`);
    }
    server = await startEmbeddedPostgres({ dir: path.join(dataDir, 'postgres'), log, disposable });
  } catch (err) {
    lock.release();
    throw err;
  }
  const handle = await openPostgres(server.url, poolSize);
  return {
    ...handle,
    driver: 'embedded',
    close: async () => {
      try {
        await handle.close();
        await server.stop();
      } finally {
        lock.release();
      }
    },
  };
}

/** How many migrations drizzle has recorded as applied (none before its table exists). */
async function recordedMigrations(conn: pg.PoolClient): Promise<number> {
  // Two statements: a query naming a table that does not exist fails even in a branch not taken.
  const { rows } = await conn.query<{ present: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!rows[0]!.present) return 0;
  return (await conn.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0]!.n;
}

async function openPostgres(url: string, poolSize: number): Promise<DbHandle> {
  // keepAlive: a connection whose server vanished without a FIN is noticed, not waited on for ever.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, keepAlive: true, Client: BoundedConnectClient });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  countStatements(pool, db);
  watchForOutages(pool);
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
          const before = await recordedMigrations(conn);
          await migratePg(lockedDb, { migrationsFolder });
          const applied = (await recordedMigrations(conn)) - before;
          await afterMigrate?.(lockedDb as unknown as Db);
          return { applied };
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
      // Bounded and heard like the pool's: PostgreSQL restarting meanwhile fails the start, not the process.
      const conn = new BoundedConnectClient(url);
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
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}
