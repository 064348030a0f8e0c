import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from './db/client.js';
import { Listener } from './db/listener.js';

/** Channels on which a committed write announces that a cached value is out of date. */
export const CATALOGUE_CHANNEL = 'parlour_catalogue_changed';
export const SETTINGS_CHANNEL = 'parlour_settings_changed';
export const REVIEWS_CHANNEL = 'parlour_reviews_changed';
export const STAFF_CHANNEL = 'parlour_staff_changed';

/**
 * A value read on nearly every request that changes a few times a day (the public catalogue, the
 * salon's booking rules), kept in memory. Writes in this process call `invalidate()`; on
 * PostgreSQL, writes also `pg_notify` the cache's channel in their transaction and every instance
 * LISTENs, so a change made through one instance clears the copy in all of them.
 */
export class ChangeCache<T> {
  private cached: Promise<T> | undefined;
  private generation = 0;
  private listener: Listener | undefined;
  private disabled = false;

  constructor(
    readonly channel: string,
    private readonly load: () => Promise<T>,
  ) {}

  /** The value, loaded once per change. */
  get(): Promise<T> {
    if (this.disabled) return this.load();
    if (!this.cached) {
      const generation = this.generation;
      const pending = this.load();
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

  /** Listens for changes made by other instances sharing the database (and by this one). */
  async listen(database: DbHandle, log: FastifyBaseLogger): Promise<void> {
    const listener = new Listener(database.connectionUrl, this.channel, {
      notification: () => this.invalidate(),
      lost: (err) => {
        // Another instance's change could go unseen meanwhile: no caching until it listens again.
        log.error({ err, channel: this.channel }, 'change listener lost; caching off until it is back');
        this.disabled = true;
        this.invalidate();
      },
      restored: () => {
        // What changed meanwhile is unknown: start from a fresh load.
        this.invalidate();
        this.disabled = false;
        log.info({ channel: this.channel }, 'change listener back; caching on');
      },
    });
    await listener.start();
    this.listener = listener;
  }

  async close(): Promise<void> {
    await this.listener?.close();
    this.listener = undefined;
  }
}
