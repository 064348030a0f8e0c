import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, outbox, throttles } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { signUp } from '../test/accounts.js';
import { apiErrorSchema } from '../../shared/errors.js';
import { CONTACT_MESSAGES_PER_ADDRESS } from '../routes/contact.js';
import { RESET_MAILS_PER_HOUR, SIGN_IN_FAILURES_PER_ACCOUNT, SIGN_IN_FAILURES_PER_ADDRESS, SIGN_IN_TRIES_UNDER_ATTACK } from './auth.js';

const OWNER = 'owner@parlour.test';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { ADMIN_EMAILS: `${OWNER}, second@parlour.test` } });
});
afterAll(async () => t.close());

const post = (url: string, payload: object, remoteAddress: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress, headers: { origin: t.config.publicUrl, ...(cookie && { cookie }) } });

/** Polls for something a background task writes; fails the test after ~10 s. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out waiting for a background write');
}

describe('contact form', () => {
  it(`takes ${CONTACT_MESSAGES_PER_ADDRESS} messages per address in ten minutes, then answers 429 and stores nothing more`, async () => {
    const message = { firstName: 'Mim', email: 'mim@example.com', message: 'Do you open on Eid?' };
    const count = async () => (await t.database.db.select().from(contactMessages)).length;
    for (let i = 0; i < CONTACT_MESSAGES_PER_ADDRESS; i++) expect((await post('/api/contact', message, '10.20.0.1')).statusCode).toBe(201);
    const refused = await post('/api/contact', message, '10.20.0.1');
    expect(refused.statusCode).toBe(429);
    expect(apiErrorSchema.parse(refused.json()).message).toMatch(/^You have sent several messages in a short time\. Please wait \d+ minutes? /);
    expect(await count()).toBe(CONTACT_MESSAGES_PER_ADDRESS);
    // Another visitor is not held back by the first one.
    expect((await post('/api/contact', message, '10.20.0.2')).statusCode).toBe(201);
  });

  it('counts an IPv6 client by its /64: a fresh address from the same /64 is no fresh visitor', async () => {
    const message = { firstName: 'Mim', email: 'mim@example.com', message: 'Do you open on Eid?' };
    const count = async () => (await t.database.db.select().from(contactMessages)).length;
    const before = await count();
    for (let i = 0; i < CONTACT_MESSAGES_PER_ADDRESS; i++) {
      expect((await post('/api/contact', message, `2001:db8:20:1::${(i + 1).toString(16)}`)).statusCode).toBe(201);
    }
    expect((await post('/api/contact', message, '2001:db8:20:1:ffff:ffff:ffff:fffe')).statusCode).toBe(429);
    expect(await count()).toBe(before + CONTACT_MESSAGES_PER_ADDRESS);
    // The next /64 is another household.
    expect((await post('/api/contact', message, '2001:db8:20:2::1')).statusCode).toBe(201);
    // A dual-stack socket reports an IPv4 client as ::ffff:a.b.c.d: the same client as a.b.c.d.
    for (let i = 0; i < CONTACT_MESSAGES_PER_ADDRESS; i++) expect((await post('/api/contact', message, '10.20.0.9')).statusCode).toBe(201);
    expect((await post('/api/contact', message, '::ffff:10.20.0.9')).statusCode).toBe(429);
  });
});

describe('sign-in limits per account and address', () => {
  const signIn = (email: string, password: string, remoteAddress: string) => post('/api/auth/sign-in/email', { email, password }, remoteAddress);

  it('locks out the guessing address only; the owner from a clean address signs in', async () => {
    const owner = await signUp(t.app);
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ADDRESS; i++) expect((await signIn(owner.email, 'Guess1234', '10.30.0.1')).statusCode).toBe(401);
    const attacker = await signIn(owner.email, owner.password, '10.30.0.1');
    expect(attacker.statusCode).toBe(429);
    expect(apiErrorSchema.parse(attacker.json()).message).toMatch(/^Too many sign-in attempts for this account from your network\. Try again in \d+ minutes?\.$/);
    expect((await signIn(owner.email, owner.password, '10.30.0.2')).statusCode).toBe(200);
    // The same address may still try other accounts (the per-address limit is better-auth's).
    const other = await signUp(t.app);
    expect((await signIn(other.email, other.password, '10.30.0.1')).statusCode).toBe(200);
  });

  it('counts an IPv6 guesser by its /64: changing the address inside it does not reset the count', async () => {
    const owner = await signUp(t.app);
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ADDRESS; i++) {
      expect((await signIn(owner.email, 'Guess1234', `2001:db8:30:1::${(i + 1).toString(16)}`)).statusCode).toBe(401);
    }
    expect((await signIn(owner.email, 'Guess1234', '2001:db8:30:1:abcd::1')).statusCode).toBe(429);
    expect((await signIn(owner.email, owner.password, '2001:db8:30:2::1')).statusCode).toBe(200);
  });

  it('counts failures, not successes: signing in many times never locks the owner out', async () => {
    const owner = await signUp(t.app);
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ADDRESS + 2; i++) {
      // A typo now and then between good sign-ins.
      if (i % 4 === 0) expect((await signIn(owner.email, 'Typo1234', '10.31.0.1')).statusCode).toBe(401);
      expect((await signIn(owner.email, owner.password, '10.31.0.1')).statusCode).toBe(200);
    }
  });

  it('past the account-wide ceiling, an address that already failed is refused but a clean one still gets in', async () => {
    const owner = await signUp(t.app);
    const perAddress = 5;
    for (let a = 0; a < SIGN_IN_FAILURES_PER_ACCOUNT / perAddress; a++) {
      for (let i = 0; i < perAddress; i++) await signIn(owner.email, 'Guess1234', `10.32.1.${a}`);
    }
    const failedBefore = await signIn(owner.email, owner.password, '10.32.1.0');
    expect(failedBefore.statusCode).toBe(429);
    expect((await signIn(owner.email, owner.password, '10.32.2.1')).statusCode).toBe(200);
  });

  it('under a guesser spread over many addresses, the owner who mistypes from a new address still gets in', async () => {
    const owner = await signUp(t.app);
    // 60 wrong passwords from 60 addresses: the account is past its ceiling.
    for (let a = 0; a < SIGN_IN_FAILURES_PER_ACCOUNT + 10; a++) {
      expect((await signIn(owner.email, 'Guess1234', `10.33.${a >> 8}.${a & 255}`)).statusCode).toBe(401);
    }
    // Her typo, then her password, from her phone's new address.
    expect((await signIn(owner.email, 'Typo1234', '10.33.9.1')).statusCode).toBe(401);
    expect((await signIn(owner.email, owner.password, '10.33.9.1')).statusCode).toBe(200);

    // A guessing address, though, gets only SIGN_IN_TRIES_UNDER_ATTACK tries while the attack lasts:
    // the next is refused even with the right password, so the refusal tells it nothing.
    for (let i = 0; i < SIGN_IN_TRIES_UNDER_ATTACK; i++) expect((await signIn(owner.email, 'Guess1234', '10.33.9.2')).statusCode).toBe(401);
    const refused = await signIn(owner.email, owner.password, '10.33.9.2');
    expect(refused.statusCode).toBe(429);
    // Some 75 password checks, each a deliberately slow hash: 30 s ran out on a loaded machine.
  }, 90_000);
});

describe('password-reset e-mails', () => {
  it(`sends at most ${RESET_MAILS_PER_HOUR} an hour to one address, whoever asks, with the same answer every time`, async () => {
    const customer = await signUp(t.app);
    const answers = [];
    for (let i = 0; i < RESET_MAILS_PER_HOUR + 3; i++) {
      const res = await post('/api/auth/request-password-reset', { email: customer.email, redirectTo: '/reset-password' }, `10.40.0.${i + 1}`);
      expect(res.statusCode).toBe(200);
      answers.push(res.json());
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    const mails = () => t.database.db.select().from(outbox).where(and(eq(outbox.to, customer.email), like(outbox.subject, 'Reset%')));
    await eventually(mails, (rows) => rows.length >= RESET_MAILS_PER_HOUR);
    // Every request has been judged once the throttle counted all of them; no mail came after.
    await eventually(
      async () => (await t.database.db.select().from(throttles).where(eq(throttles.key, `reset-mails:${customer.email}`)))[0]?.count,
      (count) => count === RESET_MAILS_PER_HOUR + 3,
    );
    expect(await mails()).toHaveLength(RESET_MAILS_PER_HOUR);
  });
});

describe('ADMIN_EMAILS', () => {
  const isAdmin = async (email: string, cookie: string) =>
    (await t.app.inject({ url: `/api/user/admin/${email}`, headers: { cookie } })).json<{ admin: boolean }>().admin;

  it('does not make a sign-up with a listed address an admin until the mailbox confirms it', async () => {
    // A stranger who signs up first with the owner's address gets an ordinary account...
    const stranger = await signUp(t.app, { email: OWNER });
    expect(await isAdmin(OWNER, stranger.cookie)).toBe(false);
    // ...and the confirmation link goes to the owner's mailbox, not to the stranger.
    const [mail] = await eventually(
      () => t.database.db.select().from(outbox).where(eq(outbox.to, OWNER)),
      (rows) => rows.length === 1,
    );
    expect(mail!.text).toMatch(/If you did not create it, do not open the link/);

    // The owner opens it: only now does the account become an admin.
    const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
    const opened = await t.app.inject({ url: link.pathname + link.search });
    expect(opened.statusCode).toBe(302);
    expect(await isAdmin(OWNER, stranger.cookie)).toBe(true);
  });

  it('sends no confirmation mail to an address that is not listed', async () => {
    const customer = await signUp(t.app);
    const listed = await signUp(t.app, { email: 'second@parlour.test' });
    expect(await isAdmin(customer.email, customer.cookie)).toBe(false);
    expect(await isAdmin(listed.email, listed.cookie)).toBe(false);
    // The listed one's mail is there, so the customer's sign-up (earlier) had its chance to send.
    await eventually(() => t.database.db.select().from(outbox).where(eq(outbox.to, listed.email)), (rows) => rows.length === 1);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, customer.email))).toHaveLength(0);
  });
});
