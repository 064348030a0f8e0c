import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { verification } from '../db/schema.js';
import { statementsSent } from '../db/statement-counter.js';
import { cookieFrom, signIn, signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { createSiblingApp, createTestApp, type TestApp } from '../test/test-app.js';
import type { App } from '../types.js';
import { SESSION_CACHE_SECONDS, SESSIONS_CHANNEL } from './session-revocations.js';

/**
 * Sessions are served from better-auth's signed cookie copy (session-revocations.ts). These tests
 * replay the cookies a browser held before a sign-out, a demotion or a password reset, as a thief
 * or a stale tab would, and expect them refused at once; and a copy that was tampered with or has
 * expired is never taken at its word.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const CACHE_COOKIE = 'parlour.session_data';

/** The browser's cookie jar: what it sends after taking in these Set-Cookie headers. */
function taking(cookie: string, setCookie: string | string[] | undefined): string {
  const jar = new Map(cookie.split('; ').filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
  for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
    const [pair = ''] = line.split(';');
    const name = pair.slice(0, pair.indexOf('='));
    const value = pair.slice(pair.indexOf('=') + 1);
    if (value === '' || /max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** A GET as the browser holding `cookie`; answers the status and the cookie it holds after. */
async function browse(app: App, cookie: string, url: string) {
  const res = await app.inject({ method: 'GET', url, headers: { cookie } });
  return { status: res.statusCode, body: res.body, cookie: taking(cookie, res.headers['set-cookie']) };
}

function post(app: App, cookie: string, url: string, payload: object = {}) {
  return app.inject({ method: 'POST', url, headers: { origin: app.config.publicUrl, cookie }, payload });
}

/** Statements the app sends while `run` runs. */
async function counted(app: App, run: () => Promise<unknown>): Promise<number> {
  const before = statementsSent(app.db)!;
  await run();
  return statementsSent(app.db)! - before;
}

/** Asks until the answer is `status`, for up to `ms`; answers the last status seen. */
async function settlesTo(app: App, cookie: string, url: string, status: number, ms = 2000): Promise<number> {
  const deadline = Date.now() + ms;
  for (;;) {
    const seen = (await browse(app, cookie, url)).status;
    if (seen === status || Date.now() > deadline) return seen;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** An admin whose browser holds a cached copy that says admin (read once from the database). */
async function cachedAdmin(app: App): Promise<Account> {
  const admin = await signUpAdmin(app);
  const first = await browse(app, admin.cookie, `/api/user/admin/${admin.email}`);
  expect(first.body).toBe('{"admin":true}');
  return { ...admin, cookie: first.cookie };
}

function decodeCopy(cookie: string): { session: { user: Record<string, unknown> }; expiresAt: number; signature: string } {
  const value = cookie.split('; ').find((pair) => pair.startsWith(`${CACHE_COOKIE}=`))!.slice(CACHE_COOKIE.length + 1);
  return JSON.parse(Buffer.from(decodeURIComponent(value), 'base64url').toString('utf8'));
}

function withCopy(cookie: string, copy: object): string {
  const value = Buffer.from(JSON.stringify(copy)).toString('base64url');
  return cookie.split('; ').map((pair) => (pair.startsWith(`${CACHE_COOKIE}=`) ? `${CACHE_COOKIE}=${value}` : pair)).join('; ');
}

describe('the cached session', () => {
  it('answers a signed-in request without asking the database for the session', async () => {
    const customer = await signUp(t.app);
    expect(customer.cookie).toContain(`${CACHE_COOKIE}=`);
    let seen: Awaited<ReturnType<typeof browse>> | undefined;
    // Her own admin check is answered from the session alone: with the copy, no statement at all.
    expect(await counted(t.app, async () => (seen = await browse(t.app, customer.cookie, `/api/user/admin/${customer.email}`)))).toBe(0);
    expect(seen).toMatchObject({ status: 200, body: '{"admin":false}' });
  });

  it('refuses a signed-out session at once, even when its cookies are sent again; her other session stays', async () => {
    const customer = await signUp(t.app);
    const otherDevice = cookieFrom((await signIn(t.app, customer.email, customer.password)).headers['set-cookie']);
    expect((await browse(t.app, customer.cookie, '/api/cart')).status).toBe(200);

    expect((await post(t.app, customer.cookie, '/api/auth/sign-out')).statusCode).toBe(200);
    expect((await browse(t.app, customer.cookie, '/api/cart')).status).toBe(401);
    expect((await browse(t.app, otherDevice, '/api/cart')).status).toBe(200);
  });

  it('refuses a demoted admin on admin routes at once, though her copy still says admin', async () => {
    const demoted = await cachedAdmin(t.app);
    const other = await cachedAdmin(t.app);
    expect((await browse(t.app, demoted.cookie, '/api/user')).status).toBe(200);
    expect(decodeCopy(demoted.cookie).session.user.role).toBe('admin');

    const res = await t.app.inject({ method: 'PATCH', url: `/api/user/admin-remove/${demoted.id}`, headers: { origin: t.config.publicUrl, cookie: other.cookie } });
    expect(res.statusCode).toBe(200);
    expect((await browse(t.app, demoted.cookie, '/api/user')).status).toBe(403);
    expect((await browse(t.app, demoted.cookie, `/api/user/admin/${demoted.email}`)).body).toBe('{"admin":false}');
  });

  it('a password reset ends every session she had', async () => {
    const customer = await signUp(t.app);
    const otherDevice = cookieFrom((await signIn(t.app, customer.email, customer.password)).headers['set-cookie']);
    expect((await browse(t.app, customer.cookie, '/api/cart')).status).toBe(200);
    expect((await browse(t.app, otherDevice, '/api/cart')).status).toBe(200);

    expect((await post(t.app, '', '/api/auth/request-password-reset', { email: customer.email, redirectTo: '/reset-password' })).statusCode).toBe(200);
    const [request] = await t.app.db
      .select({ identifier: verification.identifier })
      .from(verification)
      .where(and(like(verification.identifier, 'reset-password:%'), eq(verification.value, customer.id)));
    const token = request!.identifier.slice('reset-password:'.length);
    expect((await post(t.app, '', '/api/auth/reset-password', { newPassword: 'Fresh456', token })).statusCode).toBe(200);

    expect((await browse(t.app, customer.cookie, '/api/cart')).status).toBe(401);
    expect((await browse(t.app, otherDevice, '/api/cart')).status).toBe(401);
    expect((await signIn(t.app, customer.email, 'Fresh456')).statusCode).toBe(200);
  });

  it('shows her new name at once after she changes it', async () => {
    const customer = await signUp(t.app, { name: 'Old Name' });
    const before = await browse(t.app, customer.cookie, '/api/auth/get-session');
    expect(before.body).toContain('Old Name');
    expect((await post(t.app, before.cookie, '/api/user', { name: 'New Name' })).statusCode).toBe(200);
    expect((await browse(t.app, before.cookie, '/api/auth/get-session')).body).toContain('New Name');
  });

  it('never trusts a copy that was tampered with: the database answers', async () => {
    const customer = await signUp(t.app);
    const copy = decodeCopy(customer.cookie);
    expect(copy.session.user.role).toBe('user');
    copy.session.user.role = 'admin';
    const forged = withCopy(customer.cookie, copy);

    const res = await browse(t.app, forged, '/api/user');
    expect(res.status).toBe(403);
    expect((await browse(t.app, forged, `/api/user/admin/${customer.email}`)).body).toBe('{"admin":false}');
    // The browser is handed a true copy in place of the forged one.
    expect(decodeCopy(res.cookie).session.user.role).toBe('user');
  });

  it(`trusts a copy for ${SESSION_CACHE_SECONDS} s at most: then the database answers (the bound when a notice is lost)`, async () => {
    const customer = await signUp(t.app);
    expect((await browse(t.app, customer.cookie, '/api/cart')).status).toBe(200);
    // Her session is removed behind the app's back: no instance hears of it.
    await t.app.db.execute(sql`delete from session where user_id = ${customer.id}`);
    expect((await browse(t.app, customer.cookie, '/api/cart')).status).toBe(200);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (SESSION_CACHE_SECONDS + 1) * 1000);
    expect((await browse(t.app, customer.cookie, '/api/cart')).status).toBe(401);
  });
});

describe('two app instances on one database', () => {
  let sibling: Awaited<ReturnType<typeof createSiblingApp>>;
  beforeAll(async () => {
    sibling = await createSiblingApp(t);
  });
  afterAll(async () => {
    await sibling?.close();
  });

  it("each refuses a session signed out on the other, within the notice's travel time", async () => {
    const customer = await signUp(t.app);
    // The other instance serves her from the copy the first one signed.
    expect(await counted(sibling.app, async () => expect((await browse(sibling.app, customer.cookie, `/api/user/admin/${customer.email}`)).status).toBe(200))).toBe(0);

    expect((await post(t.app, customer.cookie, '/api/auth/sign-out')).statusCode).toBe(200);
    expect(await settlesTo(sibling.app, customer.cookie, '/api/cart', 401)).toBe(401);
  });

  it('each refuses an admin demoted on the other on its admin routes', async () => {
    const demoted = await cachedAdmin(t.app);
    const other = await cachedAdmin(t.app);
    expect((await browse(sibling.app, demoted.cookie, '/api/user')).status).toBe(200);

    const res = await sibling.app.inject({ method: 'PATCH', url: `/api/user/admin-remove/${demoted.id}`, headers: { origin: t.config.publicUrl, cookie: other.cookie } });
    expect(res.statusCode).toBe(200);
    expect(await settlesTo(t.app, demoted.cookie, '/api/user', 403)).toBe(403);
  });
});

describe('when the revocation listener fails', () => {
  it('no copy is trusted any more: every request reads its session from the database', async () => {
    const own = await createTestApp({ seed: false });
    try {
      const customer = await signUp(own.app);
      const url = `/api/user/admin/${customer.email}`;
      expect(await counted(own.app, () => browse(own.app, customer.cookie, url))).toBe(0);
      // The database ends the listener's connection, as a restart or a network fault would.
      await own.app.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query = ${`listen ${SESSIONS_CHANNEL}`}`);
      await expect.poll(async () => counted(own.app, () => browse(own.app, customer.cookie, url))).toBeGreaterThan(0);
      expect((await browse(own.app, customer.cookie, url)).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});
