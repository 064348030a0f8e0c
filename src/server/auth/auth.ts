import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import * as schema from '../db/schema.js';
import type { AppConfig } from '../env.js';
import type { Mailer } from '../mail/mailer.js';
import { clearThrottle, consumeThrottle, releaseThrottle } from '../repositories/throttles.js';
import { makeAdmin } from '../repositories/users.js';
import { clientAddressKey } from '../client-address.js';
import { announceSessionEnded, announceUserChanged, SESSION_CACHE_SECONDS, type SessionRevocations } from './session-revocations.js';
import { trustedOriginsOf } from '../origins.js';
import { unknownKeyIssues, UNKNOWN_FIELDS_MESSAGE } from '../plugins/input-guards.js';
import { refuseUnknownFields } from '../strict-input.js';
import { authRouteBodySchemas } from '../../shared/user.js';
import { fieldIssuesOf, type FieldIssue } from '../../shared/errors.js';
import { imageUrlSchema } from '../../shared/images.js';
import { optionalPhoneSchema } from '../../shared/phone.js';
import { passwordHashingFor } from './password-hashing.js';
import { adminVerificationMail, passwordResetMail } from '../mail/templates.js';
import { languageOf } from '../repositories/languages.js';
import { negotiateLanguage, pathIn, type Language } from '../../shared/i18n/language.js';
import { englishMessage, type CountedTemplate } from '../../shared/i18n/message-templates.js';

export const AUTH_BASE_PATH = '/api/auth';
/** better-auth names its cookies `<prefix>.session_token` and so on (the API document names it). */
export const AUTH_COOKIE_PREFIX = 'parlour';
/** The header the Fastify bridge sets to the client IP it trusts (see plugins/auth.ts). */
export const CLIENT_IP_HEADER = 'x-parlour-client-ip';

/** Wrong passwords one address may try against one account in a window. */
export const SIGN_IN_FAILURES_PER_ADDRESS = 10;
/**
 * Wrong passwords against one account from all addresses together. Past it the account is under
 * attack, and each address may try it only SIGN_IN_TRIES_UNDER_ATTACK times per window (instead
 * of SIGN_IN_FAILURES_PER_ADDRESS): a guesser with many addresses gets three guesses per address,
 * while the owner, even from a new address, gets in after a typo or two (docs/decisions/026).
 */
export const SIGN_IN_FAILURES_PER_ACCOUNT = 50;
export const SIGN_IN_TRIES_UNDER_ATTACK = 3;
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
/** Translated with its number by the bridge (messages.ts): each template is a catalogue key. */
export const SIGN_IN_LOCKED_MESSAGE: CountedTemplate = {
  one: 'Too many sign-in attempts for this account from your network. Try again in {{count, number}} minute.',
  other: 'Too many sign-in attempts for this account from your network. Try again in {{count, number}} minutes.',
};
/** Password-reset e-mails one address receives per hour, whoever asks for them. */
export const RESET_MAILS_PER_HOUR = 3;

type AuthDeps = {
  config: AppConfig;
  db: Db;
  // Only sends: the app closes the mailer it made (plugins/auth.ts).
  mailer: Pick<Mailer, 'send'>;
  secret: string;
  log?: FastifyBaseLogger;
  /** Without it (the schema generator) sessions are not cached: revocations could not reach them. */
  revocations?: SessionRevocations;
  /**
   * Stores the mobile number a new account gave at sign-up, unproven, and texts it a code (the
   * User Home's proof). Without it (the schema generator) a number given is ignored.
   */
  requestPhoneCode?: (userId: string, phone: string, requestLanguage?: Language) => Promise<unknown>;
};

type BodyPath = keyof typeof authRouteBodySchemas;
const isCheckedPath = (path: string): path is BodyPath => Object.hasOwn(authRouteBodySchemas, path);

function badRequest(message: string, issues: FieldIssue[]): APIError {
  // The Fastify bridge (plugins/auth.ts) passes `issues` on in the API's error shape.
  return new APIError('BAD_REQUEST', { message, issues });
}

/**
 * Checks a better-auth route's whole body with the shared schema for it, refusing a field it does
 * not name as the app's own routes do (strict-input.ts, decision 055). Answers the parsed body
 * (trimmed) for better-auth to use, or throws a 400 with field issues.
 */
function checkAuthBody(path: BodyPath, body: unknown): Record<string, unknown> {
  const schema = authRouteBodySchemas[path];
  const unknown = unknownKeyIssues(body, Object.keys(schema.shape));
  if (unknown) throw badRequest(`${UNKNOWN_FIELDS_MESSAGE}.`, unknown);
  const parsed = refuseUnknownFields(schema).safeParse(body ?? {});
  if (!parsed.success) {
    const issues = fieldIssuesOf(parsed.error);
    throw badRequest(issues.length === 1 ? issues[0]!.message : 'Some fields are not valid', issues);
  }
  return parsed.data;
}

/** Counted per account and per client (an IPv6 client by its /64: client-address.ts). */
const signInKeys = (email: string, headers: Headers | undefined) => {
  const address = clientAddressKey(headers?.get(CLIENT_IP_HEADER) ?? 'unknown');
  return { pair: `sign-in-failures:${email}:${address}`, account: `sign-in-failures:${email}` };
};

/** Provider photos (Google, Facebook, OIDC) live on other hosts: the CSP would block them anyway. */
function ownImageOrNull(image: unknown): string | null {
  return imageUrlSchema.safeParse(image).success ? (image as string) : null;
}

/**
 * The language of an e-mail better-auth asks us to send: her saved one (docs/decisions/047), else,
 * for a reset asked before she ever chose, the request's (our API client sends the page's language
 * as Accept-Language), else English.
 */
async function mailLanguage(db: Db, userId: string, request: Request | undefined): Promise<Language> {
  return (await languageOf(db, userId)) ?? negotiateLanguage(request?.headers.get('accept-language') ?? undefined) ?? 'en';
}

/**
 * better-auth's link (`/api/auth/reset-password/<token>?callbackURL=/reset-password`) sends the
 * browser on to `callbackURL`, the page the form asked for in English words: a Bangla reader is
 * sent to the same page under /bn. An absolute callback on our own site is moved the same way.
 */
export function linkInLanguage(url: string, language: Language): string {
  if (language === 'en') return url;
  const link = new URL(url);
  const callback = link.searchParams.get('callbackURL');
  if (!callback) return url;
  if (callback.startsWith('/') && !callback.startsWith('//')) link.searchParams.set('callbackURL', pathIn(language, callback));
  else if (URL.canParse(callback) && new URL(callback).origin === link.origin) {
    const target = new URL(callback);
    link.searchParams.set('callbackURL', `${target.origin}${pathIn(language, `${target.pathname}${target.search}${target.hash}`)}`);
  }
  return link.toString();
}

/** better-auth configured as Parlour's own identity provider (decisions.md section 2). */
export function buildAuthOptions({ config, db, mailer, secret, log, revocations, requestPhoneCode }: AuthDeps) {
  const socialProviders: BetterAuthOptions['socialProviders'] = {};
  if (config.google) socialProviders.google = { ...config.google, prompt: 'select_account' };
  if (config.facebook) socialProviders.facebook = { ...config.facebook };

  return {
    appName: 'Parlour',
    // better-auth's own messages go to the request log, not to the console.
    logger: log
      ? {
          log: (level: 'debug' | 'info' | 'success' | 'warn' | 'error', message: string, ...args: unknown[]) =>
            log[level === 'success' ? 'info' : level]({ args }, `auth: ${message}`),
        }
      : { disabled: true },
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: trustedOriginsOf(config.publicUrl),
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    user: {
      additionalFields: {
        // Never settable by the client: promotions go through the admin routes only.
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      // A signed copy of the session and its user rides in a cookie for a minute, so most requests
      // skip the two session queries. A copy of an ended session or of a changed user is refused
      // at once on every instance (session-revocations.ts); a lost notice lasts one minute at most.
      // 'compact' is one HMAC per request; the copy holds nothing she cannot see on her account page.
      cookieCache: {
        enabled: revocations !== undefined,
        maxAge: SESSION_CACHE_SECONDS,
        strategy: 'compact' as const,
        // A copy's user comes back from JSON: its updatedAt is then a string.
        version: (session: { id: string }, sessionUser: { id: string; updatedAt: Date | string }) =>
          revocations ? revocations.versionOf(session, sessionUser) : '1',
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // better-auth's own scrypt, except in the test suites' apps (password-hashing.ts).
      password: passwordHashingFor(config.nodeEnv),
      sendResetPassword({ user, url }, request) {
        // Not awaited: waiting for SMTP (or the mail limit) would make known e-mails answer slower
        // than unknown ones, telling a stranger which addresses have an account. Past the limit
        // the answer stays the same; only no further mail goes out, so nobody can flood a mailbox.
        void (async () => {
          const verdict = await consumeThrottle(db, `reset-mails:${user.email.toLowerCase()}`, RESET_MAILS_PER_HOUR, 3600);
          if (!verdict.allowed) {
            log?.warn({ userId: user.id }, 'password-reset e-mail not sent: hourly limit for this address reached');
            return;
          }
          const language = await mailLanguage(db, user.id, request);
          await mailer.send({ to: user.email, ...passwordResetMail({ name: user.name, url: linkInLanguage(url, language), language }) });
        })().catch((err: unknown) => log?.error({ err }, 'reset e-mail could not be recorded'));
        return Promise.resolve();
      },
    },
    emailVerification: {
      // Only an ADMIN_EMAILS address needs a proven mailbox (its account becomes admin once the
      // link is opened); customers are not asked to verify anything.
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      sendVerificationEmail({ user, url }, request) {
        if (!config.adminEmails.includes(user.email.toLowerCase())) return Promise.resolve();
        void mailLanguage(db, user.id, request)
          .then((language) => mailer.send({ to: user.email, ...adminVerificationMail({ name: user.name, url: linkInLanguage(url, language), language }) }))
          .catch((err: unknown) => log?.error({ err }, 'verification e-mail could not be recorded'));
        return Promise.resolve();
      },
    },
    socialProviders,
    // Browser flows that fail (a refused OAuth link, a bad state) land on our log-in page, which
    // explains the error in plain words, instead of better-auth's bare error page.
    onAPIError: { errorURL: `${config.publicUrl}/login` },
    plugins: config.oidc
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'oidc',
                discoveryUrl: config.oidc.discoveryUrl,
                clientId: config.oidc.clientId,
                clientSecret: config.oidc.clientSecret,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        // Every page load asks for the session; customers behind one shared address (carrier
        // NAT, an office) must not appear signed out.
        '/get-session': false,
        '/sign-in/email': { window: 60, max: 20 },
        '/sign-up/email': { window: 60, max: 10 },
        '/request-password-reset': { window: 60, max: 5 },
      },
    },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      useSecureCookies: config.publicUrl.startsWith('https://'),
      database: { generateId: 'uuid' },
      // better-auth's limiter, like ours, counts an IPv6 client by its /64 (its default, said here).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER], ipv6Subnet: 64 },
    },
    databaseHooks: {
      session: {
        delete: {
          // Every way a session ends (sign-out, a password reset ending all of hers, expiry clean-up)
          // deletes it through here, after the delete is committed.
          async after(session) {
            if (!revocations) return;
            revocations.sessionEnded(session.id);
            await announceSessionEnded(db, session.id);
          },
        },
      },
      user: {
        create: {
          async before(user) {
            const email = String(user.email).toLowerCase();
            // Only a mailbox someone proved owning may take the salon: a provider that vouches
            // for the address (OAuth) at once, an e-mail sign-up when its link is opened (below).
            const admin = config.adminEmails.includes(email) && user.emailVerified === true;
            return { data: { ...user, image: ownImageOrNull(user.image), role: admin ? 'admin' : 'user' } };
          },
        },
        update: {
          async before(data) {
            if (!('image' in data) || data.image === undefined) return;
            return { data: { ...data, image: ownImageOrNull(data.image) } };
          },
          async after(user) {
            // Her cached sessions carry the old row (a verified address, a new name): refreshed.
            if (revocations) {
              revocations.userChanged(user.id, user.updatedAt);
              await announceUserChanged(db, user.id, user.updatedAt);
            }
            const role = (user as typeof user & { role?: string | null }).role;
            if (user.emailVerified && role !== 'admin' && config.adminEmails.includes(user.email.toLowerCase())) {
              await makeAdmin(db, user.id, revocations);
            }
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (!isCheckedPath(ctx.path) || ctx.request?.method === 'GET') return;
        const body = checkAuthBody(ctx.path, ctx.body);
        if (ctx.path === '/sign-in/email') {
          // Counted per account and address, so a stranger's guesses lock out only the stranger.
          const keys = signInKeys(String(body.email).toLowerCase(), ctx.headers);
          const pair = await consumeThrottle(db, keys.pair, SIGN_IN_FAILURES_PER_ADDRESS, SIGN_IN_WINDOW_SECONDS);
          const account = await consumeThrottle(db, keys.account, SIGN_IN_FAILURES_PER_ACCOUNT, SIGN_IN_WINDOW_SECONDS);
          // `count` includes this attempt, and only failures stay counted (a right password clears
          // the address in `after`). Under attack an address keeps a few tries, not one: the
          // owner's typo from a new address must not lock her out of her own account.
          if (!pair.allowed || (!account.allowed && pair.count > SIGN_IN_TRIES_UNDER_ATTACK)) {
            const minutes = Math.ceil((pair.allowed ? account : pair).retryAfterSeconds / 60);
            throw new APIError('TOO_MANY_REQUESTS', { message: englishMessage(SIGN_IN_LOCKED_MESSAGE, { count: minutes }) });
          }
        }
        return { context: { body } };
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.context.returned instanceof Error) return;
        if (ctx.path === '/sign-up/email') {
          // Checked in `before`; read again here, in E.164, whichever body this hook is shown.
          const phone = optionalPhoneSchema.safeParse((ctx.body as { phone?: unknown } | undefined)?.phone).data;
          const userId = ctx.context.newSession?.user.id;
          if (!phone || !userId || !requestPhoneCode) return;
          // Her account stands whatever happens to the code: a number proven on another account
          // (409) or texted too often (429) is left unset, and her User Home asks for it again.
          await requestPhoneCode(userId, phone, negotiateLanguage(ctx.headers?.get('accept-language') ?? undefined) ?? undefined).catch((err: unknown) => log?.info({ err, userId }, 'the number given at sign-up was not set'));
          return;
        }
        if (ctx.path !== '/sign-in/email') return;
        // A right password: the attempt counted in `before` was no failure after all.
        const body = ctx.body as { email: string };
        const keys = signInKeys(body.email.toLowerCase(), ctx.headers);
        await clearThrottle(db, keys.pair);
        await releaseThrottle(db, keys.account);
      }),
    },
  } satisfies BetterAuthOptions;
}

export function createAuth(deps: AuthDeps) {
  return betterAuth(buildAuthOptions(deps));
}

export type Auth = ReturnType<typeof createAuth>;
