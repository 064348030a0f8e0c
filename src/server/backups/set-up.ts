import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../db/client.js';
import type { SalonSettings } from '../../shared/salon-settings.js';
import { BackupService } from './backup-service.js';

export type BackupsOptions = {
  /** What time it is for the daily schedule and the backups' names (tests set their own). */
  now?: () => Date;
  /** How often the schedule looks whether the daily backup is due; 0 leaves it to the caller (tests). */
  checkEveryMs?: number;
};

/** Looked at once a minute: the daily backup is taken within a minute of its time. */
const CHECK_EVERY_MS = 60_000;
/** After a failed scheduled backup (a full disk), the next try waits this long, not a minute. */
const RETRY_AFTER_MS = 15 * 60_000;

/**
 * The embedded database's backups (app.backups) and their daily schedule. On a PostgreSQL server
 * at DATABASE_URL there are none (app.backups is undefined): its own tools back it up, and this
 * server may be one of several on it.
 */
export function setUpBackups(
  app: FastifyInstance,
  deps: { database: DbHandle; dataDir: string; salonSettings: () => Promise<SalonSettings>; options?: BackupsOptions | undefined },
): void {
  if (deps.database.driver !== 'embedded') {
    app.decorate('backups', undefined);
    return;
  }
  const { now = () => new Date(), checkEveryMs = CHECK_EVERY_MS } = deps.options ?? {};
  const service = new BackupService({ connectionUrl: deps.database.connectionUrl, dataDir: deps.dataDir, salonSettings: deps.salonSettings, now });
  app.decorate('backups', service);

  if (checkEveryMs > 0) {
    let quietUntil = 0;
    // The first look comes one interval after start, not during it.
    const timer = setInterval(() => {
      if (Date.now() < quietUntil) return;
      service
        .runDue()
        .then((taken) => {
          if (taken) app.log.info({ backup: taken.name, size: taken.size }, 'daily backup taken');
        })
        .catch((err: unknown) => {
          quietUntil = Date.now() + RETRY_AFTER_MS;
          app.log.error({ err }, 'the daily backup failed; it is tried again in 15 minutes');
        });
    }, checkEveryMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  // A backup under way finishes before the database it reads is stopped.
  app.addHook('onClose', async () => service.idle());
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The embedded database's backups; undefined on a PostgreSQL server (DATABASE_URL). */
    backups: BackupService | undefined;
  }
}
