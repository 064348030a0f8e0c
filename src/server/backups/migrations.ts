import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrationsFolder } from '../db/prepare.js';
import type { JournalEntry } from './backup-file.js';

/** drizzle-kit's record of the migrations, in the order they apply. */
export function readJournal(folder: string = migrationsFolder): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries.map(({ idx, tag, when }) => ({ idx, tag, when }));
}

/** The hash drizzle records for a migration it applied: SHA-256 of the whole SQL file. */
export function migrationHash(tag: string, folder: string = migrationsFolder): string {
  return createHash('sha256').update(fs.readFileSync(path.join(folder, `${tag}.sql`)).toString()).digest('hex');
}

/**
 * A temporary copy of the migrations folder whose journal ends at `last`: drizzle's migrator
 * applies exactly the journal's entries, so migrating from it builds the schema a backup taken at
 * that migration was written from.
 */
export function migrationsUpTo(last: JournalEntry, folder: string = migrationsFolder): { folder: string; remove: () => void } {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'parlour-migrations-'));
  fs.mkdirSync(path.join(copy, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  const entries = journal.entries.filter((e) => e.idx <= last.idx);
  for (const entry of entries) fs.copyFileSync(path.join(folder, `${entry.tag}.sql`), path.join(copy, `${entry.tag}.sql`));
  fs.writeFileSync(path.join(copy, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }, null, 2));
  return { folder: copy, remove: () => fs.rmSync(copy, { recursive: true, force: true }) };
}

/**
 * Writes one more migration at the end of `folder`'s journal, as `drizzle-kit generate` would
 * for the next release: its SQL file, and an entry dated after every other (drizzle's migrator
 * applies the entries dated after the last one the database recorded). For the tests and the
 * deployment check, which need a release that brings a migration the database has not seen.
 */
export function appendMigration(folder: string, tag: string, statements: string[]): JournalEntry {
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: (JournalEntry & Record<string, unknown>)[] };
  const last = journal.entries.at(-1)!;
  const entry = { ...last, idx: last.idx + 1, tag, when: Math.max(Date.now(), last.when + 1) };
  fs.writeFileSync(path.join(folder, `${tag}.sql`), statements.join('\n--> statement-breakpoint\n'));
  fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: [...journal.entries, entry] }, null, 2));
  return { idx: entry.idx, tag, when: entry.when };
}

// src/server/backups and dist/server/backups sit at the same depth below the package.
const packageJson = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../package.json');

/** This Parlour's version, written into each backup. */
export function appVersion(): string {
  try {
    return String((JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { version?: unknown }).version ?? 'unknown');
  } catch {
    return 'unknown';
  }
}
