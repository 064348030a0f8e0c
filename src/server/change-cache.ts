import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from './db/client.js';

export const CATALOGUE_CHANNEL = 'parlour_catalogue_changed';

/**
 * The public catalogue is read on every home page visit and changes a few times a day, so its
 * JSON is kept ready in memory. Writes in this process call `invalidate()`; on PostgreSQL, writes
 * also `pg_notify` the channel above in their transaction, and every instance LISTENs, so a
 * change made through one instance clears the copy in all of them.
 */
export class CatalogueCache {
  private cached: Promise<string> | undefined;
  private generation = 0;
  private listener: pg.Client | undefined;
  private disabled = false;

  constructor(private readonly load: () => Promise<unknown>) {}

  /** The catalogue as a JSON string, loaded once per change. */
  json(): Promise<string> {
    if (this.disabled) return this.load().then((value) => JSON.stringify(value));
    if (!this.cached) {
      const generation = this.generation;
      const pending = this.load().then((value) => JSON.stringify(value));
      this.cached = pending;
      // A failed load, or one that started before an invalidation, must not stick.
      pending.then(
        () => {
          if (generation !== this.generation && this.cached === pending) this.cached = undefined;
        },
        () => {
          if (this.cached === pending) this.cached = undefined;
        },
      );
    }
    return this.cached;
  }

  invalidate(): void {
    this.generation += 1;
    this.cached = undefined;
  }

  /** On PostgreSQL, listens for other instances' changes. PGlite lives in this process only. */
  async listen(database: DbHandle, log: FastifyBaseLogger): Promise<void> {
    if (database.driver !== 'postgres' || !database.connectionUrl) return;
    const client = new pg.Client({ connectionString: database.connectionUrl });
    client.on('notification', () => this.invalidate());
    client.on('error', (err) => {
      // Without the listener another instance's change could go unseen: stop caching.
      log.error({ err }, 'catalogue change listener failed; caching turned off');
      this.disabled = true;
      this.invalidate();
    });
    await client.connect();
    await client.query(`listen ${CATALOGUE_CHANNEL}`);
    this.listener = client;
  }

  async close(): Promise<void> {
    await this.listener?.end();
    this.listener = undefined;
  }
}
