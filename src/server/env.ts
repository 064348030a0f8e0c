import path from 'node:path';
import { z } from 'zod';

/**
 * The only place that reads process.env. Parsed once at start; a wrong value stops start-up with a
 * message naming the variable (see README "Configuration").
 */
const booleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFromString.default(false),
  SEED_DEMO_DATA: booleanFromString.default(true),
  SEED_DEMO_ACCOUNTS: booleanFromString.optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL such as http://localhost:3000' }).optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAILS: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_DISCOVERY_URL: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).default('Single sign-on'),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('Parlour <no-reply@parlour.local>'),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_... or rk_...)').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must be a Stripe publishable key (pk_...)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_...)').optional(),
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  PAYMENTS: z.enum(['test', 'stripe', 'sslcommerz'], { message: "must be 'test' (the built-in test card gateway), 'stripe' or 'sslcommerz'" }).optional(),
  SSLCOMMERZ_STORE_ID: z.string().min(1).optional(),
  SSLCOMMERZ_STORE_PASSWORD: z.string().min(1).optional(),
  SSLCOMMERZ_SANDBOX: booleanFromString.default(true),
  SSLCOMMERZ_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  SHOW_OUTBOX: booleanFromString.optional(),
  SMS_GATEWAY: z.enum(['local', 'sslwireless'], { message: "must be 'local' (texts kept for the admin only) or 'sslwireless'" }).optional(),
  SSLWIRELESS_API_TOKEN: z.string().min(1).optional(),
  SSLWIRELESS_SID: z.string().min(1).max(20, 'must be at most 20 characters').optional(),
  SSLWIRELESS_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  UPLOAD_GRACE_MINUTES: z.coerce.number().int().min(0).max(10080).default(1440),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SLOW_QUERY_MS: z.coerce.number().int().min(0).max(600_000).default(500),
});

type OAuthClient = { clientId: string; clientSecret: string };

export type AppConfig = {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  seedDemoData: boolean;
  /** Demo admin and customer accounts: on by default outside production (`npm start` asks for them). */
  seedDemoAccounts: boolean;
  publicUrl: string;
  authSecret: string | undefined;
  adminEmails: string[];
  google: OAuthClient | undefined;
  facebook: OAuthClient | undefined;
  oidc: (OAuthClient & { discoveryUrl: string; name: string }) | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** How long an upload nobody refers to is kept (a form uploads first, then saves). */
  uploadGraceMinutes: number;
  /**
   * On SIGTERM, how long the server keeps serving while /api/health/ready answers 503, so that a
   * proxy's health check takes it out of rotation before it stops accepting connections.
   */
  shutdownDrainMs: number;
  /** The bearer token `/metrics` asks for; unset, `/metrics` answers 404. */
  metricsToken: string | undefined;
  /** A statement slower than this (ms) is logged with its name; 0: none are. */
  slowQueryMs: number;
  /**
   * The admin's 'Sent e-mails' page (the outbox with each mail's body, reset links included): on
   * outside production and under `npm start`, off in a deployment unless SHOW_OUTBOX=true.
   */
  showOutbox: boolean;
  /**
   * Who takes the card payments. A deployment (production) must say so: the test gateway is never
   * taken by default there, only when PAYMENTS=test asks for it.
   */
  payments: 'test' | 'stripe' | 'sslcommerz';
  /** Present exactly when `payments` is 'stripe'. */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string; apiBase: URL | undefined } | undefined;
  /**
   * Present exactly when `payments` is 'sslcommerz'. `sandbox` picks SSLCommerz's sandbox (no real
   * money; the payment page says Test mode); `apiBase` is where the API calls go (the sandbox, the
   * live API, or SSLCOMMERZ_API_BASE: a fake on this machine).
   */
  sslcommerz: { storeId: string; storePassword: string; sandbox: boolean; apiBase: URL } | undefined;
  /**
   * Where texts go: 'local' keeps them for the admin's 'Sent SMS' page only (the default);
   * 'sslwireless' sends them through SSL Wireless (SSLWIRELESS_API_BASE: a fake on this machine).
   */
  sms: { gateway: 'local' } | { gateway: 'sslwireless'; apiToken: string; sid: string; apiBase: URL };
};

/** SSL Wireless ISMS Plus, where texts go unless SSLWIRELESS_API_BASE names another (a local fake). */
export const SSLWIRELESS_API_BASE = 'https://smsplus.sslwireless.com';
export const SSLCOMMERZ_SANDBOX_BASE = 'https://sandbox.sslcommerz.com';
export const SSLCOMMERZ_LIVE_BASE = 'https://securepay.sslcommerz.com';

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Empty strings count as unset, so `PORT=` in a .env file falls back to the default. */
function withoutEmpty(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(withoutEmpty(source));
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const problems: string[] = [];
  const pair = (prefix: string, id: string | undefined, secret: string | undefined): OAuthClient | undefined => {
    if (id && secret) return { clientId: id, clientSecret: secret };
    if (id || secret) problems.push(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET: set both or neither`);
    return undefined;
  };
  const google = pair('GOOGLE', env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET);
  const facebook = pair('FACEBOOK', env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET);
  const oidcClient = pair('OIDC', env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET);
  if (Boolean(oidcClient) !== Boolean(env.OIDC_DISCOVERY_URL) && (oidcClient || env.OIDC_DISCOVERY_URL)) {
    problems.push('OIDC_DISCOVERY_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all three or none');
  }
  const stripeKeys = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET];
  const hasStripeKeys = stripeKeys.every(Boolean);
  if (stripeKeys.some(Boolean) && !hasStripeKeys) {
    problems.push('STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: set all three or none');
  }
  const sslKeys = { SSLCOMMERZ_STORE_ID: env.SSLCOMMERZ_STORE_ID, SSLCOMMERZ_STORE_PASSWORD: env.SSLCOMMERZ_STORE_PASSWORD };
  const hasSslKeys = Object.values(sslKeys).some(Boolean);
  const payments = env.PAYMENTS ?? (hasStripeKeys ? 'stripe' : env.NODE_ENV === 'production' ? undefined : 'test');
  if (payments === undefined) {
    // A deployment that forgot its Stripe keys must not quietly take test cards from real customers.
    problems.push('PAYMENTS: set PAYMENTS=test to run the built-in test card gateway, PAYMENTS=sslcommerz with the SSLCOMMERZ_* keys, or set the STRIPE_* keys');
  } else if (payments === 'stripe' && !stripeKeys.some(Boolean)) {
    problems.push('PAYMENTS=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET');
  } else if (payments !== 'stripe' && stripeKeys.some(Boolean)) {
    problems.push(`PAYMENTS=${payments} but STRIPE_* keys are set: remove the keys, or set PAYMENTS=stripe`);
  }
  if (payments === 'sslcommerz') {
    const missing = Object.entries(sslKeys).filter(([, value]) => !value).map(([name]) => name);
    if (missing.length > 0) problems.push(`PAYMENTS=sslcommerz needs ${missing.join(' and ')}`);
    // SSLCommerz posts every payment's outcome (the IPN) to PUBLIC_URL: a guessed localhost never hears it.
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) problems.push('PAYMENTS=sslcommerz needs PUBLIC_URL (SSLCommerz sends its payment notifications there)');
  } else if (hasSslKeys) {
    // Keys of a processor nobody asked for are a mistake (a deployment half moved): say so rather than guess.
    problems.push(`SSLCOMMERZ_* keys are set but PAYMENTS is ${payments ?? 'unset'}: set PAYMENTS=sslcommerz, or remove the keys`);
  }
  const smsGateway = env.SMS_GATEWAY ?? (env.SSLWIRELESS_API_TOKEN ? 'sslwireless' : 'local');
  if (smsGateway === 'sslwireless') {
    const missing = Object.entries({ SSLWIRELESS_API_TOKEN: env.SSLWIRELESS_API_TOKEN, SSLWIRELESS_SID: env.SSLWIRELESS_SID })
      .filter(([, value]) => !value)
      .map(([name]) => name);
    if (missing.length > 0) problems.push(`SMS_GATEWAY=sslwireless needs ${missing.join(' and ')}`);
  } else if (env.SSLWIRELESS_API_TOKEN || env.SSLWIRELESS_SID) {
    problems.push('SSLWIRELESS_* keys are set but SMS_GATEWAY is local: set SMS_GATEWAY=sslwireless, or remove the keys');
  }
  if (problems.length > 0 || !payments) throw new ConfigError(problems);
  return {
    nodeEnv: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    seedDemoData: env.SEED_DEMO_DATA,
    seedDemoAccounts: env.SEED_DEMO_ACCOUNTS ?? env.NODE_ENV !== 'production',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    authSecret: env.AUTH_SECRET,
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    google,
    facebook,
    oidc: oidcClient && env.OIDC_DISCOVERY_URL ? { ...oidcClient, discoveryUrl: env.OIDC_DISCOVERY_URL, name: env.OIDC_NAME } : undefined,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    uploadGraceMinutes: env.UPLOAD_GRACE_MINUTES,
    // A deployment sits behind a proxy that needs a few health checks to notice; elsewhere nothing does.
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS ?? (env.NODE_ENV === 'production' ? 5000 : 0),
    metricsToken: env.METRICS_TOKEN,
    slowQueryMs: env.SLOW_QUERY_MS,
    showOutbox: env.SHOW_OUTBOX ?? env.NODE_ENV !== 'production',
    payments,
    stripe:
      payments === 'stripe' && env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiBase: env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined,
          }
        : undefined,
    sslcommerz:
      payments === 'sslcommerz' && env.SSLCOMMERZ_STORE_ID && env.SSLCOMMERZ_STORE_PASSWORD
        ? {
            storeId: env.SSLCOMMERZ_STORE_ID,
            storePassword: env.SSLCOMMERZ_STORE_PASSWORD,
            sandbox: env.SSLCOMMERZ_SANDBOX,
            apiBase: new URL(env.SSLCOMMERZ_API_BASE ?? (env.SSLCOMMERZ_SANDBOX ? SSLCOMMERZ_SANDBOX_BASE : SSLCOMMERZ_LIVE_BASE)),
          }
        : undefined,
    sms:
      smsGateway === 'sslwireless' && env.SSLWIRELESS_API_TOKEN && env.SSLWIRELESS_SID
        ? { gateway: 'sslwireless', apiToken: env.SSLWIRELESS_API_TOKEN, sid: env.SSLWIRELESS_SID, apiBase: new URL(env.SSLWIRELESS_API_BASE ?? SSLWIRELESS_API_BASE) }
        : { gateway: 'local' },
  };
}
