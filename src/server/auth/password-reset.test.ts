import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verification } from '../db/schema.js';
import { signIn, signUp, type Account } from '../test/accounts.js';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../test/smtp-receiver.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { PASSWORD_MESSAGE } from '../../shared/user.js';

const NEW_PASSWORD = 'Fresh456';
const INVALID_LINK = 'This reset link is invalid or has expired. Ask for a new one.';

let t: TestApp;
let receiver: SmtpReceiver;
let customer: Account;

beforeAll(async () => {
  receiver = await startSmtpReceiver();
  t = await createTestApp({ seed: false, env: { SMTP_URL: receiver.url } });
  customer = await signUp(t.app, { name: 'Mim Hossain' });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});
beforeEach(() => {
  receiver.messages.length = 0;
});

function post(url: string, payload: object) {
  return t.app.inject({ method: 'POST', url, headers: { origin: t.config.publicUrl }, payload });
}

function requestReset(email: string) {
  return post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
}

/** Opens the link in the e-mail as a browser would; returns where the app sends the browser next. */
async function openLink(mail: ReceivedMail, page = '/reset-password'): Promise<URL> {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in the e-mail:\n${mail.text}`);
  const { pathname, search, origin } = new URL(link);
  expect(origin).toBe(t.config.publicUrl);
  const res = await t.app.inject({ method: 'GET', url: pathname + search });
  expect(res.statusCode).toBe(302);
  const location = new URL(String(res.headers.location), t.config.publicUrl);
  expect(location.origin).toBe(t.config.publicUrl);
  expect(location.pathname).toBe(page);
  return location;
}

/** The token the reset page receives from the link in the e-mail. */
async function tokenFromEmail(mail: ReceivedMail): Promise<string> {
  const location = await openLink(mail);
  const token = location.searchParams.get('token');
  if (!token) throw new Error(`no token in ${location.href}`);
  return token;
}

async function getSession(cookie: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json<{ user: { email: string } } | null>();
}

describe('password reset by e-mail', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    // Unknown first: had it produced an e-mail, that would be in before the known one's.
    const unknown = await requestReset('nobody-here@example.com');
    const known = await requestReset(customer.email);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());

    await receiver.waitForMessages(1);
    expect(receiver.messages).toHaveLength(1);
    const mail = receiver.messages[0]!;
    expect(mail.envelope.to).toEqual([customer.email]);
    expect(mail.to).toBe(customer.email);
    expect(mail.from).toBe(t.config.mailFrom);
    expect(mail.subject).toBe('Reset your Parlour password');
    expect(mail.text).toContain('Hello Mim Hossain');
  });

  it('is in Bangla for a customer who chose Bangla, and its link opens the Bangla reset page', async () => {
    const mita = await signUp(t.app, { name: 'মিতা রহমান' });
    const saved = await t.app.inject({ method: 'PUT', url: '/api/me/language', headers: { cookie: mita.cookie, origin: t.config.publicUrl }, payload: { language: 'bn' } });
    expect(saved.statusCode).toBe(204);
    // Asked from an English page: her saved language wins.
    // From an address of their own: the reset route allows five requests a minute per address.
    await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', remoteAddress: '192.0.2.51', headers: { origin: t.config.publicUrl, 'accept-language': 'en' }, payload: { email: mita.email, redirectTo: '/reset-password' } });
    const [mail] = await receiver.waitForMessages(1);
    expect(mail!.subject).toBe('আপনার Parlour পাসওয়ার্ড নতুন করে ঠিক করুন');
    expect(mail!.headers['content-language']).toBe('bn');
    expect(mail!.text).toContain('প্রিয় মিতা রহমান,');
    expect(mail!.text).not.toMatch(/Hello|Someone|Open this link|your password/);
    expect((await openLink(mail!, '/bn/reset-password')).searchParams.get('token')).toEqual(expect.any(String));
  });

  it("follows the page's language when she never chose one", async () => {
    const lina = await signUp(t.app, { name: 'Lina' });
    await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', remoteAddress: '192.0.2.52', headers: { origin: t.config.publicUrl, 'accept-language': 'bn' }, payload: { email: lina.email, redirectTo: '/reset-password' } });
    const [mail] = await receiver.waitForMessages(1);
    expect(mail!.subject).toBe('আপনার Parlour পাসওয়ার্ড নতুন করে ঠিক করুন');
    await openLink(mail!, '/bn/reset-password');
  });

  it('lets the link set a new strong password once, and signs out every old session', async () => {
    await requestReset(customer.email);
    const [mail] = await receiver.waitForMessages(1);
    const token = await tokenFromEmail(mail!);
    expect((await getSession(customer.cookie))?.user.email).toBe(customer.email);

    const weak = await post('/api/auth/reset-password', { newPassword: 'password', token });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ statusCode: 400, message: PASSWORD_MESSAGE });

    // The refused attempt did not use the link up.
    const reset = await post('/api/auth/reset-password', { newPassword: NEW_PASSWORD, token });
    expect(reset.statusCode).toBe(200);

    const oldPassword = await signIn(t.app, customer.email, customer.password);
    expect(oldPassword.statusCode).toBe(401);
    expect(oldPassword.json()).toMatchObject({ statusCode: 401, message: 'Wrong e-mail or password.' });
    const newPassword = await signIn(t.app, customer.email, NEW_PASSWORD);
    expect(newPassword.statusCode).toBe(200);

    expect(await getSession(customer.cookie)).toBeNull();

    const again = await post('/api/auth/reset-password', { newPassword: 'Another789', token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ statusCode: 400, message: INVALID_LINK, code: 'INVALID_TOKEN' });
    expect((await signIn(t.app, customer.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a link older than its hour', async () => {
    await requestReset(customer.email);
    const [mail] = await receiver.waitForMessages(1);
    const token = await tokenFromEmail(mail!);
    await t.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(and(like(verification.identifier, 'reset-password:%'), eq(verification.value, customer.id)));

    // The link in the e-mail now sends the browser to the reset page with an error instead of a token.
    const location = await openLink(mail!);
    expect(location.searchParams.get('error')).toBe('INVALID_TOKEN');
    expect(location.searchParams.has('token')).toBe(false);

    const res = await post('/api/auth/reset-password', { newPassword: 'Expired789', token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, message: INVALID_LINK });
    expect((await signIn(t.app, customer.email, 'Expired789')).statusCode).toBe(401);
  });
});
