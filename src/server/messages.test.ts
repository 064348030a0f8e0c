/** The API answers in the request's language (Accept-Language), its 400s field by field. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.js';
import { apiErrorSchema } from '../shared/errors.js';
import { contactMessages } from './db/schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

const contact = (payload: object, language?: string) =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload, headers: language ? { 'accept-language': language } : {} });
/** The admin's inbox, read straight from the database: a refused message must not be in it. */
const stored = async () => (await t.database.db.select({ id: contactMessages.id }).from(contactMessages)).length;

describe('messages in the request language', () => {
  it("answers a refused contact message in Bangla when asked, naming each field's problem, and stores nothing", async () => {
    const before = await stored();
    const res = await contact({ firstName: ' ', email: 'not-an-address', message: 'x'.repeat(2001), phone: 42 }, 'bn-BD,bn;q=0.9,en;q=0.5');
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.message).toBe('কিছু ঘরের তথ্য ঠিক নেই');
    const byField = Object.fromEntries((body.issues ?? []).map((issue) => [issue.path, issue.message]));
    // The schemas' own messages, from the catalogue.
    expect(byField.firstName).toBe('নামের প্রথম অংশ দিতে হবে');
    expect(byField.email).toBe('একটি সঠিক ইমেইল ঠিকানা দিন');
    expect(byField.message).toBe('বার্তাটি অনেক বড়');
    // zod's own message (a number where text belongs), from zod's Bangla locale (which names the
    // types as JavaScript does).
    expect(byField.phone).toBe('অবৈধ ইনপুট: প্রত্যাশিত string, প্রাপ্ত number');
    expect(await stored()).toBe(before);
  });

  it('answers in English, word for word as before, without Accept-Language or when it asks for another language', async () => {
    for (const language of [undefined, 'en-GB', 'fr-FR']) {
      const body = apiErrorSchema.parse((await contact({ firstName: '', email: 'a@example.com', message: 'x', phone: 42 }, language)).json());
      expect(body.message).toBe('Some fields are not valid');
      const byField = Object.fromEntries((body.issues ?? []).map((issue) => [issue.path, issue.message]));
      expect(byField.firstName).toBe('First name is required');
      expect(byField.phone).toBe('Invalid input: expected string, received number');
    }
  });

  it("translates a service's refusal (an HttpError) too", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/sms', headers: { 'accept-language': 'bn' } });
    expect(res.statusCode).toBe(401);
    expect(apiErrorSchema.parse(res.json()).message).not.toBe('');
  });
});
