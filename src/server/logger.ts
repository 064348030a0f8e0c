import type { FastifyRequest } from 'fastify';
import type { AppConfig } from './env.js';

const REDACTED = '[redacted]';
// One-use secrets that travel in URLs: a password-reset token in the path (the e-mailed link) or in
// the query (the page it opens), an e-mail confirmation token, an OAuth authorization code.
const SECRET_QUERY_KEYS = new Set(['token', 'code']);

/** The URL as the log may keep it: the path and query without the secrets a link carries. */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  const safePath = path.replace(/(\/reset-password\/)[^/?#]+/g, `$1${REDACTED}`);
  if (query === undefined) return safePath;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) if (SECRET_QUERY_KEYS.has(key.toLowerCase())) params.set(key, REDACTED);
  return `${safePath}?${params.toString()}`;
}

/**
 * The server's log: JSON lines (pretty in development). Cookies and authorization headers never
 * appear; nor do the live tokens of reset and confirmation links, which a mail's body (see
 * mail/mailer.ts) and the request URLs that follow it would otherwise put there.
 */
export function loggerOptions(config: Pick<AppConfig, 'logLevel' | 'nodeEnv'>) {
  const base = {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization'],
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
  if (config.nodeEnv === 'development') {
    return { ...base, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } };
  }
  return base;
}
