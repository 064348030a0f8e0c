import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, createAuth, type Auth } from '../auth/auth.js';
import { resolveAuthSecret } from '../auth/secret.js';
import { SessionRevocations } from '../auth/session-revocations.js';
import { requestPhoneCode } from '../sms/phone-verification.js';
import { cookieValue, VerifiedSessions } from '../auth/verified-sessions.js';
import { createMailer, type Mailer } from '../mail/mailer.js';
import { HttpError } from '../http-error.js';
import { messageLanguage, translateMessage } from '../messages.js';
import { DATABASE_UNAVAILABLE_MESSAGE, metDatabaseOutage } from '../db/outage-witness.js';
import { z } from 'zod';
import { fieldIssueSchema, reasonPhrase, type FieldIssue } from '../../shared/errors.js';
import { AUTH_RETURN_FIELDS, returnPathSchema, type Role } from '../../shared/user.js';

export type SessionUser = { id: string; name: string; email: string; image: string | null; role: Role };

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    mailer: Mailer;
    /** Which cached sessions are no longer trusted (sign-out, role change, password reset). */
    sessionRevocations: SessionRevocations;
  }
  interface FastifyRequest {
    /** The signed-in user, looked up once per request (null when signed out). */
    sessionUser(): Promise<SessionUser | null>;
  }
}

const sessionCache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
/** Cookies better-auth set while looking a session up (a fresh cached copy, or a signed-out one). */
const sessionCookies = new WeakMap<FastifyRequest, string[]>();

/** Turns a Fastify request into the Fetch Request better-auth handles. */
function toWebRequest(request: FastifyRequest, origin: string): Request {
  const headers = fromNodeHeaders(request.headers);
  // Only the IP Fastify trusts (TRUST_PROXY) reaches better-auth's rate limiter.
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  if (hasBody) headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
}

/** better-auth's codes whose HTTP status the API contract states differently. */
const statusOverrides: Record<string, number> = {
  USER_ALREADY_EXISTS: 409,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 409,
};

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length' && key !== 'content-encoding') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status >= 500 && metDatabaseOutage()) {
    // better-auth answers a database it cannot reach with its own 500: an outage, as elsewhere.
    reply.log.warn('auth request failed: database unreachable');
    return reply
      .status(503)
      .header('retry-after', '5')
      .type('application/json')
      .send({ statusCode: 503, error: reasonPhrase(503), message: DATABASE_UNAVAILABLE_MESSAGE });
  }
  if (response.status >= 400) {
    // better-auth answers { code, message }: reshape into the one error shape of the API.
    let message = reasonPhrase(response.status);
    let code: string | undefined;
    let issues: FieldIssue[] | undefined;
    try {
      const parsed = JSON.parse(text) as { message?: string; code?: string; issues?: unknown };
      message = parsed.message || message;
      code = parsed.code;
      // Our own body checks (auth.ts) send field issues; better-auth's own errors have none.
      const checked = z.array(fieldIssueSchema).safeParse(parsed.issues);
      if (checked.success) issues = checked.data;
      else if (code === 'VALIDATION_ERROR') issues = issuesOfValidationMessage(message);
      if (issues && code === 'VALIDATION_ERROR') message = issues.length === 1 ? issues[0]!.message : 'Some fields are not valid';
    } catch {
      // not JSON: keep the reason phrase
    }
    const status = (code && statusOverrides[code]) || response.status;
    // In the page's language, as the rest of the API answers (src/server/messages.ts).
    const { language, latinDigits } = await messageLanguage(reply.request);
    return reply
      .status(status)
      .type('application/json')
      .send({
        statusCode: status,
        error: reasonPhrase(status),
        message: translateMessage(friendlyAuthMessage(code, message), language, latinDigits),
        code,
        ...(issues && { issues: issues.map((issue) => ({ ...issue, message: translateMessage(issue.message, language, latinDigits) })) }),
      });
  }
  return reply.send(text.length > 0 ? text : null);
}

/**
 * better-auth's own input check (for the routes without a shared schema) puts its field issues in
 * the message only: `[body.newEmail] Invalid email address; [query.x] …`. Read back into issues, so
 * every 400 names its fields the same way. Undefined when the message is not in that form.
 */
function issuesOfValidationMessage(message: string): FieldIssue[] | undefined {
  const issues: FieldIssue[] = [];
  for (const part of message.split('; ')) {
    const match = /^\[(body|query)(?:\.([^\]]+))?\] (.+)$/s.exec(part);
    if (!match) return undefined;
    const [, where, field, text] = match;
    const path = where === 'query' ? ['query', field].filter(Boolean).join('.') : (field ?? '');
    issues.push({ path, message: text! });
  }
  return issues.length > 0 ? issues : undefined;
}

/** Plain words for the identity errors a customer meets (decisions.md section 2). */
function friendlyAuthMessage(code: string | undefined, message: string): string {
  switch (code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
      return 'Wrong e-mail or password.';
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return 'This e-mail is already registered. Log in instead, or use another e-mail.';
    case 'INVALID_ORIGIN':
    case 'MISSING_OR_NULL_ORIGIN':
      return 'This request did not come from the Parlour site. Open the site again and retry.';
    case 'INVALID_TOKEN':
      return 'This reset link is invalid or has expired. Ask for a new one.';
    default:
      if (/too many requests/i.test(message)) return 'Too many tries. Please wait a minute and try again.';
      return message;
  }
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  const { config, db } = app;
  const mailer = createMailer({ db, log: app.log, smtpUrl: config.smtpUrl, from: config.mailFrom });
  app.addHook('onClose', async () => mailer.close());
  const secret = await resolveAuthSecret(db, config.authSecret);
  const revocations = new SessionRevocations();
  await revocations.listen(app.database, app.log);
  app.addHook('onClose', async () => revocations.close());
  const auth = createAuth({
    config,
    db,
    mailer,
    secret,
    log: app.log,
    revocations,
    // app.texts (the job queue) is set up after this plugin, and exists before any request.
    requestPhoneCode: (userId, phone, language) => requestPhoneCode({ db, queueText: (job, tx) => app.texts.queue(job, tx) }, userId, phone, language),
  });
  app.decorate('auth', auth);
  app.decorate('mailer', mailer);
  app.decorate('sessionRevocations', revocations);

  const verified = new VerifiedSessions(revocations);
  const { authCookies } = await auth.$context;
  const copyCookie = authCookies.sessionData.name;

  /** better-auth's answer: from its signed copy in the cookie, or (once that is stale) the database. */
  async function lookUp(request: FastifyRequest): Promise<SessionUser | null> {
    const cookieHeader = request.headers.cookie;
    if (!cookieHeader) return null;
    const known = verified.get(cookieHeader);
    if (known) return known;
    const { headers, response: session } = await auth.api.getSession({ headers: fromNodeHeaders(request.headers), returnHeaders: true });
    const cookies = headers.getSetCookie();
    if (cookies.length > 0) sessionCookies.set(request, cookies);
    if (!session) return null;
    const u = session.user as typeof session.user & { role?: string | null };
    const user: SessionUser = { id: u.id, name: u.name, email: u.email, image: u.image ?? null, role: u.role === 'admin' ? 'admin' : 'user' };
    // Answered from the copy it was sent (no new copy): the same header need not be verified again.
    const copy = cookieValue(cookieHeader, copyCookie);
    if (cookies.length === 0 && copy) {
      verified.remember(cookieHeader, copy, { user, sessionId: session.session.id, userUpdatedAt: u.updatedAt, sessionExpiresAt: session.session.expiresAt });
    }
    return user;
  }

  app.decorateRequest('sessionUser', function (this: FastifyRequest) {
    let pending = sessionCache.get(this);
    if (!pending) {
      pending = lookUp(this);
      sessionCache.set(this, pending);
    }
    return pending;
  });
  // A session read from the database comes with a fresh cached copy (or, once it has ended, with
  // cookies that clear it): the browser gets them with whatever answer the request produces, as it
  // would from get-session, so its next requests are served from the copy again.
  app.addHook('onSend', async (request, reply, payload) => {
    const cookies = sessionCookies.get(request);
    if (cookies) {
      const already = reply.getHeader('set-cookie');
      reply.header('set-cookie', [...(already === undefined ? [] : Array.isArray(already) ? already : [String(already)]), ...cookies]);
    }
    return payload;
  });

  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    schema: { hide: true },
    async handler(request, reply) {
      refuseForeignReturnAddresses(request);
      const response = await auth.handler(toWebRequest(request, config.publicUrl));
      return sendWebResponse(reply, response);
    },
  });
});

/**
 * Every better-auth route that takes a return address (in its query or its body) gets one checked
 * by the same rule: a path on this site. Routes with a body schema check it there too; this covers
 * the rest (e-mail verification links, social sign-in) in one place.
 */
function refuseForeignReturnAddresses(request: FastifyRequest) {
  const issues: FieldIssue[] = [];
  for (const [part, value] of [
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    if (typeof value !== 'object' || value === null) continue;
    for (const field of AUTH_RETURN_FIELDS) {
      const given = (value as Record<string, unknown>)[field];
      if (given === undefined) continue;
      const checked = returnPathSchema.safeParse(given);
      if (!checked.success) issues.push({ path: part === 'query' ? `query.${field}` : field, message: checked.error.issues[0]!.message });
    }
  }
  if (issues.length > 0) throw new HttpError(400, issues[0]!.message, issues);
}

/**
 * Route guards: 401 when signed out, 403 when the role is not enough. Routes run them `onRequest`,
 * before the body is parsed and validated, so a stranger learns nothing about what a valid body
 * looks like and spends no parsing on the server.
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  const user = await request.sessionUser();
  if (!user) throw new HttpError(401, 'Please log in to continue.');
}

export async function requireAdmin(request: FastifyRequest): Promise<void> {
  const user = await request.sessionUser();
  if (!user) throw new HttpError(401, 'Please log in to continue.');
  if (user.role !== 'admin') throw new HttpError(403, 'Only an admin can do this.');
}

/** For handlers behind requireUser: the user is there. */
export async function currentUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await request.sessionUser();
  if (!user) throw new HttpError(401, 'Please log in to continue.');
  return user;
}
