import pg from 'pg';
import { CONNECT_TIMEOUT_MS } from './client.js';

/** What a listener tells its owner. */
export type ListenerEvents = {
  notification(payload: string): void;
  /** The connection is gone: notices may go unheard from now on. */
  lost(err: unknown): void;
  /** Listening again after a loss; what was announced meanwhile is unknown. */
  restored(): void;
};

const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 5000;

/**
 * A LISTEN connection of its own that comes back. A PostgreSQL restart (or a dropped network)
 * ends it; before, its owner (a cache, the session registry, the job queue's wake-up) then gave up
 * for the rest of the process's life, correct but slower until the instance was restarted (found
 * by scripts/deploy-check.sh). Now it says `lost`, reconnects with a growing pause (250 ms doubling
 * to 5 s), and says `restored` once it listens again, so its owner can trust its copies again
 * after forgetting what notices it may have missed.
 */
export class Listener {
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private pause = FIRST_RETRY_MS;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly events: ListenerEvents,
  ) {}

  /** The first connection; its failure is the caller's (the server does not start without it). */
  async start(): Promise<void> {
    this.client = await this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end();
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url, application_name: 'parlour-listen', keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    client.on('notification', (message) => this.events.notification(message.payload ?? ''));
    client.on('error', (err) => this.drop(client, err));
    client.on('end', () => this.drop(client, new Error('the listening connection ended')));
    try {
      await client.connect();
      await client.query(`listen ${this.channel}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    return client;
  }

  /** Heard once per connection: its error and its end both come here. */
  private drop(client: pg.Client, err: unknown): void {
    if (client !== this.client || this.closed) return;
    this.client = undefined;
    void client.end().catch(() => undefined);
    this.events.lost(err);
    this.reconnectLater();
  }

  private reconnectLater(): void {
    this.retry = setTimeout(() => {
      this.connect().then(
        (client) => {
          if (this.closed) {
            void client.end().catch(() => undefined);
            return;
          }
          this.client = client;
          this.pause = FIRST_RETRY_MS;
          this.events.restored();
        },
        () => {
          this.pause = Math.min(this.pause * 2, LAST_RETRY_MS);
          if (!this.closed) this.reconnectLater();
        },
      );
    }, this.pause);
    // A listener waiting to come back does not keep the process alive.
    this.retry.unref();
  }
}
