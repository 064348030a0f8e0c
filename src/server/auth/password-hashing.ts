import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { verifyPassword as verifyStandard } from 'better-auth/crypto';

const scryptAsync = promisify(scrypt) as (password: string, salt: string, keyLength: number, options: { N: number; r: number; p: number }) => Promise<Buffer>;

/**
 * The hashes the test suites' apps (NODE_ENV=test) make: scrypt at a cost 32 times below
 * better-auth's (N=16384, r=16), whose hash takes about 130 ms of CPU here. The server suites sign
 * up or in about 1,200 times, a fifth of their CPU time on two cores (docs/decisions/058).
 *
 * Marked by their prefix, so no other mode ever accepts one: everywhere but NODE_ENV=test
 * better-auth's own hashing runs untouched (a marked hash does not verify there), and the
 * deployment's browser tests and the spawned-server tests sign up and in at the real cost.
 */
const PREFIX = 'test-scrypt';
const COST = { N: 1024, r: 8, p: 1 };
const KEY_LENGTH = 64;

async function keyOf(password: string, salt: string): Promise<Buffer> {
  return scryptAsync(password.normalize('NFKC'), salt, KEY_LENGTH, COST);
}

async function hashForTests(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  return `${PREFIX}:${salt}:${(await keyOf(password, salt)).toString('hex')}`;
}

async function verifyForTests({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [prefix, salt, key] = hash.split(':');
  // A hash another mode wrote (a restored backup, a copied database): better-auth's own check.
  if (prefix !== PREFIX || !salt || !key) return verifyStandard({ hash, password });
  const expected = Buffer.from(key, 'hex');
  const actual = await keyOf(password, salt);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** better-auth's `emailAndPassword.password` for a mode: the cheap hashing in tests, its own elsewhere. */
export function passwordHashingFor(nodeEnv: 'development' | 'production' | 'test') {
  return nodeEnv === 'test' ? { hash: hashForTests, verify: verifyForTests } : undefined;
}
