/**
 * Whether an error means the database cannot be reached just now (down, restarting, refusing
 * connections, a connection cut mid-query), as opposed to a fault in the query or the data. Such a
 * request answers 503 (plugins/errors.ts): the client may try again, and nothing is wrong with it.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/** SQLSTATEs: class 08 (connection exception), and a server shutting down or starting up. */
const SERVER_GOING_CODES = new Set(['57P01', '57P02', '57P03']);

/** node-postgres says these in words only (no code). */
const POOL_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /Connection terminated/i,
  /Client has encountered a connection error and is not queryable/i,
  // A connect that reached its bound (connectionTimeoutMillis) while the server stayed silent.
  /^timeout expired$/i,
];

export function isDatabaseUnavailable(err: unknown): boolean {
  // Drizzle wraps the driver's error (DrizzleQueryError: `cause`); look a few levels down.
  let current: unknown = err;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, syscall, message } = current as { code?: unknown; syscall?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || SERVER_GOING_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
      // The embedded server's Unix socket is gone while it restarts.
      if (code === 'ENOENT' && syscall === 'connect') return true;
    }
    if (typeof message === 'string' && POOL_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
