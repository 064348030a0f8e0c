import { sql } from 'drizzle-orm';
import { buildApp, type BuildAppOptions } from '../app.js';
import { prepareDatabase } from '../db/prepare.js';
import { loadConfig, type AppConfig } from '../env.js';
import type { App } from '../types.js';
import type { DbHandle } from '../db/client.js';
import { createTestDatabase } from './test-database.js';

export type TestApp = { app: App; database: DbHandle; config: AppConfig; close: () => Promise<void> };

/**
 * The real app on a fresh database, driven through HTTP with app.inject (or a real port). The demo
 * catalogue is seeded unless `seed` is false; the demo team only when `team` is true: most suites
 * test the rules of a salon that books chairs alone (a real mode: a salon with no stylists), and
 * the stylist suites build the team their cases need, or ask for the demo one. `englishOnly`: the
 * demo catalogue without its Bangla titles and descriptions, as a salon that wrote none has it, for
 * the suites that check both cases by writing a Bangla title themselves.
 */
export async function createTestApp(
  options: { seed?: boolean; team?: boolean; englishOnly?: boolean; env?: Record<string, string>; jobs?: BuildAppOptions['jobs'] } = {},
): Promise<TestApp> {
  // Migrated already (a copy of the run's template); preparing applies none and seeds.
  const { database, drop } = await createTestDatabase({ migrated: true });
  await prepareDatabase(database, { seed: options.seed ?? true, team: options.team ?? false });
  // Before the app starts, so no cached catalogue has seen the Bangla.
  if (options.englishOnly) await database.db.execute(sql`update services set title_bn = null, description_bn = null`);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env });
  const app = await buildApp({ config, database, clientDir: undefined, jobs: options.jobs });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/**
 * Another app instance on the same database, as a second server behind a load balancer would be.
 */
export async function createSiblingApp(first: TestApp, options: { jobs?: BuildAppOptions['jobs'] } = {}): Promise<{ app: App; close: () => Promise<void> }> {
  const { openDatabase } = await import('../db/client.js');
  const database = await openDatabase({ driver: 'postgres', url: first.database.connectionUrl, poolSize: 20 });
  const app = await buildApp({ config: first.config, database, clientDir: undefined, jobs: options.jobs });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
