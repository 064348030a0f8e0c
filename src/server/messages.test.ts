/** The API answers in the request's language (Accept-Language), its 400s field by field. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.js';
import { apiErrorSchema } from '../shared/errors.js';
import { contactMessages } from './db/schema.js';
import { signUp, signUpAdmin, type Account } from './test/accounts.js';
import { addStylist } from './test/stylists.js';
import { DEFAULT_SALON_SETTINGS } from '../shared/salon-settings.js';

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
    expect(apiErrorSchema.parse(res.json()).message).toBe('চালিয়ে যেতে লগইন করুন।');
  });

  it('says a refusal and its field problem in Bangla: a service no longer offered, added to her list', async () => {
    const customer = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { origin: t.app.config.publicUrl, cookie: customer.cookie, 'accept-language': 'bn' },
      payload: { cartItemId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(res.statusCode).toBe(404);
    const body = apiErrorSchema.parse(res.json());
    expect(body.message).toBe('এই সেবাটি এখন আর দেওয়া হয় না।');
    expect(body.issues).toEqual([{ path: 'cartItemId', message: 'অজানা সেবা' }]);
    const list = await t.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie: customer.cookie } });
    expect(list.json()).toEqual([]);
  });

  it("answers better-auth's refusals in Bangla when asked: a wrong password, a taken e-mail, a field problem", async () => {
    const a = await signUp(t.app);
    const auth = (url: string, payload: object, language?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/auth/${url}`,
        payload,
        headers: { origin: t.app.config.publicUrl, ...(language ? { 'accept-language': language } : {}) },
      });

    const wrong = await auth('sign-in/email', { email: a.email, password: 'Wrong1234' }, 'bn');
    expect(wrong.statusCode).toBe(401);
    expect(apiErrorSchema.parse(wrong.json()).message).toBe('ইমেইল বা পাসওয়ার্ড ভুল।');
    // English stays word for word without the header.
    expect(apiErrorSchema.parse((await auth('sign-in/email', { email: a.email, password: 'Wrong1234' })).json()).message).toBe(
      'Wrong e-mail or password.',
    );

    const taken = await auth('sign-up/email', { name: 'Rina', email: a.email, password: 'Secret123', image: '/images/reviews/nusrat.svg' }, 'bn');
    expect(taken.statusCode).toBe(409);
    expect(apiErrorSchema.parse(taken.json()).message).toBe('এই ইমেইল দিয়ে আগেই অ্যাকাউন্ট খোলা হয়েছে। লগইন করুন, অথবা অন্য একটি ইমেইল দিন।');

    // The shared schema's message, checked before better-auth sees the body, on the field too.
    const weak = await auth('sign-up/email', { name: 'Rina', email: 'rina@example.com', password: 'weak', image: '/images/reviews/nusrat.svg' }, 'bn');
    expect(weak.statusCode).toBe(400);
    const body = apiErrorSchema.parse(weak.json());
    const passwordRule = 'পাসওয়ার্ডে কমপক্ষে ৬টি অক্ষর থাকতে হবে, তার মধ্যে ১টি বড় হাতের অক্ষর, ১টি ছোট হাতের অক্ষর আর ১টি সংখ্যা';
    expect(body.message).toBe(passwordRule);
    expect(body.issues).toEqual([{ path: 'password', message: passwordRule }]);
  });
});

describe('messages that carry a value', () => {
  let admin: Account;
  let stylist: string;
  beforeAll(async () => {
    admin = await signUpAdmin(t.app);
    stylist = await addStylist(t.app, admin, 'Nila', []);
  });

  const asAdmin = (method: 'GET' | 'PUT', url: string, payload?: object, language?: string) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { origin: t.app.config.publicUrl, cookie: admin.cookie, ...(language ? { 'accept-language': language } : {}) },
    });
  // Sunday: 10:00-13:00, then a span from 12:00 that runs into it.
  const overlapping = { days: [[{ start: '10:00', end: '13:00' }, { start: '12:00', end: '16:00' }], [], [], [], [], [], []] };
  const hours = (language?: string) => asAdmin('PUT', `/api/staff/${stylist}/hours`, overlapping, language);
  const longPeriod = (language?: string) => asAdmin('GET', '/api/admin/summary?from=2025-01-01&to=2026-03-01', undefined, language);

  it("refuses a stylist's overlapping hours in Bangla, the times in Bengali digits, on the span's field", async () => {
    const res = await hours('bn');
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.message).toBe('কিছু ঘরের তথ্য ঠিক নেই');
    expect(body.issues).toEqual([{ path: 'days.0.1.start', message: '১০:০০ – ১৩:০০ সময়ের সাথে মিলে যাচ্ছে বা একেবারে লাগোয়া' }]);
  });

  it("refuses the admin summary's too long period in Bangla with Bengali digits", async () => {
    const res = await longPeriod('bn');
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).issues).toEqual([{ path: 'query.to', message: 'একটি সময়কাল সর্বোচ্চ ৩৬৬ দিনের হতে পারে' }]);
    const backwards = await asAdmin('GET', '/api/admin/summary?from=2025-03-02&to=2025-03-01', undefined, 'bn');
    expect(apiErrorSchema.parse(backwards.json()).issues).toEqual([{ path: 'query.to', message: 'শেষের তারিখ শুরুর তারিখের আগে হতে পারে না' }]);
  });

  it('says both in English word for word without Accept-Language', async () => {
    const refused = apiErrorSchema.parse((await hours()).json());
    expect(refused.issues).toEqual([{ path: 'days.0.1.start', message: 'Overlaps or touches 10:00 – 13:00' }]);
    expect(apiErrorSchema.parse((await longPeriod()).json()).issues).toEqual([{ path: 'query.to', message: 'A period covers at most 366 days' }]);
  });

  it("writes Latin digits in Bangla once the salon chooses them", async () => {
    const saved = await asAdmin('PUT', '/api/settings', { ...DEFAULT_SALON_SETTINGS, latinDigits: true });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      expect(apiErrorSchema.parse((await hours('bn')).json()).issues?.[0]?.message).toBe('10:00 – 13:00 সময়ের সাথে মিলে যাচ্ছে বা একেবারে লাগোয়া');
      expect(apiErrorSchema.parse((await longPeriod('bn')).json()).issues?.[0]?.message).toBe('একটি সময়কাল সর্বোচ্চ 366 দিনের হতে পারে');
      // The catalogue's own numbers too, not only the values.
      const slots = await asAdmin('PUT', '/api/settings', { ...DEFAULT_SALON_SETTINGS, latinDigits: true, slotMinutes: 7 }, 'bn');
      expect(slots.statusCode).toBe(400);
      expect(apiErrorSchema.parse(slots.json()).issues).toEqual([{ path: 'slotMinutes', message: 'প্রতি ঘরের সময় 5, 10, 15, 20, 30 বা 60 মিনিটের একটি হতে হবে' }]);
    } finally {
      await asAdmin('PUT', '/api/settings', DEFAULT_SALON_SETTINGS);
    }
  });

  it("refuses the salon's settings in Bangla, each field named by its Bangla label, and saves nothing", async () => {
    const before = (await asAdmin('GET', '/api/settings')).json();
    const res = await asAdmin(
      'PUT',
      '/api/settings',
      { ...DEFAULT_SALON_SETTINGS, capacity: 0, minNoticeMinutes: 1.5, backupTime: '25:00', slotMinutes: 7 },
      'bn',
    );
    expect(res.statusCode).toBe(400);
    const byField = Object.fromEntries((apiErrorSchema.parse(res.json()).issues ?? []).map((issue) => [issue.path, issue.message]));
    expect(byField).toEqual({
      capacity: '“একসাথে কতজন গ্রাহক” ১ থেকে ৫০-এর মধ্যে হতে হবে',
      minNoticeMinutes: '“কমপক্ষে কত আগে” একটি পূর্ণসংখ্যা হতে হবে',
      backupTime: '“ব্যাকআপের সময়” ০০:০০ থেকে ২৩:৫৯-এর মধ্যে একটি সময় হতে হবে',
      slotMinutes: 'প্রতি ঘরের সময় ৫, ১০, ১৫, ২০, ৩০ বা ৬০ মিনিটের একটি হতে হবে',
    });
    expect((await asAdmin('GET', '/api/settings')).json()).toEqual(before);
  });

  it('says a missing stylist in Bangla', async () => {
    const missing = await asAdmin('PUT', '/api/staff/00000000-0000-4000-8000-000000000000/hours', { days: [[], [], [], [], [], [], []] }, 'bn');
    expect(missing.statusCode).toBe(404);
    expect(apiErrorSchema.parse(missing.json()).message).toBe('স্টাইলিস্টকে পাওয়া যায়নি');
  });
});
