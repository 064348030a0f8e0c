import { buildApp } from '../app.js';
import { prepareDatabase } from '../db/prepare.js';
import { loadConfig, type AppConfig } from '../env.js';
import type { App } from '../types.js';
import type { DbHandle } from '../db/client.js';
import { createTestDatabase } from './test-database.js';

export type TestApp = { app: App; database: DbHandle; config: AppConfig; close: () => Promise<void> };

/** The real app on a fresh database, driven through HTTP with app.inject (or a real port). */
export async function createTestApp(options: { seed?: boolean; env?: Record<string, string> } = {}): Promise<TestApp> {
  const { database, drop } = await createTestDatabase();
  await prepareDatabase(database, { seed: options.seed ?? true });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env });
  const app = await buildApp({ config, database, clientDir: undefined });
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
