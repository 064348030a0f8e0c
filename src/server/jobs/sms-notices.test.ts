/**
 * The appointment texts: the second channel of each notice, through the job queue, to a proven
 * number that has not opted out; once per notice even with two instances; held over the quiet
 * hours; and through SSL Wireless (a local fake of its API) with its error answers retried.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiblingApp, createTestApp, type TestApp } from '../test/test-app.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { asUser, dhaka, distinctOpenDays } from '../test/booking.js';
import { bookAndPay, type BookedVisit } from '../test/appointments.js';
import { freshPhone, provePhone } from '../test/phones.js';
import { rowsOf } from '../db/rows.js';
import { databaseNow } from '../booking/capacity.js';
import type { Db } from '../db/client.js';
import type { Clock } from './notices.js';
import { startFakeSslWireless } from '../sms/fake-sslwireless.js';
import { salonToday } from '../../shared/calendar.js';
import type { SalonSettings } from '../../shared/salon-settings.js';

type Service = { _id: string; title: string; price: number };
type TextRow = { kind: string; to: string; text: string; status: string; segments: number; encoding: string; attempts: number; error: string | null; notice_key: string | null };

/** What time it is for the quiet hours (and reminders): noon in Dhaka today unless a test says otherwise. */
function testClock() {
  const state: { at: Date | undefined } = { at: undefined };
  const clock: Clock = async (db: Db) => state.at ?? dhaka(salonToday('Asia/Dhaka', (await databaseNow(db)).getTime()), '12:00');
  return { state, clock };
}

const textsOf = (db: Db, who: Account) =>
  rowsOf<TextRow>(db, sql`select kind, "to", text, status, segments, encoding, attempts, error, notice_key from sms_messages where user_id = ${who.id} and kind <> 'verification' order by created_at`);

/** The states of the 'sms' jobs for a booking's payment or the booking itself. */
const smsJobs = (db: Db, key: { paymentId?: string; bookingId?: string }) =>
  rowsOf<{ state: string; start_after: Date | string; kind: string }>(
    db,
    key.paymentId
      ? sql`select state, start_after, data->>'kind' as kind from pgboss.job where name = 'sms' and data->>'paymentId' = ${key.paymentId} order by created_on`
      : sql`select state, start_after, data->>'kind' as kind from pgboss.job where name = 'sms' and data->>'bookingId' = ${key.bookingId!} order by created_on`,
  );

const paymentOf = async (db: Db, visit: BookedVisit) =>
  (await rowsOf<{ payment_id: string }>(db, sql`select payment_id from bookings where id = ${visit.id}`))[0]!.payment_id;

async function changeSettings(t: TestApp, admin: Account, change: Partial<SalonSettings>) {
  const current = (await asUser(t.app, admin).get('/api/settings')).json<SalonSettings>();
  const res = await asUser(t.app, admin).put('/api/settings', { ...current, ...change });
  expect(res.statusCode, res.body).toBe(200);
}

describe('appointment texts (local sender)', () => {
  let t: TestApp;
  let admin: Account;
  let service: Service;
  const { state, clock } = testClock();
  const freshDay = distinctOpenDays(4);

  beforeAll(async () => {
    t = await createTestApp({ jobs: { clock, pollingIntervalSeconds: 0.5 } });
    admin = await signUpAdmin(t.app);
    service = (await t.app.inject({ url: '/api/service' })).json<Service[]>().find((s) => s.title === 'Classic Manicure')!;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('texts a waitlist offer: the place, and until when it is held for her', async () => {
    const who = await signUp(t.app);
    await provePhone(t.app, who);
    const day = freshDay();
    const joined = await asUser(t.app, who).post('/api/waitlist', { serviceId: service._id, date: day });
    expect(joined.statusCode, joined.body).toBe(201);
    const wishId = joined.json<{ insertedId: string }>().insertedId;
    // The day has free places: its sweep offers her the first one at once.
    // Polled until sent, not only written: the row is queued first and logged by the sender after.
    await expect
      .poll(async () => (await textsOf(t.app.db, who)).map((r) => `${r.kind} ${r.status}`), { timeout: 15_000 })
      .toEqual(['waitlist-offer logged']);
    const [offer] = await textsOf(t.app.db, who);
    expect(offer).toMatchObject({ status: 'logged', encoding: 'gsm7', notice_key: `waitlist-offer:${wishId}` });
    expect(offer!.text).toMatch(/^Parlour: a place is free! Classic Manicure, \w{3} \d{1,2} \w{3} \d\d:\d\d\. Held for you until \d\d:\d\d: book it in your Parlour booking list\.$/);
  });

  it('texts the confirmation, the move and the cancellation to her proven number, each measured', async () => {
    const who = await signUp(t.app);
    const phone = await provePhone(t.app, who);
    const day = freshDay();
    const visit = await bookAndPay(t.app, who, service, day, '11:00');
    await expect
      .poll(async () => (await textsOf(t.app.db, who)).map((r) => `${r.kind} ${r.status}`), { timeout: 15_000 })
      .toEqual(['confirmation logged']);
    const [confirmation] = await textsOf(t.app.db, who);
    expect(confirmation).toMatchObject({ to: phone, status: 'logged', encoding: 'gsm7', segments: 1, attempts: 1 });
    expect(confirmation!.text).toMatch(/^Parlour: booked! Classic Manicure, \w{3} \d{1,2} \w{3} 11:00\. See you then\.$/);

    const later = dhaka(day, '15:00');
    expect((await asUser(t.app, who).patch(`/api/bookings/${visit.id}`, { startsAt: later.toISOString() })).statusCode).toBe(200);
    await expect.poll(async () => (await textsOf(t.app.db, who)).map((r) => r.kind), { timeout: 15_000 }).toEqual(['confirmation', 'moved']);
    expect((await textsOf(t.app.db, who))[1]!.text).toMatch(/moved to .* 15:00 \(was .* 11:00\)/);

    expect((await asUser(t.app, admin).post(`/api/bookings/${visit.id}/cancel`, {})).statusCode).toBe(200);
    await expect.poll(async () => (await textsOf(t.app.db, who)).map((r) => r.kind), { timeout: 15_000 }).toEqual(['confirmation', 'moved', 'cancelled']);
    expect((await textsOf(t.app.db, who))[2]!.text).toMatch(/is cancelled by the salon/);
  });

  it('texts her in Bangla when she chose Bangla: Bengali digits, Unicode segments counted', async () => {
    const who = await signUp(t.app);
    await provePhone(t.app, who);
    expect((await asUser(t.app, who).put('/api/me/language', { language: 'bn' })).statusCode).toBe(204);
    const day = freshDay();
    const visit = await bookAndPay(t.app, who, service, day, '11:00');
    await expect.poll(async () => (await textsOf(t.app.db, who)).map((r) => r.kind), { timeout: 15_000 }).toEqual(['confirmation']);
    const [confirmation] = await textsOf(t.app.db, who);
    expect(confirmation!.text).toMatch(/^Parlour: বুকিং হয়েছে! ক্লাসিক ম্যানিকিওর, .+ ১১:০০। দেখা হবে।$/);
    // Bangla is Unicode: 70 characters a segment, counted before sending.
    const units = confirmation!.text.length;
    expect(confirmation).toMatchObject({ encoding: 'ucs2', segments: units <= 70 ? 1 : Math.ceil(units / 67) });

    const later = dhaka(day, '15:00');
    expect((await asUser(t.app, who).patch(`/api/bookings/${visit.id}`, { startsAt: later.toISOString() })).statusCode).toBe(200);
    await expect.poll(async () => (await textsOf(t.app.db, who)).map((r) => r.kind), { timeout: 15_000 }).toEqual(['confirmation', 'moved']);
    expect((await textsOf(t.app.db, who))[1]!.text).toMatch(/^Parlour: আপনার ক্লাসিক ম্যানিকিওর এখন .+ ১৫:০০ \(আগে ছিল .+ ১১:০০\)।$/);
  });

  it('texts nobody without a proven number, and nobody who opted out', async () => {
    const none = await signUp(t.app);
    const unproven = await signUp(t.app);
    expect((await asUser(t.app, unproven).put('/api/me/phone', { phone: freshPhone() })).statusCode).toBe(200);
    const optedOut = await signUp(t.app);
    await provePhone(t.app, optedOut);
    expect((await asUser(t.app, optedOut).patch('/api/me/sms', { optOut: true })).statusCode).toBe(200);
    const day = freshDay();
    const times = ['10:00', '12:00', '14:00'];
    const visits = await Promise.all([none, unproven, optedOut].map((who, i) => bookAndPay(t.app, who, service, day, times[i]!)));
    for (const visit of visits) {
      const paymentId = await paymentOf(t.app.db, visit);
      await expect.poll(async () => (await smsJobs(t.app.db, { paymentId })).map((j) => j.state), { timeout: 15_000 }).toEqual(['completed']);
    }
    for (const who of [none, unproven, optedOut]) expect(await textsOf(t.app.db, who)).toEqual([]);

    // Opted in again, her next booking is texted.
    expect((await asUser(t.app, optedOut).patch('/api/me/sms', { optOut: false })).statusCode).toBe(200);
    await bookAndPay(t.app, optedOut, service, day, '16:00');
    await expect.poll(async () => (await textsOf(t.app.db, optedOut)).map((r) => r.kind), { timeout: 15_000 }).toEqual(['confirmation']);
  });

  it('texts the reminder when the sweep finds it due', async () => {
    const who = await signUp(t.app);
    await provePhone(t.app, who);
    const visit = await bookAndPay(t.app, who, service, freshDay(), '13:00');
    await expect.poll(async () => (await textsOf(t.app.db, who)).length, { timeout: 15_000 }).toBe(1);
    state.at = new Date(visit.startsAt.getTime() - 3 * 3_600_000);
    try {
      await t.app.reminders.sweep();
      await expect.poll(async () => (await textsOf(t.app.db, who)).map((r) => r.kind), { timeout: 15_000 }).toEqual(['confirmation', 'reminder']);
      expect((await textsOf(t.app.db, who))[1]!.text).toMatch(/^Parlour reminder: Classic Manicure, .* 13:00\./);
    } finally {
      state.at = undefined;
    }
  });

  it('holds a text due in the quiet hours until they end, unless the visit comes first', async () => {
    const who = await signUp(t.app);
    await provePhone(t.app, who);
    const day = freshDay();
    // Quiet from 09:00 to 12:00 on the visit's own day, and it is 09:30 there.
    await changeSettings(t, admin, { smsQuietFrom: '09:00', smsQuietUntil: '12:00' });
    state.at = dhaka(day, '09:30');
    try {
      const soon = await bookAndPay(t.app, who, service, day, '11:00');
      await expect.poll(async () => (await textsOf(t.app.db, who)).map((r) => r.kind), { timeout: 15_000 }).toEqual(['confirmation']);

      const later = await bookAndPay(t.app, who, service, day, '14:00');
      const paymentId = await paymentOf(t.app.db, later);
      await expect.poll(async () => (await smsJobs(t.app.db, { paymentId })).map((j) => j.state), { timeout: 15_000 }).toEqual(['completed', 'created']);
      const [, held] = await smsJobs(t.app.db, { paymentId });
      expect(new Date(held!.start_after)).toEqual(dhaka(day, '12:00'));
      expect((await textsOf(t.app.db, who)).map((r) => r.kind)).toEqual(['confirmation']);
      expect(soon.startsAt < dhaka(day, '12:00')).toBe(true);
    } finally {
      state.at = undefined;
      await changeSettings(t, admin, { smsQuietFrom: '21:00', smsQuietUntil: '08:00' });
    }
  });

  it('sends a notice once even when two instances queue it again and again', async () => {
    const who = await signUp(t.app);
    await provePhone(t.app, who);
    const visit = await bookAndPay(t.app, who, service, freshDay(), '17:00');
    const paymentId = await paymentOf(t.app.db, visit);
    const sibling = await createSiblingApp(t, { jobs: { clock, pollingIntervalSeconds: 0.5 } });
    try {
      await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? t.app : sibling.app).notices.queue({ kind: 'confirmation', paymentId })));
      await expect.poll(async () => (await smsJobs(t.app.db, { paymentId })).filter((j) => j.state === 'completed').length, { timeout: 20_000 }).toBe(7);
      const texts = await textsOf(t.app.db, who);
      expect(texts).toHaveLength(1);
      expect(texts[0]).toMatchObject({ kind: 'confirmation', attempts: 1, notice_key: `confirmation:${paymentId}` });
    } finally {
      await sibling.close();
    }
  });
});

describe('appointment texts through SSL Wireless', () => {
  const credentials = { apiToken: 'sslw-token-for-tests-0001', sid: 'PARLOUR' };
  let fake: Awaited<ReturnType<typeof startFakeSslWireless>>;
  let t: TestApp;
  let service: Service;
  const { clock } = testClock();
  const freshDay = distinctOpenDays(5);

  beforeAll(async () => {
    fake = await startFakeSslWireless(credentials);
    t = await createTestApp({
      env: { SMS_GATEWAY: 'sslwireless', SSLWIRELESS_API_TOKEN: credentials.apiToken, SSLWIRELESS_SID: credentials.sid, SSLWIRELESS_API_BASE: fake.url },
      jobs: { clock, pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 },
    });
    service = (await t.app.inject({ url: '/api/service' })).json<Service[]>().find((s) => s.title === 'Classic Manicure')!;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('sends the code and the confirmation through the gateway, once each', async () => {
    fake.fail(undefined);
    const who = await signUp(t.app);
    const phone = freshPhone();
    const put = await asUser(t.app, who).put('/api/me/phone', { phone });
    expect(put.statusCode).toBe(200);
    await expect.poll(() => fake.received.filter((r) => r.msisdn === phone.slice(1)).length, { timeout: 15_000 }).toBe(1);
    const code = /^(\d{6})/.exec(fake.received.find((r) => r.msisdn === phone.slice(1))!.sms)![1]!;
    expect((await asUser(t.app, who).post('/api/me/phone/verify', { code })).statusCode).toBe(200);

    await bookAndPay(t.app, who, service, freshDay(), '11:00');
    await expect.poll(async () => (await textsOf(t.app.db, who)).map((r) => r.status), { timeout: 15_000 }).toEqual(['sent']);
    expect(fake.received.filter((r) => r.msisdn === phone.slice(1)).map((r) => r.sms.split(':')[0])).toEqual([expect.stringMatching(/^\d{6} is your Parlour code/), 'Parlour']);
    const [row] = await rowsOf<{ reference: string | null }>(t.app.db, sql`select reference from sms_messages where user_id = ${who.id} and kind = 'confirmation'`);
    expect(row!.reference).toEqual(expect.any(String));
  });

  it('retries a text the gateway refused or failed, until it goes', async () => {
    const who = await signUp(t.app);
    const phone = freshPhone();
    fake.fail({ how: 'refuse', statusCode: 4007, message: 'Insufficient balance' });
    expect((await asUser(t.app, who).put('/api/me/phone', { phone })).statusCode).toBe(200);
    const verificationRow = () => rowsOf<{ status: string; attempts: number; error: string | null }>(t.app.db, sql`select status, attempts, error from sms_messages where user_id = ${who.id}`);
    await expect.poll(async () => (await verificationRow())[0]?.status, { timeout: 15_000 }).toBe('failed');
    expect((await verificationRow())[0]!.error).toMatch(/Insufficient balance .*attempt 1 of 11; it will be tried again/);
    expect((await verificationRow())[0]!.error).not.toContain(credentials.apiToken);
    fake.fail({ how: 'http500' });
    await expect.poll(async () => (await verificationRow())[0]!.attempts, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    fake.fail(undefined);
    await expect.poll(async () => (await verificationRow())[0]!.status, { timeout: 30_000 }).toBe('sent');
    expect(fake.received.filter((r) => r.msisdn === phone.slice(1))).toHaveLength(1);
  });
});
