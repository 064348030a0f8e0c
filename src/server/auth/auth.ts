import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import * as schema from '../db/schema.js';
import type { AppConfig } from '../env.js';
import type { Mailer } from '../mail/mailer.js';
import { consumeThrottle } from '../repositories/throttles.js';
import { trustedOriginsOf } from '../origins.js';
import { passwordSchema, nameSchema } from '../../shared/user.js';

export const AUTH_BASE_PATH = '/api/auth';
/** The header the Fastify bridge sets to the client IP it trusts (see plugins/auth.ts). */
export const CLIENT_IP_HEADER = 'x-parlour-client-ip';

export const SIGN_IN_LIMIT_PER_EMAIL = 10;
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;

type AuthDeps = { config: AppConfig; db: Db; mailer: Mailer; secret: string; log?: FastifyBaseLogger };

function firstIssue(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

/** better-auth configured as Parlour's own identity provider (decisions.md section 2). */
export function buildAuthOptions({ config, db, mailer, secret, log }: AuthDeps) {
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
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword({ user, url }) {
        // Not awaited: waiting for SMTP would make known e-mails answer slower than unknown ones,
        // telling a stranger which addresses have an account.
        void mailer
          .send({
            to: user.email,
            subject: 'Reset your Parlour password',
            text: `Hello ${user.name},\n\nSomeone (hopefully you) asked to reset the password of your Parlour account.\nOpen this link within one hour to choose a new password:\n\n${url}\n\nIf you did not ask for this, ignore this e-mail: your password stays the same.\n\nParlour beauty salon`,
          })
          .catch((err: unknown) => log?.error({ err }, 'reset e-mail could not be recorded'));
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
      cookiePrefix: 'parlour',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      database: { generateId: 'uuid' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      user: {
        create: {
          async before(user) {
            const email = String(user.email).toLowerCase();
            return { data: { ...user, role: config.adminEmails.includes(email) ? 'admin' : 'user' } };
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (ctx.path === '/sign-up/email') {
          const problem = firstIssue(nameSchema.safeParse(body.name)) ?? firstIssue(passwordSchema.safeParse(body.password));
          if (problem) throw new APIError('BAD_REQUEST', { message: problem });
        }
        if (ctx.path === '/reset-password') {
          const problem = firstIssue(passwordSchema.safeParse(body.newPassword));
          if (problem) throw new APIError('BAD_REQUEST', { message: problem });
        }
        if (ctx.path === '/sign-in/email' && typeof body.email === 'string') {
          // Per account, on top of better-auth's per-IP limit: slows guessing one woman's password
          // from many addresses.
          const key = `sign-in:${body.email.trim().toLowerCase()}`;
          const verdict = await consumeThrottle(db, key, SIGN_IN_LIMIT_PER_EMAIL, SIGN_IN_WINDOW_SECONDS);
          if (!verdict.allowed) {
            const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
            throw new APIError('TOO_MANY_REQUESTS', {
              message: `Too many sign-in attempts for this account. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
            });
          }
        }
      }),
    },
  } satisfies BetterAuthOptions;
}

export function createAuth(deps: AuthDeps) {
  return betterAuth(buildAuthOptions(deps));
}

export type Auth = ReturnType<typeof createAuth>;
