import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, user } from '../db/schema.js';
import { startOidcProvider, type OidcIdentity, type OidcProvider } from '../test/oidc-provider.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const PROVIDER_NAME = 'Salon SSO';
const SESSION_COOKIE = 'parlour.session_token';

const mim: OidcIdentity = {
  sub: 'idp-user-0001',
  email: 'mim.sso@example.com',
  name: 'Mim Hossain',
  picture: 'https://idp.example.com/photos/mim.png',
};

let provider: OidcProvider;
beforeAll(async () => {
  provider = await startOidcProvider();
});
afterAll(async () => provider?.stop());

function startApp(env: Record<string, string> = {}) {
  return createTestApp({
    seed: false,
    env: {
      OIDC_DISCOVERY_URL: provider.discoveryUrl,
      OIDC_CLIENT_ID: 'parlour-web',
      OIDC_CLIENT_SECRET: 'parlour-web-secret',
      OIDC_NAME: PROVIDER_NAME,
      ...env,
    },
  });
}

let browsers = 0;

/**
 * One browser: keeps the cookies the app sets and sends them back. Each has its own address, as
 * better-auth allows only 3 sign-in starts per 10 seconds from one IP.
 */
class Browser {
  readonly cookies = new Map<string, string>();
  private readonly ip = `10.0.0.${++browsers}`;

  constructor(private readonly t: TestApp) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async get(url: string) {
    return this.keep(await this.t.app.inject({ method: 'GET', url, remoteAddress: this.ip, headers: { cookie: this.cookieHeader } }));
  }

  async post(url: string, payload: object) {
    const headers = { cookie: this.cookieHeader, origin: this.t.config.publicUrl };
    return this.keep(await this.t.app.inject({ method: 'POST', url, payload, remoteAddress: this.ip, headers }));
  }

  private keep<R extends { headers: Record<string, unknown> }>(res: R): R {
    const setCookie = res.headers['set-cookie'] as string | string[] | undefined;
    for (const line of [setCookie ?? []].flat()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1);
      if (value === '' || /;\s*max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
}

/** Clicks "Sign in with …" and signs in at the provider; returns the callback URL it sends back. */
async function startSignIn(browser: Browser): Promise<URL> {
  const res = await browser.post('/api/auth/sign-in/social', { provider: 'oidc', callbackURL: '/' });
  expect(res.statusCode).toBe(200);
  const { url } = res.json<{ url: string; redirect: boolean }>();
  return provider.authorize(url);
}

async function sessionOf(t: TestApp, cookie: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json<{ user: { id: string; name: string; email: string; image: string | null; role: string; emailVerified: boolean } } | null>();
}

function pathOf(url: URL): string {
  return url.pathname + url.search;
}

describe('sign-in with an OpenID Connect provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    provider.signInAs(mim);
    t = await startApp();
  });
  afterAll(async () => t?.close());

  it('is offered in the auth config under its configured name', async () => {
    const res = await t.app.inject({ url: '/api/config/auth' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ oidc: { id: 'oidc', name: PROVIDER_NAME } });
  });

  it('sends the browser to the provider with a state bound to a cookie, PKCE and a nonce', async () => {
    const browser = new Browser(t);
    const res = await browser.post('/api/auth/sign-in/social', { provider: 'oidc', callbackURL: '/' });
    expect(res.statusCode).toBe(200);
    const { url, redirect } = res.json<{ url: string; redirect: boolean }>();
    expect(redirect).toBe(true);

    const authorize = new URL(url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(provider.authorizeEndpoint);
    const params = Object.fromEntries(authorize.searchParams);
    expect(params).toMatchObject({
      client_id: 'parlour-web',
      response_type: 'code',
      redirect_uri: `${t.config.publicUrl}/api/auth/callback/oidc`,
      code_challenge_method: 'S256',
    });
    expect(params.scope?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(params.state).toBeTruthy();
    expect(params.nonce).toBeTruthy();
    expect(params.code_challenge).toBeTruthy();
    expect(browser.cookies.has('parlour.state')).toBe(true);
  });

  it("signs a new customer in end to end with the provider's name and e-mail, but not its outside photo", async () => {
    const browser = new Browser(t);
    const callback = await startSignIn(browser);
    expect(callback.origin).toBe(t.config.publicUrl);
    expect(callback.pathname).toBe('/api/auth/callback/oidc');
    expect(callback.searchParams.get('code')).toBeTruthy();

    const res = await browser.get(pathOf(callback));
    expect(res.statusCode).toBe(302);
    expect(new URL(String(res.headers.location), t.config.publicUrl).href).toBe(`${t.config.publicUrl}/`);
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(true);

    const session = await sessionOf(t, browser.cookieHeader);
    // The photo lives on the provider's host: stored, it would be a tracking pixel the CSP blocks.
    expect(session?.user).toMatchObject({ name: mim.name, email: mim.email, image: null, role: 'user', emailVerified: true });

    const links = await t.database.db.select().from(account).where(eq(account.userId, session!.user.id));
    expect(links).toEqual([expect.objectContaining({ providerId: 'oidc', accountId: mim.sub })]);
  });

  it('signs the same provider identity into the same account the next time', async () => {
    const first = await t.database.db.select().from(user).where(eq(user.email, mim.email));
    expect(first).toHaveLength(1);
    const usersBefore = (await t.database.db.select().from(user)).length;

    const browser = new Browser(t);
    const res = await browser.get(pathOf(await startSignIn(browser)));
    expect(res.statusCode).toBe(302);

    const session = await sessionOf(t, browser.cookieHeader);
    expect(session?.user.id).toBe(first[0]!.id);
    expect((await t.database.db.select().from(user)).length).toBe(usersBefore);
    expect(await t.database.db.select().from(account).where(eq(account.providerId, 'oidc'))).toHaveLength(1);
  });

  it('signs no one in when the state does not match the one the browser started with', async () => {
    const browser = new Browser(t);
    const callback = await startSignIn(browser);
    callback.searchParams.set('state', 'forged-state-value-00000000000000');

    const res = await browser.get(pathOf(callback));
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location), t.config.publicUrl);
    // Failed browser flows land on the log-in page, which explains the error.
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toMatch(/state/);
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await sessionOf(t, browser.cookieHeader)).toBeNull();
  });

  it('signs no one in when the callback reaches a browser that did not start the sign-in', async () => {
    const victim = new Browser(t);
    // The attacker's own, genuine callback URL, opened in someone else's browser (login CSRF).
    const callback = await startSignIn(new Browser(t));

    const res = await victim.get(pathOf(callback));
    expect(res.statusCode).toBe(302);
    expect(new URL(String(res.headers.location), t.config.publicUrl).searchParams.get('error')).toMatch(/state/);
    expect(victim.cookies.has(SESSION_COOKIE)).toBe(false);
  });
});

describe('sign-in with the provider for an e-mail in ADMIN_EMAILS', () => {
  const owner: OidcIdentity = { sub: 'idp-user-0002', email: 'owner@parlour.test', name: 'Salon Owner', picture: 'https://idp.example.com/photos/owner.png' };
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ ADMIN_EMAILS: `someone@example.com, ${owner.email}` });
  });
  afterAll(async () => t?.close());

  it('creates the account as an admin', async () => {
    provider.signInAs(owner);
    const browser = new Browser(t);
    const res = await browser.get(pathOf(await startSignIn(browser)));
    expect(res.statusCode).toBe(302);

    const session = await sessionOf(t, browser.cookieHeader);
    expect(session?.user).toMatchObject({ email: owner.email, role: 'admin' });
    // ...and the admin-only routes let her in.
    const users = await t.app.inject({ url: '/api/user', headers: { cookie: browser.cookieHeader } });
    expect(users.statusCode).toBe(200);
  });
});
