import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { serviceListSchema, serviceSchema } from '../../shared/service.js';
import { apiErrorSchema } from '../../shared/errors.js';
import { seedServices } from '../db/seed-data.js';
import { CATALOGUE_CHANNEL } from '../change-cache.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /api/service', () => {
  it('lists the 16 demo services with string ids and number prices, in catalogue order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/service' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const list = serviceListSchema.parse(res.json());
    expect(list).toHaveLength(16);
    expect(list.map((s) => s.title)).toEqual(seedServices.map((s) => s.title));
    const haircut = list[0]!;
    expect(typeof haircut._id).toBe('string');
    expect(haircut.price).toBe(1200);
    expect(haircut.duration).toBe(60);
    expect(haircut.image_url).toBe('/images/services/classic-haircut.svg');
  });

  it('gives every demo service a Bangla title and description, as a salon writes them for its Bangla pages', async () => {
    const list = serviceListSchema.parse((await t.app.inject({ url: '/api/service' })).json());
    expect(list.map((s) => [s.title, s.title_bn])).toEqual(seedServices.map((s) => [s.title, s.title_bn]));
    expect(list[0]).toMatchObject({ title_bn: 'ক্লাসিক হেয়ারকাট ও ব্লো-ড্রাই', description_bn: expect.stringMatching(/^পরামর্শ, চুল ধোয়া/) });
    // Written in Bangla: no English word in any of them.
    for (const s of list) expect(`${s.title_bn} ${s.description_bn}`, s.title).not.toMatch(/[A-Za-z]/);
  });

  it('keeps prices exact to the poisha', async () => {
    await t.database.db.execute(sql`update services set price_minor = 123456 where title = 'Classic Manicure'`);
    // Raw SQL bypasses the repositories, which clear the cached catalogue on every write.
    t.app.catalogue.invalidate();
    const list = serviceListSchema.parse((await t.app.inject({ url: '/api/service' })).json());
    expect(list.find((s) => s.title === 'Classic Manicure')?.price).toBe(1234.56);
    const raw = (await t.app.inject({ url: '/api/service' })).body;
    expect(raw).toContain('"price":1234.56');
  });

  it('leaves out deleted services', async () => {
    await t.database.db.execute(sql`update services set deleted_at = now() where title = 'Spa Pedicure'`);
    t.app.catalogue.invalidate();
    const list = serviceListSchema.parse((await t.app.inject({ url: '/api/service' })).json());
    expect(list.map((s) => s.title)).not.toContain('Spa Pedicure');
    expect(list).toHaveLength(15);
  });
});

describe('the cached catalogue on PostgreSQL', () => {
  it('is refreshed when any instance announces a change', async () => {
    await t.app.inject({ url: '/api/service' }); // warm the cache
    await t.database.db.execute(sql`update services set title = 'Classic Haircut' where title = 'Classic Haircut & Blow-dry'`);
    // What a write through another instance does in its transaction:
    await t.database.db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, '')`);
    await expect
      .poll(async () => serviceListSchema.parse((await t.app.inject({ url: '/api/service' })).json()).map((s) => s.title))
      .toContain('Classic Haircut');
  });
});

describe('GET /api/service/:id', () => {
  it('answers one service by id', async () => {
    const [first] = serviceListSchema.parse((await t.app.inject({ url: '/api/service' })).json());
    const res = await t.app.inject({ url: `/api/service/${first!._id}` });
    expect(res.statusCode).toBe(200);
    expect(serviceSchema.parse(res.json())).toEqual(first);
  });

  it('answers 404 in the error shape for an unknown id', async () => {
    const res = await t.app.inject({ url: '/api/service/3f1e1c9a-5b2d-4c1e-9a7b-1d2e3f4a5b6c' });
    expect(res.statusCode).toBe(404);
    expect(apiErrorSchema.parse(res.json())).toEqual({ statusCode: 404, error: 'Not Found', message: 'Service not found' });
  });

  it('answers 400 naming the field for a malformed id', async () => {
    const res = await t.app.inject({ url: '/api/service/not-an-id' });
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.issues).toEqual([{ path: 'params.id', message: 'Must be a valid id' }]);
  });
});
