import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbHandle } from '../db/client.js';
import { Listener } from '../db/listener.js';

/** Where a change that must end cached sessions is announced to every instance (and this one). */
export const SESSIONS_CHANNEL = 'parlour_sessions_revoked';

/**
 * How long a signed session copy in the browser (better-auth's cookie cache) is trusted without
 * asking the database. It bounds how long a revocation can go unseen if its notice is lost.
 */
export const SESSION_CACHE_SECONDS = 60;

/**
 * A revocation notice: a session that ended (signed out, or all of her sessions on a password
 * reset), or a user row that changed (role, name, photo) at `at`, a time in milliseconds.
 */
type Notice = { session: string } | { user: string; at: number };

/** What a user update tells the instances (see users.ts). */
export interface UserChanges {
  userChanged(userId: string, at: Date): void;
}

/** The parts of the cached session and user the check reads. */
type CachedSession = { id: string };
type CachedUser = { id: string; updatedAt: Date | string };

/**
 * Which cached sessions may still be trusted. better-auth keeps a signed copy of the session and
 * its user in a cookie for SESSION_CACHE_SECONDS, so most requests skip the database; this
 * registry remembers, for as long as such a copy can live, the sessions that ended and the users
 * whose row changed. A copy of an ended session, or one made from a user row older than her
 * latest change, is not trusted: better-auth reads the database instead (auth.ts, `version`).
 *
 * Every instance LISTENs on SESSIONS_CHANNEL; the change is also applied here at once, so the
 * instance that made it never serves the old copy. While the listener is down, and for `keepMs`
 * after it is back (the notices it missed are unknown), no copy is trusted: every request reads
 * the database, as it did before the cache.
 */
export class SessionRevocations implements UserChanges {
  /** Session id → when its entry may be forgotten. */
  private readonly endedSessions = new Map<string, number>();
  /** User id → her latest change (ms) and when the entry may be forgotten. */
  private readonly changedUsers = new Map<string, { at: number; forgetAt: number }>();
  private listener: Listener | undefined;
  /**
   * No copy is trusted before this time (ms): while the listener is down (Infinity), and for
   * `keepMs` after it is back, by when every copy made before a notice it may have missed is gone.
   */
  private distrustUntil = 0;
  private nextSweep = 0;

  /**
   * `keepMs`: how long an entry is kept, at least the cookie's lifetime plus room for clocks that
   * disagree between instances (a copy made just before a change lives that long at most).
   */
  constructor(private readonly keepMs = (SESSION_CACHE_SECONDS + 60) * 1000) {}

  /**
   * The cookie cache's version: better-auth stamps it on a copy when it makes one and trusts a copy
   * only while this answers the same again. A current copy gets '1'; one that is not (or any copy
   * while the listener is down) gets a fresh random value, which no later check can repeat, so
   * better-auth reads the database. This also holds for a copy made from a read that raced a
   * change: its user row is older than the change, so it is never trusted.
   */
  versionOf(session: CachedSession, user: CachedUser): string {
    return this.isCurrent(session, user) ? '1' : randomUUID();
  }

  isCurrent(session: CachedSession, user: CachedUser): boolean {
    if (Date.now() < this.distrustUntil) return false;
    if (this.endedSessions.size > 0 && this.endedSessions.has(session.id)) return false;
    const change = this.changedUsers.get(user.id);
    return !change || new Date(user.updatedAt).getTime() >= change.at;
  }

  sessionEnded(sessionId: string): void {
    this.endedSessions.set(sessionId, Date.now() + this.keepMs);
    this.sweep();
  }

  userChanged(userId: string, at: Date): void {
    const known = this.changedUsers.get(userId);
    // Clocks of two instances may disagree: the later mark stands (it only costs database reads).
    this.changedUsers.set(userId, { at: Math.max(at.getTime(), known?.at ?? 0), forgetAt: Date.now() + this.keepMs });
    this.sweep();
  }

  /** Applies another instance's notice (or this one's, echoed back). */
  apply(payload: string): void {
    let notice: Notice;
    try {
      notice = JSON.parse(payload) as Notice;
    } catch {
      return;
    }
    if ('session' in notice && typeof notice.session === 'string') this.sessionEnded(notice.session);
    else if ('user' in notice && typeof notice.user === 'string' && Number.isFinite(notice.at)) this.userChanged(notice.user, new Date(notice.at));
  }

  async listen(database: DbHandle, log: FastifyBaseLogger): Promise<void> {
    if (!database.connectionUrl) return;
    const listener = new Listener(database.connectionUrl, SESSIONS_CHANNEL, {
      notification: (payload) => this.apply(payload),
      lost: (err) => {
        log.error({ err }, 'session revocation listener lost; every request reads its session from the database until it is back');
        this.distrustUntil = Infinity;
      },
      restored: () => {
        log.info('session revocation listener back; cached sessions trusted again in a while');
        this.distrustUntil = Date.now() + this.keepMs;
      },
    });
    await listener.start();
    this.listener = listener;
  }

  async close(): Promise<void> {
    await this.listener?.close();
    this.listener = undefined;
  }

  /** Forgets entries whose cookies have all expired, at most once a second. */
  private sweep(): void {
    const now = Date.now();
    if (now < this.nextSweep) return;
    this.nextSweep = now + 1000;
    for (const [id, forgetAt] of this.endedSessions) if (forgetAt < now) this.endedSessions.delete(id);
    for (const [id, entry] of this.changedUsers) if (entry.forgetAt < now) this.changedUsers.delete(id);
  }
}

/** Tells every instance that a session ended; call after it is deleted. */
export async function announceSessionEnded(db: Db, sessionId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${JSON.stringify({ session: sessionId } satisfies Notice)})`);
}

/** Tells every instance that a user row changed at `at`; inside the transaction that changed it. */
export async function announceUserChanged(tx: Db, userId: string, at: Date): Promise<void> {
  await tx.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${JSON.stringify({ user: userId, at: at.getTime() } satisfies Notice)})`);
}
