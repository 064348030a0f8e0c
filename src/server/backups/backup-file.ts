import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { z } from 'zod';

/**
 * The backup file of the embedded database: one gzip stream holding
 *
 *   1. a header line (JSON): what the file is, which Parlour and which migration wrote it, and
 *      every table with its columns and its number of rows;
 *   2. each table's rows in PostgreSQL's COPY text format, in the header's order: one line per
 *      row (COPY escapes the newlines inside values), so the row counts frame the tables;
 *   3. a closing line (JSON) with the SHA-256 of every byte before it.
 *
 * The checksum closes the file rather than opening it so that the file is written in one pass
 * as the rows stream out of the database; a file cut short has no closing line and is refused.
 *
 * The embedded PostgreSQL packages ship no pg_dump, and a copy of the data folder taken while the
 * server runs is not consistent: so the backup is taken through SQL, every table read in one
 * REPEATABLE READ transaction (one snapshot: a booking and its payment are both in it or both out).
 */

export const BACKUP_FORMAT = 'parlour-backup';
/** Raised when the layout changes; a reader refuses files of a later version than it knows. */
export const BACKUP_FORMAT_VERSION = 1;
/**
 * The schemas a backup holds: every table of the app and of better-auth (public), and drizzle's
 * record of the applied migrations. pg-boss's queue (schema pgboss) is left out on purpose: what it
 * holds is e-mails about to go out, and a restore returns the salon to an earlier day, when those
 * e-mails would be stale (a reminder for a visit already past); reminders are found again from
 * bookings.reminder_sent_at, and pg-boss recreates its schema when the server starts.
 */
export const BACKED_UP_SCHEMAS = ['public', 'drizzle'] as const;

const tableSchema = z.object({
  schema: z.string().min(1),
  table: z.string().min(1),
  columns: z.array(z.string().min(1)).min(1),
  rows: z.number().int().min(0),
});
const sequenceSchema = z.object({ schema: z.string().min(1), name: z.string().min(1), lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() });
const migrationSchema = z.object({
  /** The migration file's name in drizzle/, when the Parlour that wrote the backup knew it. */
  tag: z.string().nullable(),
  /** Its `when` in drizzle/meta/_journal.json: drizzle's own key for it. */
  when: z.number().int(),
  /** SHA-256 of its SQL, as drizzle records it. */
  hash: z.string(),
});
const headerSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().min(1),
  appVersion: z.string(),
  createdAt: z.iso.datetime(),
  kind: z.enum(['manual', 'scheduled']),
  postgresVersion: z.string(),
  migration: migrationSchema,
  tables: z.array(tableSchema),
  sequences: z.array(sequenceSchema),
});
const trailerSchema = z.object({ end: z.literal(BACKUP_FORMAT), sha256: z.string().regex(/^[0-9a-f]{64}$/) });

export type BackupTable = z.infer<typeof tableSchema>;
export type BackupHeader = z.infer<typeof headerSchema>;
export type BackupMigration = z.infer<typeof migrationSchema>;

/** Why a file cannot be restored, in words for the person restoring it. */
export class BackupFileError extends Error {
  constructor(
    message: string,
    public readonly reason: 'foreign' | 'damaged' | 'newer',
  ) {
    super(message);
    this.name = 'BackupFileError';
  }
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const qualifiedName = (t: { schema: string; table: string }) => `${quoteIdent(t.schema)}.${quoteIdent(t.table)}`;
const NEWLINE = 0x0a;

function countNewlines(chunk: Buffer): number {
  let count = 0;
  for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) count += 1;
  return count;
}

type CatalogTable = { oid: number; schema: string; table: string; columns: string[] };

/**
 * The tables of the backed-up schemas with their copyable columns (generated columns are computed
 * again on load), referenced tables before the tables that refer to them.
 */
export async function listTables(client: pg.ClientBase): Promise<CatalogTable[]> {
  const schemas = [...BACKED_UP_SCHEMAS];
  const { rows: tables } = await client.query<{ oid: number; schema: string; table: string }>(
    `select c.oid::int as oid, n.nspname as schema, c.relname as table
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind = 'r'
      order by n.nspname, c.relname`,
    [schemas],
  );
  const { rows: columns } = await client.query<{ oid: number; name: string }>(
    `select attrelid::int as oid, attname as name from pg_attribute
      where attrelid = any($1) and attnum > 0 and not attisdropped and attgenerated = ''
      order by attrelid, attnum`,
    [tables.map((t) => t.oid)],
  );
  const { rows: references } = await client.query<{ child: number; parent: number }>(
    `select conrelid::int as child, confrelid::int as parent from pg_constraint
      where contype = 'f' and conrelid = any($1) and conrelid <> confrelid`,
    [tables.map((t) => t.oid)],
  );
  const byOid = new Map(tables.map((t) => [t.oid, { ...t, columns: [] as string[] }]));
  for (const column of columns) byOid.get(column.oid)?.columns.push(column.name);
  // Parents first (depth-first, in name order); a reference cycle is simply cut where it closes.
  const ordered: CatalogTable[] = [];
  const state = new Map<number, 'visiting' | 'done'>();
  const visit = (oid: number) => {
    if (state.has(oid)) return;
    state.set(oid, 'visiting');
    for (const ref of references) if (ref.child === oid && byOid.has(ref.parent)) visit(ref.parent);
    state.set(oid, 'done');
    ordered.push(byOid.get(oid)!);
  };
  for (const t of tables) visit(t.oid);
  return ordered;
}

/** The journal entries of drizzle/meta/_journal.json that a backup's migration is looked up in. */
export type JournalEntry = { idx: number; tag: string; when: number };

export type WriteBackupInfo = {
  appVersion: string;
  createdAt: Date;
  kind: 'manual' | 'scheduled';
  journal: readonly JournalEntry[];
};

/**
 * Writes a backup of the database `client` is connected to into `file` (gzip), from one snapshot.
 * Answers the header it wrote. The client must not be in a transaction.
 */
export async function writeBackup(client: pg.ClientBase, file: string, info: WriteBackupInfo): Promise<BackupHeader> {
  const gzip = createGzip();
  const written = pipeline(gzip, fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  // A failure below destroys the gzip stream; the caller hears the first error, not this one.
  written.catch(() => undefined);
  const hash = createHash('sha256');
  const write = async (chunk: Buffer | string) => {
    hash.update(chunk);
    if (!gzip.write(chunk)) await Promise.race([once(gzip, 'drain'), written]);
  };

  try {
    await client.query('begin isolation level repeatable read read only');
    try {
      const tables = await listTables(client);
      const counts: number[] = [];
      for (const t of tables) {
        const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${qualifiedName(t)}`);
        counts.push(Number(rows[0]!.n));
      }
      const { rows: sequences } = await client.query<{ schema: string; name: string }>(
        `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = any($1) and c.relkind = 'S' order by 1, 2`,
        [[...BACKED_UP_SCHEMAS]],
      );
      const sequenceStates = [];
      for (const s of sequences) {
        // Sequences are outside transactions: read now, each is at or past every value the
        // snapshot's rows hold, which is all a restore needs.
        const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
          `select last_value::text, is_called from ${quoteIdent(s.schema)}.${quoteIdent(s.name)}`,
        );
        sequenceStates.push({ schema: s.schema, name: s.name, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
      }
      const { rows: applied } = await client.query<{ hash: string; created_at: string }>(
        'select hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1',
      );
      const last = applied[0];
      if (!last) throw new Error('The database has no migrations applied: there is nothing to back up.');
      const when = Number(last.created_at);
      const { rows: version } = await client.query<{ server_version: string }>('show server_version');
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        formatVersion: BACKUP_FORMAT_VERSION,
        appVersion: info.appVersion,
        createdAt: info.createdAt.toISOString(),
        kind: info.kind,
        postgresVersion: version[0]!.server_version,
        migration: { tag: info.journal.find((e) => e.when === when)?.tag ?? null, when, hash: last.hash },
        tables: tables.map((t, i) => ({ schema: t.schema, table: t.table, columns: t.columns, rows: counts[i]! })),
        sequences: sequenceStates,
      };
      await write(`${JSON.stringify(header)}\n`);
      for (const t of header.tables) {
        const columns = t.columns.map(quoteIdent).join(', ');
        let lines = 0;
        for await (const chunk of client.query(copyTo(`copy ${qualifiedName(t)} (${columns}) to stdout`)) as AsyncIterable<Buffer>) {
          lines += countNewlines(chunk);
          await write(chunk);
        }
        // The same snapshot counted them: a difference means the file would not frame its tables.
        if (lines !== t.rows) throw new Error(`${t.schema}.${t.table}: counted ${t.rows} rows but copied ${lines}`);
      }
      await client.query('commit');
      const trailer = { end: BACKUP_FORMAT, sha256: hash.digest('hex') };
      gzip.end(`${JSON.stringify(trailer)}\n`);
      await written;
      // On disk before anyone is told it exists.
      const handle = await fs.promises.open(file, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      return header;
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    }
  } catch (err) {
    gzip.destroy();
    await written.catch(() => undefined);
    await fs.promises.rm(file, { force: true });
    throw err;
  }
}

/** Called with each table's rows (COPY text, whole lines) as the file is read, in the file's order. */
export type BackupVisitor = {
  tableStart?(table: BackupTable): Promise<void> | void;
  tableData?(chunk: Buffer): Promise<void> | void;
  tableEnd?(table: BackupTable): Promise<void> | void;
};

const HEADER_LIMIT = 4 * 1024 * 1024;
const TRAILER_LIMIT = 1024;
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

const foreignFile = (label: string, why: string) => new BackupFileError(`${label} is not a Parlour backup (${why}).`, 'foreign');
const damagedFile = (label: string, why: string) => new BackupFileError(`${label} is damaged (${why}): it cannot be restored.`, 'damaged');
/** Broken before its header could be read: a damaged backup, or some other compressed file. */
const unreadable = (label: string, err: unknown) =>
  new BackupFileError(`${label} cannot be read: it is damaged or is not a Parlour backup (${(err as Error).message}).`, 'damaged');

function parseHeader(line: Buffer, label: string): BackupHeader {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line.toString('utf8'));
  } catch {
    throw foreignFile(label, 'it does not start with a Parlour backup header');
  }
  if (typeof parsed !== 'object' || parsed === null || (parsed as { format?: unknown }).format !== BACKUP_FORMAT) {
    throw foreignFile(label, 'it does not start with a Parlour backup header');
  }
  const version = (parsed as { formatVersion?: unknown }).formatVersion;
  if (typeof version === 'number' && version > BACKUP_FORMAT_VERSION) {
    throw new BackupFileError(
      `${label} was written by a newer Parlour (backup format ${version}; this one reads up to ${BACKUP_FORMAT_VERSION}). Update Parlour, then restore it.`,
      'newer',
    );
  }
  const checked = headerSchema.safeParse(parsed);
  if (!checked.success) throw damagedFile(label, 'its header is incomplete');
  return checked.data;
}

async function startsWithGzipMagic(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(2);
    const { bytesRead } = await handle.read(buffer, 0, 2, 0);
    return bytesRead === 2 && buffer.equals(GZIP_MAGIC);
  } finally {
    await handle.close();
  }
}

/**
 * Reads a backup file from end to end, checking everything the format promises (its kind, its
 * version, every table's row count, the checksum), and answers its header. A visitor receives the
 * rows as they are read; the checksum is only known at the end, so a caller loading them must
 * keep that work undone (a transaction) until this returns.
 */
export async function readBackup(file: string, visitor: BackupVisitor = {}): Promise<BackupHeader> {
  const label = path.basename(file);
  const damaged = (why: string) => damagedFile(label, why);

  if (!(await startsWithGzipMagic(file))) throw foreignFile(label, 'it is not a gzip file');
  const gunzip = createGunzip();
  pipeline(fs.createReadStream(file), gunzip).catch(() => undefined);
  const chunks = gunzip[Symbol.asyncIterator]() as AsyncIterator<Buffer>;

  const hash = createHash('sha256');
  let header: BackupHeader | undefined;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let tableIndex = -1;
  let rowsLeft = 0;
  let trailerRead = false;

  const openNextTable = async () => {
    // Tables without rows open and close at once.
    for (;;) {
      tableIndex += 1;
      const table = header!.tables[tableIndex];
      if (!table) return;
      await visitor.tableStart?.(table);
      rowsLeft = table.rows;
      if (rowsLeft > 0) return;
      await visitor.tableEnd?.(table);
    }
  };

  for (;;) {
    let next: IteratorResult<Buffer>;
    try {
      next = await chunks.next();
    } catch (err) {
      // A byte changed or lost in the compressed stream: zlib's own checks catch most of it.
      throw header ? damaged(`the compressed data is broken: ${(err as Error).message}`) : unreadable(label, err);
    }
    if (next.done) break;
    let chunk = next.value;

    if (!header) {
      const newline = chunk.indexOf(NEWLINE);
      if (newline === -1) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes > HEADER_LIMIT) throw foreignFile(label, 'it does not start with a Parlour backup header');
        continue;
      }
      const line = Buffer.concat([...pending, chunk.subarray(0, newline + 1)]);
      pending = [];
      pendingBytes = 0;
      header = parseHeader(line.subarray(0, line.length - 1), label);
      hash.update(line);
      chunk = chunk.subarray(newline + 1);
      await openNextTable();
    }

    let at = 0;
    while (at < chunk.length && tableIndex < header.tables.length) {
      let end = at;
      while (rowsLeft > 0) {
        const newline = chunk.indexOf(NEWLINE, end);
        if (newline === -1) {
          end = chunk.length;
          break;
        }
        end = newline + 1;
        rowsLeft -= 1;
      }
      const part = chunk.subarray(at, end);
      hash.update(part);
      if (part.length > 0) await visitor.tableData?.(part);
      at = end;
      if (rowsLeft === 0) {
        await visitor.tableEnd?.(header.tables[tableIndex]!);
        await openNextTable();
      }
    }
    if (at < chunk.length) {
      if (trailerRead) throw damaged('it goes on after its end');
      pending.push(chunk.subarray(at));
      pendingBytes += chunk.length - at;
      const rest = Buffer.concat(pending);
      const newline = rest.indexOf(NEWLINE);
      if (newline === -1) {
        if (pendingBytes > TRAILER_LIMIT) throw damaged('its rows do not match its header');
        continue;
      }
      if (newline !== rest.length - 1) throw damaged('it goes on after its end');
      let trailer: z.infer<typeof trailerSchema> | undefined;
      try {
        trailer = trailerSchema.parse(JSON.parse(rest.subarray(0, newline).toString('utf8')));
      } catch {
        throw damaged('its rows do not match its header');
      }
      if (trailer.sha256 !== hash.digest('hex')) throw damaged('its checksum does not match its contents');
      trailerRead = true;
      pending = [];
      pendingBytes = 0;
    }
  }
  if (!header) throw foreignFile(label, 'it is empty or does not start with a Parlour backup header');
  if (!trailerRead) throw damaged('it ends early; it may have been cut short while copying');
  return header;
}

/** Only the header: what the file says it is, without reading the rest (a quick look). */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const label = path.basename(file);
  if (!(await startsWithGzipMagic(file))) throw foreignFile(label, 'it is not a gzip file');
  const gunzip = createGunzip();
  pipeline(fs.createReadStream(file), gunzip).catch(() => undefined);
  const parts: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      const newline = chunk.indexOf(NEWLINE);
      parts.push(newline === -1 ? chunk : chunk.subarray(0, newline));
      bytes += chunk.length;
      if (newline !== -1) return parseHeader(Buffer.concat(parts), label);
      if (bytes > HEADER_LIMIT) break;
    }
  } catch (err) {
    if (err instanceof BackupFileError) throw err;
    throw unreadable(label, err);
  } finally {
    gunzip.destroy();
  }
  throw foreignFile(label, 'it does not start with a Parlour backup header');
}

/** Loads a backup's rows into the tables of `client`'s database, inside the caller's transaction. */
export async function copyBackupInto(client: pg.ClientBase, file: string): Promise<BackupHeader> {
  let stream: ReturnType<typeof copyFrom> | undefined;
  let done: Promise<void> | undefined;
  return readBackup(file, {
    tableStart: (t) => {
      stream = client.query(copyFrom(`copy ${qualifiedName(t)} (${t.columns.map(quoteIdent).join(', ')}) from stdin`));
      done = finished(stream);
      done.catch(() => undefined);
    },
    tableData: async (chunk) => {
      if (!stream!.write(chunk)) await Promise.race([once(stream!, 'drain'), done]);
    },
    tableEnd: async () => {
      stream!.end();
      await done;
    },
  });
}
