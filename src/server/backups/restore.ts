import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { DataFolderInUseError, lockDataFolder } from '../db/data-folder-lock.js';
import { startEmbeddedPostgres, stopLeftOverServer } from '../db/embedded-postgres.js';
import { migrationsFolder } from '../db/prepare.js';
import { copyBackupInto, listTables, qualifiedName, quoteIdent, readBackup, type BackupHeader } from './backup-file.js';
import { migrationHash, migrationsUpTo, readJournal } from './migrations.js';

/** A restore that was not done, and why, in words for the person running it. Nothing was changed. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

export type RestoreOptions = {
  /** The backup file. */
  file: string;
  /** DATA_DIR: its `postgres` folder is replaced. */
  dataDir: string;
  /** Progress, a line at a time. */
  log?: (line: string) => void;
  now?: () => Date;
};

export type RestoreResult = {
  header: BackupHeader;
  /** The migrations newer than the backup that were applied to it. */
  appliedMigrations: string[];
  /** Where the database the restore replaced was moved to, if there was one. */
  keptAside: string | undefined;
  /** What was done, in plain words, a sentence a line. */
  summary: string[];
};

const DATABASE_FOLDER = 'postgres';
const RESTORING_PREFIX = 'postgres-restoring-';

const stampOf = (instant: Date) => instant.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-');
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** What the restored salon holds, in the words of its owner (read with this Parlour's schema). */
type Contents = { services: number; accounts: number; bookings: number; payments: number; images: number };

/**
 * Restores a backup into DATA_DIR: checks the whole file first, then builds a new database beside
 * the current one (the schema as it was when the backup was taken, the rows, then every newer
 * migration), and only then swaps the folders, keeping the replaced one aside. A refusal (a server
 * using the folder, a damaged or foreign file, a backup from a newer Parlour) changes nothing.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => {});
  const now = options.now ?? (() => new Date());
  const dataDir = path.resolve(options.dataDir);
  const file = path.resolve(options.file);
  const label = path.basename(file);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new RestoreRefusedError(`There is no backup file at ${file}. Nothing was changed.`);

  log(`Checking ${label} from end to end...`);
  const header = await readBackup(file);
  const journal = readJournal();
  const backupMigration = journal.find((entry) => entry.when === header.migration.when);
  const newest = journal.at(-1);
  if (!backupMigration || !newest) {
    const taken = header.migration.tag ?? `a migration dated ${new Date(header.migration.when).toISOString()}`;
    if (!newest || header.migration.when > newest.when) {
      throw new RestoreRefusedError(
        `${label} was taken by a newer Parlour (${header.appVersion}, at ${taken}) than this one, whose newest migration is ${newest?.tag ?? 'none'}. ` +
          'Update Parlour, then restore it. Nothing was changed.',
      );
    }
    throw new RestoreRefusedError(`${label} was taken at ${taken}, which this Parlour does not have: it cannot be restored here. Nothing was changed.`);
  }
  if (migrationHash(backupMigration.tag) !== header.migration.hash) {
    throw new RestoreRefusedError(
      `${label} was taken at migration ${backupMigration.tag}, but its SQL differs from this Parlour's file of that name: it cannot be restored here. Nothing was changed.`,
    );
  }

  fs.mkdirSync(dataDir, { recursive: true });
  let lock;
  try {
    lock = lockDataFolder(dataDir);
  } catch (err) {
    if (err instanceof DataFolderInUseError) {
      throw new RestoreRefusedError(
        `A Parlour server is using the data folder ${dataDir} (pid ${err.pid}). Stop it, then run the restore again. Nothing was changed.`,
      );
    }
    throw err;
  }

  const stamp = stampOf(now());
  const restoring = path.join(dataDir, `${RESTORING_PREFIX}${stamp}`);
  try {
    // An earlier restore that was interrupted left its half-built database: we hold the lock, it is ours.
    for (const name of fs.readdirSync(dataDir)) {
      if (name.startsWith(RESTORING_PREFIX)) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
    }
    const current = path.join(dataDir, DATABASE_FOLDER);
    // A server killed without stopping its database leaves it running on the folder to be moved.
    if (fs.existsSync(current)) await stopLeftOverServer(current, log);

    log(`Creating a new database in ${restoring}...`);
    const server = await startEmbeddedPostgres({ dir: restoring, log });
    let appliedMigrations: string[];
    let contents: Contents;
    try {
      ({ appliedMigrations, contents } = await buildRestoredDatabase(server.url, file, header, backupMigration, log));
    } finally {
      await server.stop();
    }

    let keptAside: string | undefined;
    if (fs.existsSync(current)) {
      keptAside = path.join(dataDir, `postgres-before-restore-${stamp}`);
      fs.renameSync(current, keptAside);
    }
    try {
      fs.renameSync(restoring, current);
    } catch (err) {
      if (keptAside) fs.renameSync(keptAside, current);
      throw err;
    }

    const taken = new Date(header.createdAt).toUTCString();
    const totalRows = header.tables.reduce((sum, t) => sum + t.rows, 0);
    const summary = [
      `Restored ${label}, taken ${taken} by Parlour ${header.appVersion} at migration ${backupMigration.tag}: ${plural(header.tables.length, 'table')}, ${plural(totalRows, 'row')}.`,
      appliedMigrations.length > 0
        ? `It was brought up to this Parlour's schema with ${plural(appliedMigrations.length, 'newer migration')}: ${appliedMigrations.join(', ')}.`
        : 'It was taken at this Parlour’s newest migration; no migration was needed.',
      keptAside
        ? `The database that was in ${current} is kept aside in ${keptAside}; delete that folder once you are happy with the restore.`
        : `${dataDir} held no database before; nothing was replaced.`,
      `${dataDir} now holds the restored salon: ${plural(contents.services, 'service')}, ${plural(contents.accounts, 'account')}, ` +
        `${plural(contents.bookings, 'booking')}, ${plural(contents.payments, 'payment')} and ${plural(contents.images, 'uploaded image')}. Start the server to use it.`,
    ];
    return { header, appliedMigrations, keptAside, summary };
  } catch (err) {
    fs.rmSync(restoring, { recursive: true, force: true });
    throw err;
  } finally {
    lock.release();
  }
}

/**
 * In the new database: the schema as of the backup's migration, its rows, its sequences, then the
 * newer migrations. Answers the tags of those.
 */
async function buildRestoredDatabase(
  url: string,
  file: string,
  header: BackupHeader,
  backupMigration: { idx: number; tag: string; when: number },
  log: (line: string) => void,
): Promise<{ appliedMigrations: string[]; contents: Contents }> {
  const client = new pg.Client({ connectionString: url, application_name: 'parlour-restore' });
  await client.connect();
  try {
    const db = drizzle({ client });
    const cut = migrationsUpTo(backupMigration);
    try {
      log(`Building the schema as it was at migration ${backupMigration.tag}...`);
      await migrate(db, { migrationsFolder: cut.folder });
    } finally {
      cut.remove();
    }

    const built = new Map((await listTables(client)).map((t) => [`${t.schema}.${t.table}`, [...t.columns].sort().join(',')]));
    const expected = new Map(header.tables.map((t) => [`${t.schema}.${t.table}`, [...t.columns].sort().join(',')]));
    const differing = [...new Set([...built.keys(), ...expected.keys()])].filter((name) => built.get(name) !== expected.get(name));
    if (differing.length > 0) {
      throw new RestoreRefusedError(
        `The tables in ${path.basename(file)} do not match those of migration ${backupMigration.tag} (${differing.join(', ')}): it cannot be restored. Nothing was changed.`,
      );
    }

    log(`Loading ${plural(header.tables.reduce((sum, t) => sum + t.rows, 0), 'row')}...`);
    await client.query('begin');
    try {
      // The rows come from one consistent snapshot; checking each reference on the way in would
      // only force a load order (replica mode skips the foreign-key triggers, as pg_restore does).
      await client.query("set local session_replication_role = 'replica'");
      await client.query(`truncate ${header.tables.map(qualifiedName).join(', ')}`);
      await copyBackupInto(client, file);
      for (const s of header.sequences) {
        await client.query('select setval($1::regclass, $2::bigint, $3)', [`${quoteIdent(s.schema)}.${quoteIdent(s.name)}`, s.lastValue, s.isCalled]);
      }
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    }
    for (const t of header.tables) {
      const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${qualifiedName(t)}`);
      if (Number(rows[0]!.n) !== t.rows) throw new Error(`${t.schema}.${t.table} holds ${rows[0]!.n} rows after loading, not ${t.rows}.`);
    }

    const newer = readJournal().filter((entry) => entry.when > backupMigration.when).map((entry) => entry.tag);
    if (newer.length > 0) log(`Applying ${plural(newer.length, 'newer migration')}: ${newer.join(', ')}...`);
    await migrate(db, { migrationsFolder });

    const { rows } = await client.query<Record<keyof Contents, string>>(
      `select (select count(*) from services where deleted_at is null) as services, (select count(*) from "user") as accounts,
              (select count(*) from bookings) as bookings, (select count(*) from payments) as payments,
              (select count(*) from uploads where original_key is null) as images`,
    );
    const counted = rows[0]!;
    const contents: Contents = {
      services: Number(counted.services),
      accounts: Number(counted.accounts),
      bookings: Number(counted.bookings),
      payments: Number(counted.payments),
      images: Number(counted.images),
    };
    return { appliedMigrations: newer, contents };
  } finally {
    await client.end();
  }
}
