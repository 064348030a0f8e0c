/** The admin's catalogue writes: POST, PATCH and DELETE /api/service, their rules and effects. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { rowsOf } from '../db/rows.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { solidPng, uploadImage } from '../test/uploads.js';
import { apiErrorSchema } from '../../shared/errors.js';
import { serviceListSchema, serviceSchema } from '../../shared/service.js';
import { removeUnreferencedUploads } from '../repositories/uploads.js';
import { imageVariantUrl } from '../../shared/images.js';
import type { PaymentPolicy } from '../../shared/deposits.js';

let t: TestApp;
let admin: Account;
let customer: Account;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  customer = await signUp(t.app);
});
afterAll(async () => t.close());

function call(method: 'POST' | 'PATCH' | 'DELETE', url: string, who: Account | undefined, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { origin: t.config.publicUrl, ...(who ? { cookie: who.cookie } : {}) },
    ...(payload ? { payload } : {}),
  });
}

const catalogue = async () => serviceListSchema.parse((await t.app.inject({ url: '/api/service' })).json());
const countServices = async () => Number((await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from services`))[0]!.n);

/** A full service body with one of the catalogue's own images, paid under the salon's policy. */
function validBodyWithoutUpload() {
  return {
    title: 'Gold Facial',
    price: 2499.5,
    description: 'A glow facial with gold serum.',
    duration: 75,
    buffer: 10,
    category: 'Facial',
    image_url: '/images/services/bridal-makeup.svg',
    paymentPolicy: null as PaymentPolicy | null,
  };
}

/** The same with a fresh upload and its own deposit policy. */
async function validBody() {
  return { ...validBodyWithoutUpload(), image_url: await uploadImage(t.app), paymentPolicy: { mode: 'deposit-percent' as const, percent: 30 } };
}

describe('POST /api/service', () => {
  it('lets an admin add a service: 201 with its id, stored exactly, on the home page at once', async () => {
    await catalogue(); // warm the cache: the write must clear it
    const body = await validBody();
    const res = await call('POST', '/api/service', admin, body);
    expect(res.statusCode, res.body).toBe(201);
    const { insertedId } = res.json<{ insertedId: string }>();
    const stored = serviceSchema.parse((await t.app.inject({ url: `/api/service/${insertedId}` })).json());
    expect(stored).toEqual({ _id: insertedId, title_bn: null, description_bn: null, ...body });
    expect((await catalogue()).map((s) => s._id)).toContain(insertedId);
  });

  it('takes 60 minutes, no time after the visit and no category when they are left out', async () => {
    const { duration: _d, category: _c, buffer: _b, ...body } = await validBody();
    const res = await call('POST', '/api/service', admin, body);
    const stored = serviceSchema.parse((await t.app.inject({ url: `/api/service/${res.json<{ insertedId: string }>().insertedId}` })).json());
    expect(stored).toMatchObject({ duration: 60, buffer: 0, category: null });
  });

  it('refuses visitors (401) and customers (403), storing nothing', async () => {
    const before = await countServices();
    expect((await call('POST', '/api/service', undefined, await validBody())).statusCode).toBe(401);
    expect((await call('POST', '/api/service', customer, await validBody())).statusCode).toBe(403);
    expect(await countServices()).toBe(before);
  });

  it.each([
    ['title', { title: '' }, 'Title is required'],
    ['title', { title: 'x'.repeat(101) }, 'Title must be at most 100 characters'],
    ['price', { price: undefined }, 'Price is required'],
    ['price', { price: 0 }, 'Price must be more than 0'],
    ['price', { price: -5 }, 'Price must be more than 0'],
    ['price', { price: 10.005 }, 'Price can have at most two decimals'],
    ['price', { price: '100' }, 'Price is required'],
    ['description', { description: '   ' }, 'Description is required'],
    ['description', { description: 'x'.repeat(2001) }, 'Description must be at most 2000 characters'],
    ['duration', { duration: 10 }, 'Duration must be between 15 and 480 minutes'],
    ['duration', { duration: 481 }, 'Duration must be between 15 and 480 minutes'],
    ['duration', { duration: 30.5 }, 'Duration must be whole minutes'],
    ['image_url', { image_url: 'https://evil.example.com/x.png' }, 'Must be an image uploaded to this site'],
    ['image_url', { image_url: undefined }, 'Image is required'],
  ])('400 for a bad %s (%j) with the field issue, storing nothing', async (path, change, message) => {
    const before = await countServices();
    const res = await call('POST', '/api/service', admin, { ...(await validBody()), ...change });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).issues).toContainEqual({ path, message });
    expect(await countServices()).toBe(before);
  });

  it.each([
    ['paymentPolicy.percent', { mode: 'deposit-percent', percent: 100 }, 'Deposit share must be between 1 and 99 %'],
    ['paymentPolicy.amount', { mode: 'deposit-fixed', amount: 0 }, 'Deposit amount must be more than 0'],
    ['paymentPolicy.amount', { mode: 'deposit-fixed', amount: 10.005 }, 'Use at most two decimals'],
    ['paymentPolicy.mode', { mode: 'later' }, 'Choose how customers pay'],
  ])('400 for a bad payment policy (%s: %j), storing nothing', async (path, paymentPolicy, message) => {
    const before = await countServices();
    const res = await call('POST', '/api/service', admin, { ...validBodyWithoutUpload(), paymentPolicy });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).issues).toContainEqual({ path, message });
    expect(await countServices()).toBe(before);
  });

  it.each([
    [{ buffer: -5 }, 'Time after the visit must be between 0 and 120 minutes'],
    [{ buffer: 125 }, 'Time after the visit must be between 0 and 120 minutes'],
    [{ buffer: 7 }, 'Time after the visit must be a multiple of 5 minutes'],
    [{ buffer: 12.5 }, 'Time after the visit must be whole minutes'],
    [{ buffer: '10' }, 'Time after the visit must be a number of minutes'],
    [{ buffer: null }, 'Time after the visit must be a number of minutes'],
  ])('400 for a bad time after the visit (%j) with the field issue, storing nothing', async (change, message) => {
    const before = await countServices();
    // A shipped image: these cases need no upload (uploads are rate-limited).
    const body = { ...validBodyWithoutUpload(), ...change };
    const res = await call('POST', '/api/service', admin, body);
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).issues).toContainEqual({ path: 'buffer', message });
    expect(await countServices()).toBe(before);
  });

  it('refuses an upload address that was never stored here', async () => {
    const res = await call('POST', '/api/service', admin, { ...(await validBody()), image_url: '/uploads/3f1e1c9a-5b2d-4c1e-9a7b-1d2e3f4a5b6c.webp' });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).issues).toEqual([{ path: 'image_url', message: 'Upload the image again' }]);
  });
});

describe('PATCH /api/service/:id', () => {
  it('changes the named fields only, keeps the image when none is sent, and the home page shows it', async () => {
    const body = await validBody();
    const id = (await call('POST', '/api/service', admin, body)).json<{ insertedId: string }>().insertedId;
    await catalogue();
    const res = await call('PATCH', `/api/service/${id}`, admin, { price: 1999.99, description: 'New words' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    const after = (await catalogue()).find((s) => s._id === id);
    expect(after).toEqual({ _id: id, title_bn: null, description_bn: null, ...body, price: 1999.99, description: 'New words' });
  });

  it('changes the time after the visit (0 to 120 in steps of 5), which the public list shows; a bad one changes nothing', async () => {
    const id = (await call('POST', '/api/service', admin, validBodyWithoutUpload())).json<{ insertedId: string }>().insertedId;
    for (const buffer of [120, 0, 25]) {
      const res = await call('PATCH', `/api/service/${id}`, admin, { buffer });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ modifiedCount: 1 });
      expect((await catalogue()).find((s) => s._id === id)?.buffer).toBe(buffer);
    }
    const stored = async () => Number((await rowsOf<{ b: number }>(t.database.db, sql`select buffer_minutes as b from services where id = ${id}`))[0]!.b);
    expect(await stored()).toBe(25);
    for (const buffer of [121, 3, -5]) {
      const bad = await call('PATCH', `/api/service/${id}`, admin, { buffer, price: 1 });
      expect(bad.statusCode).toBe(400);
      expect(apiErrorSchema.parse(bad.json()).issues?.map((issue) => issue.path)).toEqual(['buffer']);
    }
    expect(await stored()).toBe(25);
    expect((await t.app.inject({ url: `/api/service/${id}` })).json()).toMatchObject({ buffer: 25, price: 2499.5 });
  });

  it('answers modifiedCount 0 when nothing differs', async () => {
    const body = await validBody();
    const id = (await call('POST', '/api/service', admin, body)).json<{ insertedId: string }>().insertedId;
    const res = await call('PATCH', `/api/service/${id}`, admin, { title: body.title, price: body.price });
    expect(res.json()).toEqual({ modifiedCount: 0 });
    // The form sends the service's policy every time: the same policy (an object) is no change either.
    const samePolicy = await call('PATCH', `/api/service/${id}`, admin, { title: body.title, paymentPolicy: { percent: 30, mode: 'deposit-percent' } });
    expect(samePolicy.json()).toEqual({ modifiedCount: 0 });
    const otherShare = await call('PATCH', `/api/service/${id}`, admin, { paymentPolicy: { mode: 'deposit-percent', percent: 40 } });
    expect(otherShare.json()).toEqual({ modifiedCount: 1 });
    expect((await t.app.inject({ url: `/api/service/${id}` })).json()).toMatchObject({ paymentPolicy: { mode: 'deposit-percent', percent: 40 } });
  });

  it('404 for an unknown or deleted service, 400 for a malformed id, 400 for a bad field', async () => {
    expect((await call('PATCH', '/api/service/3f1e1c9a-5b2d-4c1e-9a7b-1d2e3f4a5b6c', admin, { price: 10 })).statusCode).toBe(404);
    expect((await call('PATCH', '/api/service/nope', admin, { price: 10 })).statusCode).toBe(400);
    const id = (await call('POST', '/api/service', admin, await validBody())).json<{ insertedId: string }>().insertedId;
    const bad = await call('PATCH', `/api/service/${id}`, admin, { price: 0, title: '' });
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).issues).toEqual(
      expect.arrayContaining([
        { path: 'price', message: 'Price must be more than 0' },
        { path: 'title', message: 'Title is required' },
      ]),
    );
    expect((await t.app.inject({ url: `/api/service/${id}` })).json()).toMatchObject({ price: 2499.5, title: 'Gold Facial' });
    await call('DELETE', `/api/service/${id}`, admin);
    expect((await call('PATCH', `/api/service/${id}`, admin, { price: 10 })).statusCode).toBe(404);
  });

  it('refuses visitors and customers', async () => {
    const id = (await catalogue())[0]!._id;
    expect((await call('PATCH', `/api/service/${id}`, undefined, { price: 1 })).statusCode).toBe(401);
    expect((await call('PATCH', `/api/service/${id}`, customer, { price: 1 })).statusCode).toBe(403);
    expect((await catalogue())[0]!.price).not.toBe(1);
  });
});

describe('DELETE /api/service/:id', () => {
  it('takes the service out of the catalogue and out of every booking list', async () => {
    const id = (await call('POST', '/api/service', admin, await validBody())).json<{ insertedId: string }>().insertedId;
    const other = (await catalogue())[0]!._id;
    const shopper = await signUp(t.app);
    for (const serviceId of [id, other]) {
      await t.database.db.execute(sql`insert into cart_items (user_id, service_id) values (${shopper.id}, ${serviceId})`);
    }
    await catalogue();

    const res = await call('DELETE', `/api/service/${id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect((await catalogue()).map((s) => s._id)).not.toContain(id);
    expect((await t.app.inject({ url: `/api/service/${id}` })).statusCode).toBe(404);
    const left = await rowsOf<{ service_id: string }>(t.database.db, sql`select service_id from cart_items where user_id = ${shopper.id}`);
    expect(left.map((r) => r.service_id)).toEqual([other]);
    // A second delete finds nothing.
    expect((await call('DELETE', `/api/service/${id}`, admin)).statusCode).toBe(404);
  });

  it('refuses visitors and customers, and 404s an unknown id', async () => {
    const id = (await catalogue())[0]!._id;
    expect((await call('DELETE', `/api/service/${id}`, undefined)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/service/${id}`, customer)).statusCode).toBe(403);
    expect((await catalogue()).map((s) => s._id)).toContain(id);
    expect((await call('DELETE', '/api/service/3f1e1c9a-5b2d-4c1e-9a7b-1d2e3f4a5b6c', admin)).statusCode).toBe(404);
  });
});

describe('unused images', () => {
  it('removes an image (and its copies) once no service refers to it, and keeps images in use', async () => {
    const body = await validBody();
    const id = (await call('POST', '/api/service', admin, body)).json<{ insertedId: string }>().insertedId;
    const replacement = await uploadImage(t.app, await solidPng(50, 50, '#0f0'));
    const abandoned = await uploadImage(t.app);
    await call('PATCH', `/api/service/${id}`, admin, { image_url: replacement });

    await removeUnreferencedUploads(t.database.db, 0);
    expect((await t.app.inject({ url: body.image_url })).statusCode).toBe(404);
    expect((await t.app.inject({ url: imageVariantUrl(body.image_url, 400)! })).statusCode).toBe(404);
    expect((await t.app.inject({ url: abandoned })).statusCode).toBe(404);
    expect((await t.app.inject({ url: replacement })).statusCode).toBe(200);
    expect((await t.app.inject({ url: imageVariantUrl(replacement, 400)! })).statusCode).toBe(200);
  });

  it('keeps a fresh upload through its grace period (the form saves a moment later)', async () => {
    const fresh = await uploadImage(t.app);
    await removeUnreferencedUploads(t.database.db, 60);
    expect((await t.app.inject({ url: fresh })).statusCode).toBe(200);
  });
});
