import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type BuildAppOptions } from '../app.js';
import type { BackupsOptions } from '../backups/set-up.js';
import { openDatabase, type DbHandle } from '../db/client.js';
import { prepareDatabase } from '../db/prepare.js';
import { loadConfig, type AppConfig } from '../env.js';
import type { App } from '../types.js';

export type EmbeddedApp = { app: App; database: DbHandle; config: AppConfig; dataDir: string; close: () => Promise<void> };

/** A fresh, empty temporary folder to serve as a DATA_DIR. */
export function temporaryDataDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `parlour-${label}-`));
}

/**
 * The real app on its own embedded database in `dataDir`, as `npm start` runs it (its own
 * PostgreSQL on the folder, the folder's lock, backups into DATA_DIR/backups), for the tests of
 * what only the embedded database has. Most suites share one server instead (createTestApp).
 */
/** `team`: seed the demo stylists too (off by default, as createTestApp: most suites book chairs alone). */
export async function createEmbeddedApp(
  dataDir: string,
  options: { seed?: boolean; team?: boolean; backups?: BackupsOptions; jobs?: BuildAppOptions['jobs'] } = {},
): Promise<EmbeddedApp> {
  const database = await openDatabase({ driver: 'embedded', dataDir, poolSize: 20, disposable: true });
  try {
    await prepareDatabase(database, { seed: options.seed ?? true, team: options.team ?? false });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    const app = await buildApp({ config, database, clientDir: undefined, backups: options.backups, jobs: options.jobs });
    await app.ready();
    return {
      app,
      database,
      config,
      dataDir,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}
