import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { cookieFrom, signIn, signUp, signUpAdmin } from '../test/accounts.js';
import { apiErrorSchema } from '../../shared/errors.js';
import { userListSchema, PASSWORD_MESSAGE } from '../../shared/user.js';
import { buildApp } from '../app.js';
import { SIGN_IN_FAILURES_PER_ADDRESS } from '../auth/auth.js';
import { openDatabase } from '../db/client.js';
import { prepareDatabase } from '../db/prepare.js';
import { loadConfig } from '../env.js';
import { eq } from 'drizzle-orm';
import { session, user } from '../db/schema.js';
import { DELETED_CUSTOMER_NAME } from '../../shared/account.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { ADMIN_EMAILS: 'owner@parlour.test, Second@Parlour.test' } });
});
afterAll(async () => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { origin: t.config.publicUrl, ...headers } });

describe('sign-up', () => {
  it('creates the account with name and image, signs the user in with a safe cookie', async () => {
    const res = await post('/api/auth/sign-up/email', { name: 'Rima Akter', email: 'rima@example.com', password: 'Rima1234', image: '/images/reviews/sadia.svg' });
    expect(res.statusCode).toBe(200);
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const session = setCookie.find((c) => c.startsWith('parlour.session_token='));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/); // plain http in tests; https PUBLIC_URL turns it on

    const me = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: cookieFrom(res.headers['set-cookie']) } });
    expect(me.json()).toMatchObject({ user: { name: 'Rima Akter', email: 'rima@example.com', image: '/images/reviews/sadia.svg', role: 'user' } });
  });

  it('refuses a weak password with the product message', async () => {
    for (const password of ['Ab1', 'alllower1', 'ALLUPPER1', 'NoDigits']) {
      const res = await post('/api/auth/sign-up/email', { name: 'Weak', email: `weak-${password}@example.com`, password, image: '/images/reviews/sadia.svg' });
      expect(res.statusCode).toBe(400);
      expect(apiErrorSchema.parse(res.json()).message).toBe(PASSWORD_MESSAGE);
    }
  });

  it('answers 409 in plain words when the e-mail is already registered', async () => {
    await signUp(t.app, { email: 'taken@example.com' });
    const res = await post('/api/auth/sign-up/email', { name: 'Again', email: 'taken@example.com', password: 'Again123', image: '/images/reviews/sadia.svg' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This e-mail is already registered. Log in instead, or use another e-mail.');
  });

  it('cannot choose its own role: the field is refused and no account is made', async () => {
    const res = await post('/api/auth/sign-up/email', { name: 'Sneaky', email: 'sneaky@example.com', password: 'Sneaky123', image: '/images/reviews/sadia.svg', role: 'admin' });
    // A field sign-up does not take is refused, not dropped (decision 055).
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).issues?.map((issue) => issue.path)).toEqual(['role']);
    expect(await t.database.db.select().from(user).where(eq(user.email, 'sneaky@example.com'))).toEqual([]);
    // Signed up without it, she is a customer.
    const ok = await post('/api/auth/sign-up/email', { name: 'Sneaky', email: 'sneaky@example.com', password: 'Sneaky123', image: '/images/reviews/sadia.svg' });
    const check = await t.app.inject({ url: '/api/user/admin/sneaky@example.com', headers: { cookie: cookieFrom(ok.headers['set-cookie']) } });
    expect(check.json()).toEqual({ admin: false });
  });

  it('does not make an ADMIN_EMAILS sign-up an admin before its address is confirmed (see auth/abuse-limits.test.ts)', async () => {
    const owner = await signUp(t.app, { email: 'owner@parlour.test' });
    const res = await t.app.inject({ url: `/api/user/admin/${owner.email}`, headers: { cookie: owner.cookie } });
    expect(res.json()).toEqual({ admin: false });
  });
});

describe('log-in and log-out', () => {
  it('signs in with the right password and says plainly when it is wrong', async () => {
    const a = await signUp(t.app);
    expect((await signIn(t.app, a.email, a.password)).statusCode).toBe(200);
    const wrong = await signIn(t.app, a.email, 'Wrong1234');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Wrong e-mail or password.');
    const unknown = await signIn(t.app, 'nobody@example.com', 'Wrong1234');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('Wrong e-mail or password.');
  });

  it('ends the session on GET /api/logout', async () => {
    const a = await signUp(t.app);
    const out = await t.app.inject({ url: '/api/logout', headers: { cookie: a.cookie } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/parlour.session_token=;/);
    const after = await t.app.inject({ url: '/api/user/admin/' + a.email, headers: { cookie: a.cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('refuses GET /api/logout sent by another site, and keeps the session', async () => {
    const a = await signUp(t.app);
    const stillSignedIn = async () => (await t.app.inject({ url: '/api/user/admin/' + a.email, headers: { cookie: a.cookie } })).statusCode;
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'https://elsewhere.example' }]) {
      const out = await t.app.inject({ url: '/api/logout', headers: { cookie: a.cookie, ...headers } });
      expect(out.statusCode, JSON.stringify(headers)).toBe(403);
      expect(apiErrorSchema.parse(out.json())).toMatchObject({ statusCode: 403, error: 'Forbidden', message: 'Log out from the Parlour site itself.' });
      expect(out.headers['set-cookie']).toBeUndefined();
      expect(await stillSignedIn()).toBe(200);
    }
    // The site's own request, and an address she typed herself, still sign her out.
    const own = await t.app.inject({ url: '/api/logout', headers: { cookie: a.cookie, 'sec-fetch-site': 'same-origin' } });
    expect(own.statusCode).toBe(200);
    expect(await stillSignedIn()).toBe(401);
    const b = await signUp(t.app);
    expect((await t.app.inject({ url: '/api/logout', headers: { cookie: b.cookie, 'sec-fetch-site': 'none' } })).statusCode).toBe(200);
  });

  it('answers 400 with the field for a blank e-mail in GET /api/user/admin/{user}', async () => {
    const a = await signUp(t.app);
    for (const blank of ['%20', '%20%20%09']) {
      const res = await t.app.inject({ url: `/api/user/admin/${blank}`, headers: { cookie: a.cookie } });
      expect(res.statusCode, blank).toBe(400);
      expect(apiErrorSchema.parse(res.json()).issues).toEqual([{ path: 'params.user', message: 'Email is required' }]);
    }
    // Her own address, with spaces around it, still answers.
    expect((await t.app.inject({ url: `/api/user/admin/%20${a.email}%20`, headers: { cookie: a.cookie } })).json()).toEqual({ admin: false });
  });

  it('refuses a blank token on POST /api/auth/revoke-session with 400, and ends nothing', async () => {
    const a = await signUp(t.app);
    const other = await signIn(t.app, a.email, a.password);
    const sessions = async () => (await t.database.db.select({ id: session.id }).from(session).where(eq(session.userId, a.id))).length;
    expect(await sessions()).toBe(2);
    for (const token of ['', '   ']) {
      const res = await post('/api/auth/revoke-session', { token }, { cookie: a.cookie });
      expect(res.statusCode, JSON.stringify(token)).toBe(400);
      expect(apiErrorSchema.parse(res.json())).toMatchObject({ statusCode: 400, message: 'token is required', issues: [{ path: 'token', message: 'token is required' }] });
    }
    expect(await sessions()).toBe(2);
    // A real token of hers still ends that session.
    const listed = (await t.app.inject({ url: '/api/auth/list-sessions', headers: { cookie: a.cookie } })).json<{ token: string }[]>();
    const otherToken = listed.find((s) => cookieFrom(other.headers['set-cookie']).includes(s.token))!.token;
    expect((await post('/api/auth/revoke-session', { token: otherToken }, { cookie: a.cookie })).statusCode).toBe(200);
    expect(await sessions()).toBe(1);
  });

  it("names the field in the error shape when better-auth's own input check refuses a body", async () => {
    const a = await signUp(t.app);
    const res = await post('/api/auth/change-email', { newEmail: ' ' }, { cookie: a.cookie });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json())).toMatchObject({ statusCode: 400, message: 'Invalid email address', issues: [{ path: 'newEmail', message: 'Invalid email address' }] });
  });

  it('limits wrong passwords per account and address: the guessing address gets 429, the owner elsewhere still signs in', async () => {
    const a = await signUp(t.app);
    const from = (remoteAddress: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress, headers: { origin: t.config.publicUrl }, payload: { email: a.email, password } });
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ADDRESS; i++) expect((await from('10.66.0.1', 'Guess1234')).statusCode).toBe(401);
    const blocked = await from('10.66.0.1', a.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many sign-in attempts for this account from your network\. Try again in \d+ minutes?\.$/);
    // The owner, from an address with no failures, is not locked out by the stranger.
    expect((await from('10.66.0.2', a.password)).statusCode).toBe(200);
  });

  it('limits sign-in attempts per IP with a clear 429', async () => {
    let last = 0;
    for (let i = 0; i < 25 && last !== 429; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: '10.9.9.9', headers: { origin: t.config.publicUrl }, payload: { email: `ip${i}@example.com`, password: 'Guess1234' } });
      last = res.statusCode;
      if (last === 429) expect(res.json().message).toBe('Too many tries. Please wait a minute and try again.');
    }
    expect(last).toBe(429);
  });

  it('refuses cross-site sign-in posts', async () => {
    const a = await signUp(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: 'https://evil.example' }, payload: { email: a.email, password: a.password } });
    expect(res.statusCode).toBe(403);
    const fetchSite = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'sec-fetch-site': 'cross-site' }, payload: { firstName: 'A', email: 'a@example.com', message: 'x' } });
    expect(fetchSite.statusCode).toBe(403);
  });

  it('accepts sign-in from the loopback twin of a localhost PUBLIC_URL', async () => {
    const a = await signUp(t.app);
    const twin = t.config.publicUrl.replace('localhost', '127.0.0.1');
    expect(twin).not.toBe(t.config.publicUrl);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: twin }, payload: { email: a.email, password: a.password } });
    expect(res.statusCode).toBe(200);
  });

  it('never rate-limits the session check that every page load makes', async () => {
    const a = await signUp(t.app);
    for (let i = 0; i < 130; i++) {
      const res = await t.app.inject({ url: '/api/auth/get-session', remoteAddress: '10.200.0.1', headers: { cookie: a.cookie } });
      expect(res.statusCode).toBe(200);
    }
  });

  it('keeps sessions in the database: another app instance on the same database knows them', async () => {
    const a = await signUp(t.app);
    const twin = await buildApp({ config: t.config, database: t.database, clientDir: undefined });
    const res = await twin.inject({ url: `/api/user/admin/${a.email}`, headers: { cookie: a.cookie } });
    expect(res.statusCode).toBe(200);
    await twin.close();
  });
});

describe('roles', () => {
  it('lets an admin list users and promote and demote them; the salon always keeps an admin', async () => {
    const admin = await signUpAdmin(t.app);
    const customer = await signUp(t.app);
    const list = userListSchema.parse((await t.app.inject({ url: '/api/user', headers: { cookie: admin.cookie } })).json());
    expect(list.find((u) => u.email === customer.email)).toMatchObject({ name: customer.name, role: 'user' });

    const promote = await t.app.inject({ method: 'PATCH', url: `/api/user/admin/${customer.id}`, headers: { cookie: admin.cookie, origin: t.config.publicUrl } });
    expect(promote.json()).toEqual({ modifiedCount: 1 });
    const again = await t.app.inject({ method: 'PATCH', url: `/api/user/admin/${customer.id}`, headers: { cookie: admin.cookie, origin: t.config.publicUrl } });
    expect(again.json()).toEqual({ modifiedCount: 0 });

    const self = await t.app.inject({ method: 'PATCH', url: `/api/user/admin-remove/${admin.id}`, headers: { cookie: admin.cookie, origin: t.config.publicUrl } });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot remove your own admin role.');

    const demote = await t.app.inject({ method: 'PATCH', url: `/api/user/admin-remove/${customer.id}`, headers: { cookie: admin.cookie, origin: t.config.publicUrl } });
    expect(demote.json()).toEqual({ modifiedCount: 1 });
    const unknown = await t.app.inject({ method: 'PATCH', url: '/api/user/admin/3f1e1c9a-5b2d-4c1e-9a7b-1d2e3f4a5b6c', headers: { cookie: admin.cookie, origin: t.config.publicUrl } });
    expect(unknown.statusCode).toBe(404);
  });

  it('treats a deleted account as no user: not listed, not promotable, no sign-in', async () => {
    const admin = await signUpAdmin(t.app);
    const gone = await signUp(t.app);
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie: gone.cookie, origin: t.config.publicUrl }, payload: { password: gone.password } });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const row = async () => (await t.database.db.select().from(user).where(eq(user.id, gone.id)))[0];
    expect(await row()).toMatchObject({ name: DELETED_CUSTOMER_NAME, role: 'user' });

    const list = userListSchema.parse((await t.app.inject({ url: '/api/user', headers: { cookie: admin.cookie } })).json());
    expect(list.some((u) => u.name === DELETED_CUSTOMER_NAME || u._id === gone.id)).toBe(false);
    expect(list.some((u) => u._id === admin.id)).toBe(true);

    const before = await row();
    const promote = await t.app.inject({ method: 'PATCH', url: `/api/user/admin/${gone.id}`, headers: { cookie: admin.cookie, origin: t.config.publicUrl } });
    expect(promote.statusCode).toBe(404);
    expect(apiErrorSchema.parse(promote.json()).message).toBe('User not found');
    expect(await row()).toEqual(before);
    // Nor through the repository the ADMIN_EMAILS hook and `npm run make-admin` use.
    const { makeAdmin } = await import('../repositories/users.js');
    expect(await makeAdmin(t.app.db, gone.id)).toBe(0);
    expect(await row()).toEqual(before);

    expect((await signIn(t.app, gone.email, gone.password)).statusCode).toBe(401);
    expect((await signIn(t.app, before!.email, gone.password)).statusCode).toBe(401);
  });

  it('refuses to remove the last admin', async () => {
    const solo = await createTestApp({ seed: false });
    try {
      const a = await signUpAdmin(solo.app);
      const b = await signUpAdmin(solo.app);
      const first = await solo.app.inject({ method: 'PATCH', url: `/api/user/admin-remove/${b.id}`, headers: { cookie: a.cookie, origin: solo.config.publicUrl } });
      expect(first.json()).toEqual({ modifiedCount: 1 });
      // a is now the only admin; the repository refuses even when asked directly.
      const { removeAdmin } = await import('../repositories/users.js');
      expect(await removeAdmin(solo.database.db, a.id)).toBe('last-admin');
    } finally {
      await solo.close();
    }
  });

  it('never removes the last admin, even when two admins demote each other at once', async () => {
    const solo = await createTestApp({ seed: false });
    try {
      const a = await signUpAdmin(solo.app);
      const b = await signUpAdmin(solo.app);
      const [ab, ba] = await Promise.all([
        solo.app.inject({ method: 'PATCH', url: `/api/user/admin-remove/${b.id}`, headers: { cookie: a.cookie, origin: solo.config.publicUrl } }),
        solo.app.inject({ method: 'PATCH', url: `/api/user/admin-remove/${a.id}`, headers: { cookie: b.cookie, origin: solo.config.publicUrl } }),
      ]);
      // One wins. The other either finds itself no longer admin (403) or is stopped by the
      // last-admin rule (409), depending on how the two interleave.
      const statuses = [ab.statusCode, ba.statusCode].sort();
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const admins = userListSchema.parse((await solo.app.inject({ url: '/api/user', headers: { cookie: ab.statusCode === 200 ? a.cookie : b.cookie } })).json()).filter((u) => u.role === 'admin');
      expect(admins).toHaveLength(1);
    } finally {
      await solo.close();
    }
  });
});

describe('npm run make-admin', () => {
  it('promotes an existing account in the data folder and says so', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'parlour-make-admin-'));
    const database = await openDatabase({ driver: 'embedded', dataDir, disposable: true });
    await prepareDatabase(database, { seed: false });
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database, clientDir: undefined });
    const a = await signUp(app, { email: 'future-admin@example.com' });
    await app.close();
    await database.close();

    const run = promisify(execFile);
    const script = path.resolve(import.meta.dirname, '../scripts/make-admin.ts');
    const env = { PATH: process.env.PATH ?? '', DATA_DIR: dataDir };
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script, a.email], { env });
    expect(stdout).toContain('future-admin@example.com is now an admin.');
    await expect(run(process.execPath, ['--import', 'tsx', script, 'ghost@example.com'], { env })).rejects.toMatchObject({ code: 1 });
    await fs.rm(dataDir, { recursive: true, force: true });
  }, 60_000);
});
