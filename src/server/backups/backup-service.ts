import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { addCalendarDays, salonDateOf, zonedBoundaryInstant } from '../../shared/calendar.js';
import { BACKUP_NAME_PATTERN, backupCreatedAt, backupName, type Backup, type BackupKind } from '../../shared/backups.js';
import type { SalonSettings } from '../../shared/salon-settings.js';
import { writeBackup } from './backup-file.js';
import { appVersion, readJournal } from './migrations.js';

export const BACKUPS_FOLDER = 'backups';

export type BackupServiceDeps = {
  /** The embedded database to back up. */
  connectionUrl: string;
  /** DATA_DIR: backups go into its `backups` folder. */
  dataDir: string;
  salonSettings: () => Promise<SalonSettings>;
  /** What time it is, for the schedule and the names; tests set their own. */
  now: () => Date;
};

/**
 * The most recent moment the daily backup was due at or before `now`: today's backup time on the
 * salon's clock, or yesterday's if today's is still ahead. A time the clock skips on a DST day
 * falls due at the jump.
 */
export function lastDueAt(now: Date, settings: Pick<SalonSettings, 'backupTime' | 'timeZone'>): Date {
  const today = salonDateOf(now, settings.timeZone);
  const due = zonedBoundaryInstant(today, settings.backupTime, settings.timeZone);
  return due.getTime() <= now.getTime() ? due : zonedBoundaryInstant(addCalendarDays(today, -1), settings.backupTime, settings.timeZone);
}

/**
 * The embedded database's backups in DATA_DIR/backups: taking one (one at a time), listing,
 * pruning to the newest `backupsKept`, and the daily schedule.
 */
export class BackupService {
  readonly folder: string;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: BackupServiceDeps) {
    this.folder = path.join(deps.dataDir, BACKUPS_FOLDER);
  }

  /** The kept backups, newest first. */
  async list(): Promise<Backup[]> {
    let names: string[];
    try {
      names = await fs.promises.readdir(this.folder);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const backups: Backup[] = [];
    for (const name of names) {
      const createdAt = backupCreatedAt(name);
      if (!createdAt) continue;
      try {
        // lstat: a link dressed as a backup is not one (it could point anywhere).
        const stat = await fs.promises.lstat(path.join(this.folder, name));
        if (stat.isFile()) backups.push({ name, size: stat.size, createdAt: createdAt.toISOString(), kind: name.endsWith('-scheduled.backup.gz') ? 'scheduled' : 'manual' });
      } catch {
        // pruned meanwhile
      }
    }
    return backups.sort((a, b) => b.name.localeCompare(a.name));
  }

  /**
   * The file of a kept backup, or undefined. Only a name of the backups' exact shape is looked up,
   * so nothing outside the folder (../, an absolute path) can be named.
   */
  async fileOf(name: string): Promise<string | undefined> {
    if (!BACKUP_NAME_PATTERN.test(name)) return undefined;
    const file = path.join(this.folder, name);
    try {
      return (await fs.promises.lstat(file)).isFile() ? file : undefined;
    } catch {
      return undefined;
    }
  }

  /** Takes a backup now, then prunes to the newest `backupsKept`. */
  create(kind: BackupKind): Promise<Backup> {
    return this.exclusive(() => this.take(kind));
  }

  /**
   * Takes the daily backup if it is due: no backup (of either kind) has been taken since the last
   * backup time. So a server that was off at that time takes it when it next runs.
   */
  runDue(): Promise<Backup | undefined> {
    return this.exclusive(async () => {
      const settings = await this.deps.salonSettings();
      const due = lastDueAt(this.deps.now(), settings);
      const [newest] = await this.list();
      if (newest && Date.parse(newest.createdAt) >= due.getTime()) return undefined;
      return this.take('scheduled');
    });
  }

  /** Resolves once the backup under way, if any, has finished (the server waits before closing). */
  async idle(): Promise<void> {
    await this.queue.catch(() => undefined);
  }

  private exclusive<T>(run: () => Promise<T>): Promise<T> {
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async take(kind: BackupKind): Promise<Backup> {
    await fs.promises.mkdir(this.folder, { recursive: true, mode: 0o700 });
    await this.removePartialFiles();
    // The clock may stand still (a test's) or step back: the name must still be new.
    let at = this.deps.now();
    const names = new Set(await fs.promises.readdir(this.folder));
    while (names.has(backupName(at, kind))) at = new Date(at.getTime() + 1);
    const name = backupName(at, kind);
    const partial = path.join(this.folder, `.${name}.partial`);
    const client = new pg.Client({ connectionString: this.deps.connectionUrl, application_name: 'parlour-backup' });
    await client.connect();
    try {
      await writeBackup(client, partial, { appVersion: appVersion(), createdAt: at, kind, journal: readJournal() });
    } finally {
      await client.end();
    }
    // Under its real name only once complete: a listed backup is never half-written.
    await fs.promises.rename(partial, path.join(this.folder, name));
    await this.prune();
    const { size } = await fs.promises.stat(path.join(this.folder, name));
    return { name, size, createdAt: at.toISOString(), kind };
  }

  private async prune(): Promise<void> {
    const { backupsKept } = await this.deps.salonSettings();
    const backups = await this.list();
    for (const old of backups.slice(backupsKept)) await fs.promises.rm(path.join(this.folder, old.name), { force: true });
  }

  /** Files a backup interrupted by a crash left behind (only ever written by `take`, one at a time). */
  private async removePartialFiles(): Promise<void> {
    for (const name of await fs.promises.readdir(this.folder)) {
      if (name.startsWith('.parlour-') && name.endsWith('.partial')) await fs.promises.rm(path.join(this.folder, name), { force: true });
    }
  }
}
