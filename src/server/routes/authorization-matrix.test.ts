/**
 * Who may call what: every /api route x {visitor, customer, another customer, admin}, with the
 * status each must get. One table, extended by every issue that adds a route.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';

type Actor = 'visitor' | 'customer' | 'otherCustomer' | 'admin';
// Role changes aim at bystanders, so no row changes the actors' own roles.
type Ctx = { customer: Account; otherCustomer: Account; admin: Account; bystander: Account; otherAdmin: Account; serviceId: string };
type Row = {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: (c: Ctx) => string;
  body?: (c: Ctx) => unknown;
  /** A multipart body instead of JSON. */
  form?: () => Promise<{ payload: Buffer; contentType: string }>;
  expect: Record<Actor, number>;
};

async function tinyPngForm() {
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).png().toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
  const request = new Request('http://local/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

const all = (status: number) => ({ visitor: status, customer: status, otherCustomer: status, admin: status });

const matrix: Row[] = [
  { name: 'health', method: 'GET', url: () => '/api/health', expect: all(200) },
  { name: 'list services', method: 'GET', url: () => '/api/service', expect: all(200) },
  { name: 'one service', method: 'GET', url: (c) => `/api/service/${c.serviceId}`, expect: all(200) },
  { name: 'list reviews', method: 'GET', url: () => '/api/review', expect: all(200) },
  { name: 'auth providers', method: 'GET', url: () => '/api/config/auth', expect: all(200) },
  {
    name: 'contact message',
    method: 'POST',
    url: () => '/api/contact',
    body: () => ({ firstName: 'A', email: 'a@example.com', message: 'Hello' }),
    expect: all(201),
  },
  { name: 'logout', method: 'GET', url: () => '/api/logout', expect: all(200) },
  // Visitors upload their photo before the account exists (sign-up); limited per IP instead.
  { name: 'upload an image', method: 'POST', url: () => '/api/upload', form: tinyPngForm, expect: all(201) },
  { name: 'list users', method: 'GET', url: () => '/api/user', expect: { visitor: 401, customer: 403, otherCustomer: 403, admin: 200 } },
  {
    name: 'admin check of the customer',
    method: 'GET',
    url: (c) => `/api/user/admin/${c.customer.email}`,
    // The customer asks about herself; another customer may not; an admin may ask about anyone.
    expect: { visitor: 401, customer: 200, otherCustomer: 403, admin: 200 },
  },
  {
    name: 'update own profile',
    method: 'POST',
    url: () => '/api/user',
    body: () => ({ name: 'New Name' }),
    expect: { visitor: 401, customer: 200, otherCustomer: 200, admin: 200 },
  },
  {
    name: "update someone else's profile",
    method: 'POST',
    url: () => '/api/user',
    body: (c) => ({ name: 'Hijack', email: c.customer.email }),
    expect: { visitor: 401, customer: 200, otherCustomer: 403, admin: 403 },
  },
  {
    name: 'make admin',
    method: 'PATCH',
    url: (c) => `/api/user/admin/${c.bystander.id}`,
    expect: { visitor: 401, customer: 403, otherCustomer: 403, admin: 200 },
  },
  {
    name: 'remove admin',
    method: 'PATCH',
    url: (c) => `/api/user/admin-remove/${c.otherAdmin.id}`,
    expect: { visitor: 401, customer: 403, otherCustomer: 403, admin: 200 },
  },
];

let t: TestApp;
let ctx: Ctx;
beforeAll(async () => {
  t = await createTestApp();
  const services = (await t.app.inject({ url: '/api/service' })).json<{ _id: string }[]>();
  ctx = {
    customer: await signUp(t.app),
    otherCustomer: await signUp(t.app),
    admin: await signUpAdmin(t.app),
    bystander: await signUp(t.app),
    otherAdmin: await signUpAdmin(t.app),
    serviceId: services[0]!._id,
  };
});
afterAll(async () => t.close());

describe.each(matrix)('$method $name', (row) => {
  it.each(['visitor', 'customer', 'otherCustomer', 'admin'] as const)('as %s', async (actor) => {
    // Logging out would end the shared session; give each logout call a session of its own.
    let cookie = actor === 'visitor' ? undefined : ctx[actor].cookie;
    if (row.name === 'logout' && actor !== 'visitor') cookie = (await signUp(t.app)).cookie;
    const form = row.form ? await row.form() : undefined;
    const res = await t.app.inject({
      method: row.method,
      url: row.url(ctx),
      headers: { origin: t.config.publicUrl, ...(cookie ? { cookie } : {}), ...(form ? { 'content-type': form.contentType } : {}) },
      ...(row.body ? { payload: row.body(ctx) as object } : {}),
      ...(form ? { payload: form.payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(row.expect[actor]);
  });
});
