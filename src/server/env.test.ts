import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

describe('loadConfig', () => {
  it('gives a newcomer working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, nodeEnv: 'development', databaseUrl: undefined, seedDemoData: true });
    expect(config.dataDir).toBe(path.resolve('data'));
  });

  it('reads PORT, DATA_DIR and DATABASE_URL', () => {
    const config = loadConfig({ PORT: '4100', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(config).toMatchObject({ port: 4100, dataDir: '/tmp/x', databaseUrl: 'postgres://u@h:5432/db' });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('names every wrong variable', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    expect(message).toMatch(/PORT:/);
    expect(message).toMatch(/DATABASE_URL: must be a postgres/);
    expect(message).toMatch(/LOG_LEVEL:/);
  });
});

describe('PAYMENTS', () => {
  const stripeKeys = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (err) {
      if (err instanceof ConfigError) return err.problems;
      throw err;
    }
    return [];
  };

  it('refuses a deployment with no Stripe keys unless PAYMENTS=test asks for the test gateway', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'PAYMENTS: set PAYMENTS=test to run the built-in test card gateway, PAYMENTS=sslcommerz with the SSLCOMMERZ_* keys, or set the STRIPE_* keys',
    ]);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'test' })).toMatchObject({ payments: 'test', stripe: undefined });
  });

  it('takes Stripe when its keys are set, in production too', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...stripeKeys })).toMatchObject({ payments: 'stripe', stripe: { secretKey: 'sk_test_1' } });
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'stripe', ...stripeKeys }).payments).toBe('stripe');
  });

  it('keeps the test gateway the default outside production', () => {
    expect(loadConfig({}).payments).toBe('test');
    expect(loadConfig({ NODE_ENV: 'test' }).payments).toBe('test');
  });

  it('names the missing keys for PAYMENTS=stripe, and refuses keys beside PAYMENTS=test', () => {
    expect(problemsOf({ PAYMENTS: 'stripe' })).toEqual([
      'PAYMENTS=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
    ]);
    expect(problemsOf({ PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1' })).toEqual([
      'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: set all three or none',
    ]);
    expect(problemsOf({ PAYMENTS: 'test', ...stripeKeys })).toEqual([
      'PAYMENTS=test but STRIPE_* keys are set: remove the keys, or set PAYMENTS=stripe',
    ]);
    expect(problemsOf({ PAYMENTS: 'paypal' })).toEqual([expect.stringMatching(/^PAYMENTS: must be 'test'/)]);
  });

  const sslKeys = { SSLCOMMERZ_STORE_ID: 'parlour0001', SSLCOMMERZ_STORE_PASSWORD: 'parlour0001@ssl' };

  it('takes SSLCommerz when PAYMENTS=sslcommerz names it: the sandbox unless SSLCOMMERZ_SANDBOX=false, or an API base given', () => {
    expect(loadConfig({ PAYMENTS: 'sslcommerz', ...sslKeys })).toMatchObject({
      payments: 'sslcommerz',
      stripe: undefined,
      sslcommerz: { storeId: 'parlour0001', storePassword: 'parlour0001@ssl', sandbox: true, apiBase: new URL('https://sandbox.sslcommerz.com') },
    });
    const live = { NODE_ENV: 'production', PUBLIC_URL: 'https://parlour.example', PAYMENTS: 'sslcommerz', SSLCOMMERZ_SANDBOX: 'false', ...sslKeys };
    expect(loadConfig(live).sslcommerz).toMatchObject({ sandbox: false, apiBase: new URL('https://securepay.sslcommerz.com') });
    expect(loadConfig({ ...live, SSLCOMMERZ_API_BASE: 'http://127.0.0.1:7070' }).sslcommerz?.apiBase).toEqual(new URL('http://127.0.0.1:7070'));
    // A deployment on the sandbox starts (the app warns, and the page says Test mode).
    expect(loadConfig({ ...live, SSLCOMMERZ_SANDBOX: 'true' }).sslcommerz?.sandbox).toBe(true);
    expect(loadConfig({}).sslcommerz).toBeUndefined();
  });

  it('names the missing SSLCommerz keys, wants PUBLIC_URL in production, and refuses keys nobody asked for', () => {
    expect(problemsOf({ PAYMENTS: 'sslcommerz' })).toEqual(['PAYMENTS=sslcommerz needs SSLCOMMERZ_STORE_ID and SSLCOMMERZ_STORE_PASSWORD']);
    expect(problemsOf({ PAYMENTS: 'sslcommerz', SSLCOMMERZ_STORE_ID: 'parlour0001' })).toEqual(['PAYMENTS=sslcommerz needs SSLCOMMERZ_STORE_PASSWORD']);
    expect(problemsOf({ NODE_ENV: 'production', PAYMENTS: 'sslcommerz', ...sslKeys })).toEqual([
      'PAYMENTS=sslcommerz needs PUBLIC_URL (SSLCommerz sends its payment notifications there)',
    ]);
    expect(problemsOf({ ...sslKeys })).toEqual(['SSLCOMMERZ_* keys are set but PAYMENTS is test: set PAYMENTS=sslcommerz, or remove the keys']);
    expect(problemsOf({ PAYMENTS: 'sslcommerz', ...sslKeys, ...stripeKeys })).toEqual([
      'PAYMENTS=sslcommerz but STRIPE_* keys are set: remove the keys, or set PAYMENTS=stripe',
    ]);
    expect(problemsOf({ PAYMENTS: 'sslcommerz', ...sslKeys, SSLCOMMERZ_SANDBOX: 'maybe' })).toEqual([expect.stringMatching(/^SSLCOMMERZ_SANDBOX:/)]);
  });
});

describe('SHOW_OUTBOX', () => {
  it('shows the sent e-mails outside production, and in production only when asked', () => {
    expect(loadConfig({}).showOutbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'test' }).showOutbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'test', SHOW_OUTBOX: 'true' }).showOutbox).toBe(true);
    expect(loadConfig({ SHOW_OUTBOX: 'false' }).showOutbox).toBe(false);
  });
});

describe('SHUTDOWN_DRAIN_MS and METRICS_TOKEN', () => {
  it('drains for five seconds in production and not at all elsewhere, unless told', () => {
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'test' }).shutdownDrainMs).toBe(5000);
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'test', SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '1500' }).shutdownDrainMs).toBe(1500);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: 'soon' })).toThrow(/SHUTDOWN_DRAIN_MS:/);
  });

  it('keeps /metrics off unless a long enough token is set', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-token' }).metricsToken).toBe('a-long-enough-token');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });
});

describe('SMS_GATEWAY', () => {
  const keys = { SSLWIRELESS_API_TOKEN: 'token-0001', SSLWIRELESS_SID: 'PARLOUR' };
  it('keeps texts here unless SSL Wireless is configured, and sends through it when it is', () => {
    expect(loadConfig({}).sms).toEqual({ gateway: 'local' });
    expect(loadConfig(keys).sms).toEqual({ gateway: 'sslwireless', apiToken: 'token-0001', sid: 'PARLOUR', apiBase: new URL('https://smsplus.sslwireless.com') });
    expect(loadConfig({ ...keys, SMS_GATEWAY: 'sslwireless', SSLWIRELESS_API_BASE: 'http://127.0.0.1:7171' }).sms).toMatchObject({ apiBase: new URL('http://127.0.0.1:7171') });
  });

  it('names what is missing or left over', () => {
    expect(() => loadConfig({ SMS_GATEWAY: 'sslwireless', SSLWIRELESS_SID: 'PARLOUR' })).toThrow('SMS_GATEWAY=sslwireless needs SSLWIRELESS_API_TOKEN');
    expect(() => loadConfig({ ...keys, SMS_GATEWAY: 'local' })).toThrow('SSLWIRELESS_* keys are set but SMS_GATEWAY is local');
    expect(() => loadConfig({ SMS_GATEWAY: 'twilio' })).toThrow(/SMS_GATEWAY: must be 'local'/);
    expect(() => loadConfig({ ...keys, SSLWIRELESS_SID: 'A-SENDER-ID-THAT-IS-TOO-LONG' })).toThrow(/SSLWIRELESS_SID: must be at most 20 characters/);
  });
});
