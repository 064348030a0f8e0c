import type { SessionRevocations } from './session-revocations.js';

/** The signed-in user as the app's guards see her. */
export type VerifiedUser = { id: string; name: string; email: string; image: string | null; role: 'user' | 'admin' };

type Entry = { user: VerifiedUser; sessionId: string; userUpdatedAt: number; validUntil: number };

/** How many headers are remembered; the oldest go first beyond it. */
const MAX_ENTRIES = 10_000;

/**
 * The Cookie headers whose session better-auth has already verified from its cached copy, with the
 * user they name, so the same header sent again is not verified again: checking two HMACs and
 * parsing the copy cost more than the whole catalogue request. A header is remembered exactly as
 * it was verified (its bytes are the key, so a changed byte is verified afresh), and only until the
 * copy or the session expires. Every use asks the revocation registry again, so a remembered
 * header is refused from the moment its session ends or its user changes.
 */
export class VerifiedSessions {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly revocations: SessionRevocations) {}

  get(key: string): VerifiedUser | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.validUntil <= Date.now() || !this.revocations.isCurrent({ id: entry.sessionId }, { id: entry.user.id, updatedAt: new Date(entry.userUpdatedAt) })) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.user;
  }

  /**
   * Remembers a header better-auth answered from its copy without replacing it. `copy` is the
   * copy's cookie value: its own expiry is read from it (an unreadable copy is not remembered).
   */
  remember(key: string, copy: string, verified: { user: VerifiedUser; sessionId: string; userUpdatedAt: Date; sessionExpiresAt: Date }): void {
    const copyExpiresAt = expiryOf(copy);
    if (copyExpiresAt === undefined) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, {
      user: verified.user,
      sessionId: verified.sessionId,
      userUpdatedAt: verified.userUpdatedAt.getTime(),
      validUntil: Math.min(copyExpiresAt, verified.sessionExpiresAt.getTime()),
    });
  }
}

/** The expiry better-auth wrote into a 'compact' cookie copy (base64url JSON with `expiresAt`). */
function expiryOf(copy: string): number | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(decodeURIComponent(copy), 'base64url').toString('utf8')) as { expiresAt?: unknown };
    return typeof parsed.expiresAt === 'number' && Number.isFinite(parsed.expiresAt) ? parsed.expiresAt : undefined;
  } catch {
    return undefined;
  }
}

/** The value of cookie `name` in a Cookie header; undefined when it is missing or sent twice. */
export function cookieValue(header: string, name: string): string | undefined {
  let found: string | undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (pair.slice(0, at).trim() !== name) continue;
    if (found !== undefined) return undefined;
    found = pair.slice(at + 1).trim();
  }
  return found;
}
