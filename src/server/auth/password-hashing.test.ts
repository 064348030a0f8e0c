import { eq } from 'drizzle-orm';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account } from '../db/auth-schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { signIn, signUp } from '../test/accounts.js';

/** The password hash stored for an account's e-mail sign-in. */
async function storedHash(t: TestApp, userId: string): Promise<string> {
  const [row] = await t.database.db.select({ password: account.password }).from(account).where(eq(account.userId, userId));
  return row!.password!;
}

async function setStoredHash(t: TestApp, userId: string, hash: string) {
  await t.database.db.update(account).set({ password: hash }).where(eq(account.userId, userId));
}

describe('password hashing by mode (docs/decisions/058)', () => {
  let suite: TestApp;
  let deployed: TestApp;
  beforeAll(async () => {
    suite = await createTestApp({ seed: false });
    // Any mode but the test suites' one: better-auth's own hashing, as a salon's server has it.
    deployed = await createTestApp({ seed: false, env: { NODE_ENV: 'development' } });
  });
  afterAll(async () => {
    await suite?.close();
    await deployed?.close();
  });

  it("outside the test suites, a sign-up stores better-auth's own scrypt hash, and signs in with it", async () => {
    const customer = await signUp(deployed.app, { password: 'Deployed123' });
    const hash = await storedHash(deployed, customer.id);
    expect(hash).not.toMatch(/^test-scrypt:/);
    expect(await verifyPassword({ hash, password: 'Deployed123' })).toBe(true);
    expect((await signIn(deployed.app, customer.email, 'Deployed123')).statusCode).toBe(200);
    expect((await signIn(deployed.app, customer.email, 'Deployed124')).statusCode).toBe(401);
  });

  it("a test suite's cheap hash is never accepted outside the test suites", async () => {
    const fromSuite = await signUp(suite.app, { password: 'Cheap12345' });
    const cheap = await storedHash(suite, fromSuite.id);
    expect(cheap).toMatch(/^test-scrypt:[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect((await signIn(suite.app, fromSuite.email, 'Cheap12345')).statusCode).toBe(200);
    expect((await signIn(suite.app, fromSuite.email, 'Cheap12346')).statusCode).toBe(401);

    const customer = await signUp(deployed.app, { password: 'Cheap12345' });
    await setStoredHash(deployed, customer.id, cheap);
    expect((await signIn(deployed.app, customer.email, 'Cheap12345')).statusCode).toBe(401);
  });

  it("in the test suites, a hash better-auth made elsewhere (a restored backup) still signs in", async () => {
    const customer = await signUp(suite.app, { password: 'Restored123' });
    await setStoredHash(suite, customer.id, await hashPassword('Restored123'));
    expect((await signIn(suite.app, customer.email, 'Restored123')).statusCode).toBe(200);
    expect((await signIn(suite.app, customer.email, 'Restored124')).statusCode).toBe(401);
  });
});
