import { openDatabase } from './db/client.js';
import { prepareDatabase } from './db/prepare.js';
import { ConfigError, loadConfig, type AppConfig } from './env.js';
import { buildApp } from './app.js';
import { seedDemoAccounts } from './auth/demo-accounts.js';
import { DataFolderInUseError } from './db/data-folder-lock.js';
import { EmbeddedPostgresError } from './db/embedded-postgres.js';
import { loggerOptions } from './logger.js';
import { retryWhileUnavailable } from './db/wait-for-database.js';

/** How long a starting instance waits for PostgreSQL to accept connections before giving up. */
const DATABASE_WAIT_MS = 60_000;

async function main() {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let database;
  try {
    database = config.databaseUrl
      ? await openDatabase({ driver: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize })
      : await openDatabase({ driver: 'embedded', dataDir: config.dataDir, poolSize: config.databasePoolSize, log: (message) => console.log(message) });
  } catch (err) {
    if (err instanceof DataFolderInUseError || err instanceof EmbeddedPostgresError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { seeded, migrationsApplied } = await retryWhileUnavailable(() => prepareDatabase(database, { seed: config.seedDemoData }), {
    timeoutMs: DATABASE_WAIT_MS,
    // Before the app (and its logger) exists: a JSON line like the logger's (level 40 is its warn), so log readers see one format.
    onWait: (err, pauseMs) =>
      console.log(JSON.stringify({ level: 40, time: Date.now(), msg: 'database not accepting connections yet; waiting', reason: err instanceof Error ? err.message : String(err), retryInMs: pauseMs })),
  });

  const app = await buildApp({ config, database, logger: loggerOptions(config) });
  const demoAccounts = config.seedDemoAccounts ? await seedDemoAccounts(app) : [];
  app.log.info(
    { driver: database.driver, dataDir: database.driver === 'embedded' ? config.dataDir : undefined, seeded, migrationsApplied, demoAccounts, payments: config.payments, showOutbox: config.showOutbox },
    'database ready',
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // First out of rotation: /api/health/ready answers 503 while everything else is still served,
    // so a proxy's health check moves new requests to another instance before this one closes.
    app.readiness.drain();
    // SIGINT is Ctrl+C at a terminal: someone waiting, no proxy to tell. SIGTERM is a supervisor's.
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    app.log.info({ signal, drainMs }, 'shutting down: draining');
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    app.log.info('shutting down: finishing in-flight requests');
    // A stuck request must not keep the process alive for ever (counted from the end of the drain).
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
