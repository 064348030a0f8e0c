import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, services, user } from './db/schema.js';
import { createTestApp, type TestApp } from './test/test-app.js';
import { signUp, signUpAdmin, type Account } from './test/accounts.js';
import { apiErrorSchema } from '../shared/errors.js';
import { MAX_JSON_DEPTH } from './plugins/input-guards.js';

let t: TestApp;
let customer: Account;
let admin: Account;
let serviceId: string;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  customer = await signUp(t.app, { name: 'Mim Hossain' });
  admin = await signUpAdmin(t.app);
  const [first] = await t.database.db.select({ id: services.id }).from(services).limit(1);
  serviceId = first!.id;
});
afterAll(async () => t.close());

type Send = { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: unknown; cookie?: string; contentType?: string };

async function send({ method = 'POST', url, payload, cookie, contentType }: Send) {
  const headers: Record<string, string> = { origin: t.config.publicUrl };
  if (cookie) headers.cookie = cookie;
  if (contentType) headers['content-type'] = contentType;
  const body = typeof payload === 'string' || payload === undefined ? payload : JSON.stringify(payload);
  if (body !== undefined && !contentType) headers['content-type'] = 'application/json';
  return t.app.inject({ method, url, headers, ...(body !== undefined && { payload: body }) });
}

/** A refusal in the one error shape, with the status and (when given) the field it names. */
function expectRefused(res: { statusCode: number; json: () => unknown }, status: number, path?: string) {
  expect(res.statusCode).toBe(status);
  const body = apiErrorSchema.parse(res.json());
  expect(body.statusCode).toBe(status);
  if (path !== undefined) expect(body.issues?.map((i) => i.path)).toContain(path);
  return body;
}

const userRow = async (id: string) => (await t.database.db.select().from(user).where(eq(user.id, id)))[0]!;
const serviceRow = async () => (await t.database.db.select().from(services).where(eq(services.id, serviceId)))[0]!;
const contactCount = async () => (await t.database.db.select().from(contactMessages)).length;

describe("better-auth's own routes obey the shared schemas", () => {
  it('refuses a 200,000-character, a non-string or a null name at sign-up and stores no account', async () => {
    for (const [i, name] of ['x'.repeat(200_000), 42, null, ['Mim'], '   '].entries()) {
      const email = `bad-name-${i}@example.com`;
      const res = await send({ url: '/api/auth/sign-up/email', payload: { name, email, password: 'Secret123', image: '/images/reviews/nusrat.svg' } });
      expectRefused(res, 400, 'name');
      expect((await t.database.db.select().from(user).where(eq(user.email, email))).length).toBe(0);
    }
  });

  it('refuses a sign-up photo that is not an image of this site', async () => {
    for (const [i, image] of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'https://evil.example/x.png', '//evil.example/x.webp', '/uploads/../etc/passwd'].entries()) {
      const email = `bad-image-${i}@example.com`;
      const res = await send({ url: '/api/auth/sign-up/email', payload: { name: 'Rima', email, password: 'Secret123', image } });
      const body = expectRefused(res, 400, 'image');
      expect(body.message).toBe('Must be an image uploaded to this site');
      expect((await t.database.db.select().from(user).where(eq(user.email, email))).length).toBe(0);
    }
  });

  it('refuses update-user with a bad name or image, or only unknown keys, and keeps the row', async () => {
    const before = await userRow(customer.id);
    const cases: [unknown, string][] = [
      [{ name: null }, 'name'],
      [{ name: 'y'.repeat(101) }, 'name'],
      [{ name: { first: 'Mim' } }, 'name'],
      [{ image: 'javascript:alert(1)' }, 'image'],
      [{ image: 'https://tracker.example/pixel.png' }, 'image'],
      [{ role: 'admin' }, 'role'],
    ];
    for (const [payload, path] of cases) {
      expectRefused(await send({ url: '/api/auth/update-user', payload, cookie: customer.cookie }), 400, path);
    }
    expect(await userRow(customer.id)).toEqual(before);
    // A good change still goes through, trimmed like everywhere else.
    expect((await send({ url: '/api/auth/update-user', payload: { name: '  Mim H.  ' }, cookie: customer.cookie })).statusCode).toBe(200);
    expect((await userRow(customer.id)).name).toBe('Mim H.');
  });

  it('keeps a 100-character name, the limit', async () => {
    // signUp comes from its own address: the refusals above already spent this one's sign-ups.
    const hundred = await signUp(t.app, { name: 'n'.repeat(100) });
    expect((await userRow(hundred.id)).name).toHaveLength(100);
  });
});

describe('no 500s: a NUL character anywhere is a 400 and nothing is stored', () => {
  const NUL = 'a\u0000b';

  it('in the contact form', async () => {
    const before = await contactCount();
    const res = await send({ url: '/api/contact', payload: { firstName: NUL, email: 'mim@example.com', message: 'Hello' } });
    const body = expectRefused(res, 400, 'firstName');
    expect(body.message).toMatch(/NUL/);
    expect(await contactCount()).toBe(before);
  });

  it('in service fields and in a user name', async () => {
    const before = await serviceRow();
    expectRefused(await send({ method: 'PATCH', url: `/api/service/${serviceId}`, payload: { title: NUL }, cookie: admin.cookie }), 400, 'title');
    expectRefused(await send({ method: 'PATCH', url: `/api/service/${serviceId}`, payload: { category: NUL }, cookie: admin.cookie }), 400, 'category');
    expect(await serviceRow()).toEqual(before);
    const me = await userRow(customer.id);
    expectRefused(await send({ url: '/api/user', payload: { name: NUL }, cookie: customer.cookie }), 400, 'name');
    expectRefused(await send({ url: '/api/auth/update-user', payload: { name: NUL }, cookie: customer.cookie }), 400, 'name');
    expect(await userRow(customer.id)).toEqual(me);
  });

  it('in sign-in, sign-up, reset and their query strings', async () => {
    expectRefused(await send({ url: '/api/auth/sign-in/email', payload: { email: `mim${NUL}@example.com`, password: 'Secret123' } }), 400, 'email');
    expectRefused(await send({ url: '/api/auth/sign-in/email', payload: { email: customer.email, password: `Secret${NUL}` } }), 400, 'password');
    expectRefused(await send({ url: '/api/auth/reset-password', payload: { newPassword: 'Secret123', token: NUL } }), 400, 'token');
    expectRefused(await send({ url: '/api/auth/request-password-reset', payload: { email: `x${NUL}@example.com` } }), 400, 'email');
    expectRefused(await send({ method: 'GET', url: '/api/auth/reset-password/a%00b?callbackURL=/reset-password' }), 400);
    expectRefused(await send({ method: 'GET', url: '/api/auth/get-session?x=%00' }), 400, 'query.x');
  });

  it('return addresses that are not a path on this site (found by the fuzz test: a 500 before)', async () => {
    // better-auth builds a URL from the return address; '✓' or another site must never reach it.
    for (const callbackURL of ['%E2%9C%93', '%F2%8C%9C%A5', 'https://evil.example/', '//evil.example/x', 'javascript:alert(1)']) {
      expectRefused(await send({ method: 'GET', url: `/api/auth/verify-email?token=abc&callbackURL=${callbackURL}` }), 400, 'query.callbackURL');
    }
    expectRefused(await send({ url: '/api/auth/sign-in/social', payload: { provider: 'google', callbackURL: '/', errorCallbackURL: 'https://evil.example/' } }), 400, 'errorCallbackURL');
    expectRefused(await send({ url: '/api/auth/request-password-reset', payload: { email: customer.email, redirectTo: '✓' } }), 400, 'redirectTo');
    // A path on this site still works: the bad token goes back to it with the error.
    const ok = await send({ method: 'GET', url: '/api/auth/verify-email?token=abc&callbackURL=/login' });
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe('/login?error=INVALID_TOKEN');
  });

  it('in admin path parameters and query strings', async () => {
    expectRefused(await send({ method: 'GET', url: '/api/user/admin/a%00b@example.com', cookie: admin.cookie }), 400, 'params.user');
    expectRefused(await send({ method: 'GET', url: '/api/cart?email=a%00b@example.com', cookie: admin.cookie }), 400, 'query.email');
  });
});

describe('no 500s: numbers, nesting, uploads', () => {
  it('refuses a price that rounds to 0 and keeps the service', async () => {
    const before = await serviceRow();
    for (const price of [1e-9, 0.004]) {
      expectRefused(await send({ method: 'PATCH', url: `/api/service/${serviceId}`, payload: { price }, cookie: admin.cookie }), 400, 'price');
    }
    const created = await send({ url: '/api/service', payload: { title: 'Free?', price: 1e-9, description: 'x', image_url: '/images/services/facial.svg' }, cookie: admin.cookie });
    expectRefused(created, 400, 'price');
    expect(await serviceRow()).toEqual(before);
  });

  it.each([
    ['arrays', (n: number) => '['.repeat(n) + ']'.repeat(n)],
    ['objects', (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)],
  ])('answers 400 to 100,000 levels of nested %s, on better-auth routes and ours', async (_kind, nest) => {
    const deep = nest(100_000);
    for (const url of ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/contact']) {
      const body = expectRefused(await send({ url, payload: deep }), 400);
      expect(body.message).toBe(`The JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`);
    }
    expectRefused(await send({ method: 'PATCH', url: `/api/service/${serviceId}`, payload: deep, cookie: admin.cookie }), 400);
    // Just inside the limit still parses (and is then judged by the route's schema).
    expectRefused(await send({ url: '/api/contact', payload: nest(MAX_JSON_DEPTH) }), 400);
  });

  it('answers 400 to a malformed or truncated multipart upload', async () => {
    const boundary = 'XyZ';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const bodies = [
      head + 'PNGDATA', // cut off before the closing boundary
      'not multipart at all',
      `--${boundary}\r\nContent-Disposition: form-data\r\n\r\n`, // a part without a name, then nothing
    ];
    for (const payload of bodies) {
      const res = await send({ url: '/api/upload', payload, contentType: `multipart/form-data; boundary=${boundary}` });
      expectRefused(res, 400);
    }
    expectRefused(await send({ url: '/api/upload', payload: 'x', contentType: 'multipart/form-data' }), 400);
  });
});

describe('writes with nothing we know', () => {
  it('refuses a body of only unknown keys with 400 and changes nothing', async () => {
    const service = await serviceRow();
    const contacts = await contactCount();
    const me = await userRow(customer.id);
    const unknownOnly = { titel: 'Typo', hack: true };
    expectRefused(await send({ method: 'PATCH', url: `/api/service/${serviceId}`, payload: unknownOnly, cookie: admin.cookie }), 400, 'titel');
    expectRefused(await send({ url: '/api/contact', payload: unknownOnly }), 400, 'hack');
    expectRefused(await send({ url: '/api/user', payload: unknownOnly, cookie: customer.cookie }), 400);
    expectRefused(await send({ url: '/api/auth/update-user', payload: unknownOnly, cookie: customer.cookie }), 400, 'titel');
    expect(await serviceRow()).toEqual(service);
    expect(await contactCount()).toBe(contacts);
    expect(await userRow(customer.id)).toEqual(me);
  });

  it('answers an anonymous write 401 before looking at its body', async () => {
    const writes: Send[] = [
      { url: '/api/service', payload: { nonsense: 1 } },
      { method: 'PATCH', url: `/api/service/${serviceId}`, payload: '{not json' },
      { method: 'PATCH', url: '/api/service/not-an-id', payload: { price: 'free' } },
      { method: 'DELETE', url: '/api/service/not-an-id' },
      { url: '/api/user', payload: { name: 5 } },
      { method: 'PATCH', url: '/api/user/admin/not-an-id' },
      { method: 'PUT', url: '/api/settings', payload: { capacity: 'lots' } },
      { url: '/api/cart', payload: { cartItemId: 'nope' } },
      { method: 'PATCH', url: '/api/cart/not-an-id', payload: { startsAt: 'soon' } },
      { url: '/api/create-payment-intent', payload: { nonsense: 1 } },
    ];
    for (const write of writes) {
      const res = await send({ ...write, contentType: typeof write.payload === 'string' ? 'application/json' : undefined });
      expect(res.statusCode, `${write.method ?? 'POST'} ${write.url}`).toBe(401);
    }
    expect(await serviceRow()).toMatchObject({ id: serviceId });
  });
});

describe('content security policy', () => {
  it('lets images load only from this site (plus inline data and local previews)', async () => {
    const res = await t.app.inject({ url: '/api/service' });
    const csp = String(res.headers['content-security-policy']);
    const imgSrc = /img-src ([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/);
    expect(imgSrc).toEqual(["'self'", 'data:', 'blob:']);
  });
});
