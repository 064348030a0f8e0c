import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { asUser } from '../test/booking.js';
import { apiErrorSchema } from '../../shared/errors.js';
import { contactMessageListSchema, contactMessageSchema, contactReplyHref } from '../../shared/contact.js';

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

describe('the inbox (admin)', () => {
  let admin: Account;
  let customer: Account;
  let older: string;
  let newer: string;
  const row = async (id: string) => (await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0];

  beforeAll(async () => {
    admin = await signUpAdmin(t.app);
    customer = await signUp(t.app, { name: 'Mim Hossain' });
    await t.database.db.delete(contactMessages);
    const [a, b] = await t.database.db
      .insert(contactMessages)
      .values([
        { firstName: 'Rina', lastName: 'Akter', email: 'rina@example.com', phone: '', message: 'Bridal package?', createdAt: new Date('2026-01-01T09:00:00Z') },
        { firstName: 'Nadia', lastName: '', email: 'nadia+salon@example.com', phone: '01711', message: 'Open on Friday?', createdAt: new Date('2026-01-02T09:00:00Z') },
      ])
      .returning({ id: contactMessages.id });
    older = a!.id;
    newer = b!.id;
  });

  it('lists the messages newest first with their state, and counts the unread', async () => {
    const res = await asUser(t.app, admin).get('/api/contact');
    expect(res.statusCode).toBe(200);
    const messages = contactMessageListSchema.parse(res.json());
    expect(messages.map((m) => [m._id, m.firstName, m.readAt, m.handledAt])).toEqual([
      [newer, 'Nadia', null, null],
      [older, 'Rina', null, null],
    ]);
    expect(messages[0]).toMatchObject({ email: 'nadia+salon@example.com', phone: '01711', message: 'Open on Friday?', createdAt: '2026-01-02T09:00:00.000Z' });
    expect((await asUser(t.app, admin).get('/api/contact/unread')).json()).toEqual({ unread: 2 });
  });

  it('marks a message read when the admin opens it, once: a second opening keeps the first time', async () => {
    const opened = await asUser(t.app, admin).patch(`/api/contact/${older}`, { read: true });
    expect(opened.statusCode).toBe(200);
    const first = contactMessageSchema.parse(opened.json());
    expect(first.readAt).not.toBeNull();
    expect(first.handledAt).toBeNull();
    expect((await asUser(t.app, admin).get('/api/contact/unread')).json()).toEqual({ unread: 1 });
    const again = contactMessageSchema.parse((await asUser(t.app, admin).patch(`/api/contact/${older}`, { read: true })).json());
    expect(again.readAt).toBe(first.readAt);
  });

  it('marks a message handled (which reads it too) and reopens it', async () => {
    const handled = await asUser(t.app, admin).patch(`/api/contact/${newer}`, { handled: true });
    expect(handled.statusCode).toBe(200);
    expect(handled.json()).toMatchObject({ _id: newer, readAt: expect.any(String), handledAt: expect.any(String) });
    expect((await row(newer))!.handledAt).toBeInstanceOf(Date);
    expect((await asUser(t.app, admin).get('/api/contact/unread')).json()).toEqual({ unread: 0 });

    const reopened = await asUser(t.app, admin).patch(`/api/contact/${newer}`, { handled: false });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ handledAt: null, readAt: expect.any(String) });
    expect((await row(newer))!.handledAt).toBeNull();
  });

  it('answers 404 for an unknown message and 400 for an empty or unknown change, changing nothing', async () => {
    const before = await t.database.db.select().from(contactMessages);
    const unknown = await asUser(t.app, admin).patch('/api/contact/00000000-0000-4000-8000-000000000000', { handled: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Message not found' });
    for (const body of [{}, { read: false }, { handled: 'yes' }, { message: 'rewritten' }]) {
      const res = await asUser(t.app, admin).patch(`/api/contact/${older}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(apiErrorSchema.parse(res.json()).error).toBe('Bad Request');
    }
    expect(await t.database.db.select().from(contactMessages)).toEqual(before);
  });

  it('refuses a visitor (401) and a customer (403) in the one error shape, and their writes change nothing', async () => {
    const before = await t.database.db.select().from(contactMessages);
    for (const url of ['/api/contact', '/api/contact/unread']) {
      const anonymous = await asUser(t.app, undefined).get(url);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Please log in to continue.' });
      const mim = await asUser(t.app, customer).get(url);
      expect(mim.statusCode).toBe(403);
      expect(mim.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Only an admin can do this.' });
    }
    for (const body of [{ read: true }, { handled: true }]) {
      expect((await asUser(t.app, undefined).patch(`/api/contact/${older}`, body)).statusCode).toBe(401);
      expect((await asUser(t.app, customer).patch(`/api/contact/${newer}`, body)).statusCode).toBe(403);
    }
    expect(await t.database.db.select().from(contactMessages)).toEqual(before);
  });
});

describe('the reply link', () => {
  it('opens a reply to the sender with the subject filled in, encoded', () => {
    expect(contactReplyHref({ email: 'nadia+salon@example.com' })).toBe('mailto:nadia%2Bsalon@example.com?subject=Re%3A%20Your%20message%20to%20Parlour');
  });
});
