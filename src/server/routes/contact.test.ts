import { afterAll, beforeAll, expect, it } from 'vitest';
import { contactMessages } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { apiErrorSchema } from '../../shared/errors.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t.close());

it('stores a valid message for the admin and answers 201 with its id', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { firstName: 'Mim', lastName: 'Hossain', email: 'mim@example.com', phone: '+880 1711-000000', message: 'Do you open on Eid?' },
  });
  expect(res.statusCode).toBe(201);
  const { insertedId } = res.json<{ insertedId: string }>();
  const rows = await t.database.db.select().from(contactMessages);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ id: insertedId, firstName: 'Mim', email: 'mim@example.com', message: 'Do you open on Eid?' });
});

it('answers 400 with each field problem and stores nothing', async () => {
  const before = (await t.database.db.select().from(contactMessages)).length;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { firstName: ' ', email: 'not-an-email', phone: 'abc', message: '' },
  });
  expect(res.statusCode).toBe(400);
  const body = apiErrorSchema.parse(res.json());
  expect(body.issues).toEqual(
    expect.arrayContaining([
      { path: 'firstName', message: 'First name is required' },
      { path: 'email', message: 'Enter a valid email address' },
      { path: 'phone', message: 'Enter a valid phone number' },
      { path: 'message', message: 'Message is required' },
    ]),
  );
  expect((await t.database.db.select().from(contactMessages)).length).toBe(before);
});

it('answers 400 for a body that is not JSON', async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: '{nope' });
  expect(res.statusCode).toBe(400);
  expect(apiErrorSchema.parse(res.json()).error).toBe('Bad Request');
});
