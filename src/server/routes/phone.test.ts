/**
 * Her mobile number through the API: a code texted through the job queue (the local sender, read
 * back from the admin's Sent SMS), 10 minutes, 5 tries, a rate limit, and one account per proven
 * number. After every refusal, nothing of hers has changed.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { asUser } from '../test/booking.js';
import { rowsOf } from '../db/rows.js';
import { PHONE_CODES_PER_HOUR, PHONE_TAKEN_MESSAGE, type MyPhone, type SentSms } from '../../shared/sms.js';
import { PHONE_MESSAGE } from '../../shared/phone.js';

let t: TestApp;
let admin: Account;
let numbers = 0;
/** A Bangladeshi mobile number no other test uses, as she would type it. */
const freshNumber = () => `01711 ${String(100000 + ++numbers * 7)}`;
const e164 = (typed: string) => `+880${typed.replace(/\s/g, '').slice(1)}`;

beforeAll(async () => {
  t = await createTestApp({ seed: false, jobs: { pollingIntervalSeconds: 0.5 } });
  admin = await signUpAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

const textsTo = async (phone: string) =>
  (await asUser(t.app, admin).get('/api/admin/sms?limit=200')).json<SentSms[]>().filter((s) => s.to === phone);

/** The code in the newest text to `phone`, once the job queue has handed it over. */
async function codeSentTo(phone: string, count = 1): Promise<string> {
  await expect.poll(async () => (await textsTo(phone)).filter((s) => s.status === 'logged').length, { timeout: 15_000 }).toBe(count);
  const [newest] = await textsTo(phone);
  const code = /^(\d{6}) is your Parlour code/.exec(newest!.text)?.[1];
  if (!code) throw new Error(`no code in ${newest!.text}`);
  return code;
}

const myPhone = async (who: Account) => (await asUser(t.app, who).get('/api/me/phone')).json<MyPhone>();
const profileRow = async (who: Account) =>
  rowsOf<{ phone: string | null; verified: boolean }>(t.app.db, sql`select phone, phone_verified_at is not null as verified from user_profiles where user_id = ${who.id}`);

describe('proving her number', () => {
  it('texts a 6-digit code through the queue and proves the number with it', async () => {
    const who = await signUp(t.app);
    const typed = freshNumber();
    const put = await asUser(t.app, who).put('/api/me/phone', { phone: typed });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<MyPhone>()).toMatchObject({ phone: e164(typed), verified: false, smsOptOut: false, codeExpiresAt: expect.any(String) });
    const code = await codeSentTo(e164(typed));
    const [text] = await textsTo(e164(typed));
    expect(text).toMatchObject({ kind: 'verification', encoding: 'gsm7', segments: 1, status: 'logged' });
    // Only a hash is kept beside her account.
    const [stored] = await rowsOf<{ code_hash: string }>(t.app.db, sql`select code_hash from phone_codes where user_id = ${who.id}`);
    expect(stored!.code_hash).not.toContain(code);

    const verified = await asUser(t.app, who).post('/api/me/phone/verify', { code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json<MyPhone>()).toMatchObject({ phone: e164(typed), verified: true, codeExpiresAt: null });
    // The code is used up: the same answer again finds no code.
    expect((await asUser(t.app, who).post('/api/me/phone/verify', { code })).statusCode).toBe(400);
    expect(await myPhone(who)).toMatchObject({ verified: true });
  });

  it('refuses a number or a code in the wrong shape with 400 and the field', async () => {
    const who = await signUp(t.app);
    for (const phone of ['12345', '02-9876543', '+88029876543', '']) {
      const res = await asUser(t.app, who).put('/api/me/phone', { phone });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json<{ issues: { path: string }[] }>().issues.map((i) => i.path)).toEqual(['phone']);
    }
    for (const code of ['12345', '1234567', 'abcdef']) {
      const res = await asUser(t.app, who).post('/api/me/phone/verify', { code });
      expect(res.statusCode, code).toBe(400);
      expect(res.json<{ issues: { path: string }[] }>().issues.map((i) => i.path)).toEqual(['code']);
    }
    expect(await profileRow(who)).toEqual([]);
  });

  it('counts five wrong codes, then refuses even the right one', async () => {
    const who = await signUp(t.app);
    const typed = freshNumber();
    await asUser(t.app, who).put('/api/me/phone', { phone: typed });
    const code = await codeSentTo(e164(typed));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 5; i++) {
      const res = await asUser(t.app, who).post('/api/me/phone/verify', { code: wrong });
      expect(res.statusCode, `try ${i}`).toBe(400);
      expect(res.json<{ message: string }>().message).toBe('That code is not right');
    }
    const sixth = await asUser(t.app, who).post('/api/me/phone/verify', { code });
    expect(sixth.statusCode).toBe(429);
    expect(await profileRow(who)).toEqual([{ phone: e164(typed), verified: false }]);
    expect(await myPhone(who)).toMatchObject({ verified: false, codeExpiresAt: null });
  });

  it('keeps her number and her language when both are saved at once (one profile row, two columns)', async () => {
    const who = await signUp(t.app);
    // Within the codes-per-hour limit: each round asks for one code.
    for (let round = 0; round < PHONE_CODES_PER_HOUR - 1; round += 1) {
      const phone = `+8801711${String(process.pid % 1000).padStart(3, '0')}${String(round).padStart(3, '0')}`;
      const language = round % 2 === 0 ? 'bn' : 'en';
      const [numberSaved, languageSaved] = await Promise.all([
        asUser(t.app, who).put('/api/me/phone', { phone }),
        asUser(t.app, who).put('/api/me/language', { language }),
      ]);
      expect(numberSaved.statusCode, numberSaved.body).toBe(200);
      expect(languageSaved.statusCode, languageSaved.body).toBe(204);
      const rows = await rowsOf<{ phone: string | null; language: string | null }>(t.app.db, sql`select phone, language from user_profiles where user_id = ${who.id}`);
      expect(rows).toEqual([{ phone, language }]);
    }
  });

  it('counts two answers sent at once as two tries', async () => {
    const who = await signUp(t.app);
    const typed = freshNumber();
    await asUser(t.app, who).put('/api/me/phone', { phone: typed });
    const code = await codeSentTo(e164(typed));
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: 8 }, () => asUser(t.app, who).post('/api/me/phone/verify', { code: wrong })));
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(3);
  });

  it('refuses a code after its 10 minutes', async () => {
    const who = await signUp(t.app);
    const typed = freshNumber();
    await asUser(t.app, who).put('/api/me/phone', { phone: typed });
    const code = await codeSentTo(e164(typed));
    await t.app.db.execute(sql`update phone_codes set expires_at = now() - interval '1 second' where user_id = ${who.id}`);
    const res = await asUser(t.app, who).post('/api/me/phone/verify', { code });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/expired/);
    expect(await profileRow(who)).toEqual([{ phone: e164(typed), verified: false }]);
  });

  it(`sends at most ${PHONE_CODES_PER_HOUR} codes an hour to one account, and changes nothing when refusing`, async () => {
    const who = await signUp(t.app);
    const typed = Array.from({ length: PHONE_CODES_PER_HOUR + 1 }, freshNumber);
    for (const phone of typed.slice(0, PHONE_CODES_PER_HOUR)) expect((await asUser(t.app, who).put('/api/me/phone', { phone })).statusCode).toBe(200);
    const refused = await asUser(t.app, who).put('/api/me/phone', { phone: typed.at(-1) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(/Too many codes sent to your account/);
    expect(await profileRow(who)).toEqual([{ phone: e164(typed.at(-2)!), verified: false }]);
    const rows = await rowsOf(t.app.db, sql`select 1 from sms_messages where user_id = ${who.id}`);
    expect(rows).toHaveLength(PHONE_CODES_PER_HOUR);
  });

  it(`sends at most ${PHONE_CODES_PER_HOUR} codes an hour to one number, from any number of accounts`, async () => {
    const typed = freshNumber();
    for (let i = 0; i < PHONE_CODES_PER_HOUR; i++) expect((await asUser(t.app, await signUp(t.app)).put('/api/me/phone', { phone: typed })).statusCode).toBe(200);
    const late = await signUp(t.app);
    const refused = await asUser(t.app, late).put('/api/me/phone', { phone: typed });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(/to this number/);
    expect(await profileRow(late)).toEqual([]);
  });

  it("refuses another account's proven number with 409 and changes nothing of hers", async () => {
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    const typed = freshNumber();
    // The second asks for a code before the first proves the number ...
    await asUser(t.app, second).put('/api/me/phone', { phone: typed });
    await asUser(t.app, first).put('/api/me/phone', { phone: typed });
    await expect.poll(async () => (await textsTo(e164(typed))).filter((s) => s.status === 'logged').length, { timeout: 15_000 }).toBe(2);
    const codes = await rowsOf<{ user_id: string; text: string }>(t.app.db, sql`select user_id, text from sms_messages where "to" = ${e164(typed)}`);
    const codeOf = (who: Account) => /^(\d{6})/.exec(codes.find((c) => c.user_id === who.id)!.text)![1]!;
    expect((await asUser(t.app, first).post('/api/me/phone/verify', { code: codeOf(first) })).statusCode).toBe(200);
    // ... and her right code is refused now: the number is the first one's.
    const late = await asUser(t.app, second).post('/api/me/phone/verify', { code: codeOf(second) });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toBe(PHONE_TAKEN_MESSAGE);
    expect(await profileRow(second)).toEqual([{ phone: e164(typed), verified: false }]);

    const third = await signUp(t.app);
    const refused = await asUser(t.app, third).put('/api/me/phone', { phone: typed });
    expect(refused.statusCode).toBe(409);
    expect(await profileRow(third)).toEqual([]);
    expect(await rowsOf(t.app.db, sql`select 1 from sms_messages where user_id = ${third.id}`)).toEqual([]);
    expect(await profileRow(first)).toEqual([{ phone: e164(typed), verified: true }]);
  });

  it('un-proves her number when she changes it, until the new code; keeps a proven number she sets again', async () => {
    const who = await signUp(t.app);
    const first = freshNumber();
    await asUser(t.app, who).put('/api/me/phone', { phone: first });
    await asUser(t.app, who).post('/api/me/phone/verify', { code: await codeSentTo(e164(first)) });
    const again = await asUser(t.app, who).put('/api/me/phone', { phone: first });
    expect(again.json<MyPhone>()).toMatchObject({ verified: true });
    expect(await textsTo(e164(first))).toHaveLength(1);

    const second = freshNumber();
    expect((await asUser(t.app, who).put('/api/me/phone', { phone: second })).json<MyPhone>()).toMatchObject({ phone: e164(second), verified: false });
    await asUser(t.app, who).post('/api/me/phone/verify', { code: await codeSentTo(e164(second)) });
    expect(await myPhone(who)).toMatchObject({ phone: e164(second), verified: true });
  });

  it('removes her number, and turns her texts off and on', async () => {
    const who = await signUp(t.app);
    await asUser(t.app, who).put('/api/me/phone', { phone: freshNumber() });
    const removed = await asUser(t.app, who).delete('/api/me/phone');
    expect(removed.json<MyPhone>()).toMatchObject({ phone: null, verified: false, codeExpiresAt: null });
    expect((await asUser(t.app, who).patch('/api/me/sms', { optOut: true })).json<MyPhone>()).toMatchObject({ smsOptOut: true });
    expect((await asUser(t.app, who).patch('/api/me/sms', { optOut: 'yes' })).statusCode).toBe(400);
    expect(await myPhone(who)).toMatchObject({ smsOptOut: true });
    expect((await asUser(t.app, who).patch('/api/me/sms', { optOut: false })).json<MyPhone>()).toMatchObject({ smsOptOut: false });
  });
});

describe('a number given at sign-up', () => {
  const signUpBody = (phone: string) => ({ name: 'Rima Akter', email: `rima-${phone.replace(/\W/g, '')}-${Date.now()}@example.com`, password: 'Rima1234', image: '/images/reviews/sadia.svg', phone });
  const signUpWith = (body: object) => t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: t.config.publicUrl }, payload: body });
  const userRows = (email: string) => rowsOf(t.app.db, sql`select id from "user" where email = ${email}`);

  it('is stored unproven and texted a code, which proves it as on her User Home', async () => {
    const typed = freshNumber();
    const who = await signUp(t.app, { phone: typed });
    expect(await profileRow(who)).toEqual([{ phone: e164(typed), verified: false }]);
    expect(await myPhone(who)).toMatchObject({ phone: e164(typed), verified: false, codeExpiresAt: expect.any(String) });
    const code = await codeSentTo(e164(typed));
    expect((await textsTo(e164(typed)))[0]).toMatchObject({ kind: 'verification', status: 'logged' });
    expect((await asUser(t.app, who).post('/api/me/phone/verify', { code })).statusCode).toBe(200);
    expect(await myPhone(who)).toMatchObject({ phone: e164(typed), verified: true });
  });

  it('refuses a number in the wrong shape with 400 on the phone field, before any account is made', async () => {
    for (const phone of ['12345', '02 9876 5432', '01711 12345a', `01711${'1'.repeat(40)}`]) {
      const body = signUpBody(phone);
      const res = await signUpWith(body);
      expect(res.statusCode, phone).toBe(400);
      expect(res.json<{ issues: { path: string; message: string }[] }>().issues).toEqual([{ path: 'phone', message: PHONE_MESSAGE }]);
      expect(await userRows(body.email), phone).toEqual([]);
    }
  });

  it('takes a blank number as none', async () => {
    const who = await signUp(t.app, { phone: '  ' });
    expect(await profileRow(who)).toEqual([]);
    expect(await myPhone(who)).toMatchObject({ phone: null, verified: false });
  });

  it("makes the account but leaves the number unset when another account proved it (her User Home asks again)", async () => {
    const owner = await signUp(t.app);
    const typed = freshNumber();
    await asUser(t.app, owner).put('/api/me/phone', { phone: typed });
    expect((await asUser(t.app, owner).post('/api/me/phone/verify', { code: await codeSentTo(e164(typed)) })).statusCode).toBe(200);

    const late = await signUp(t.app, { phone: typed });
    expect(await profileRow(late)).toEqual([]);
    expect(await rowsOf(t.app.db, sql`select 1 from sms_messages where user_id = ${late.id}`)).toEqual([]);
    expect(await profileRow(owner)).toEqual([{ phone: e164(typed), verified: true }]);
  });
});

describe('her number in her data', () => {
  it('is in her export with the texts sent to it, and goes with her account', async () => {
    const who = await signUp(t.app);
    const typed = freshNumber();
    await asUser(t.app, who).put('/api/me/phone', { phone: typed });
    await asUser(t.app, who).post('/api/me/phone/verify', { code: await codeSentTo(e164(typed)) });
    const exported = (await asUser(t.app, who).get('/api/me/export')).json<{ mobile: unknown; texts: { to: string; kind: string; segments: number }[] }>();
    expect(exported.mobile).toEqual({ phone: e164(typed), verified: true, smsOptOut: false });
    expect(exported.texts).toEqual([expect.objectContaining({ to: e164(typed), kind: 'verification', segments: 1, status: 'logged' })]);
    const usageBefore = (await asUser(t.app, admin).get('/api/admin/sms/usage')).json<{ texts: number }>();

    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/me', headers: { origin: t.app.config.publicUrl, cookie: who.cookie }, payload: { password: who.password } });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await rowsOf(t.app.db, sql`select 1 from user_profiles where user_id = ${who.id} union all select 1 from phone_codes where user_id = ${who.id} union all select 1 from sms_messages where user_id = ${who.id}`)).toEqual([]);
    expect(await rowsOf(t.app.db, sql`select 1 from sms_messages where "to" = ${e164(typed)} or text like ${'%' + e164(typed) + '%'}`)).toEqual([]);
    // The number is free for another account to prove, and the month's count stays.
    expect((await asUser(t.app, await signUp(t.app)).put('/api/me/phone', { phone: typed })).statusCode).toBe(200);
    expect((await asUser(t.app, admin).get('/api/admin/sms/usage')).json<{ texts: number }>().texts).toBeGreaterThanOrEqual(usageBefore.texts);
  });
});

describe("the month's texts on the admin home", () => {
  it('counts the texts and segments handed over this month, from the rows', async () => {
    // Texts queued by the tests before (a code for a number typed last) land on their own time:
    // counted from here, only once none is due (a text held for the morning is not), so the
    // figures below are this test's alone.
    await expect.poll(async () => (await rowsOf(t.app.db, sql`select 1 from pgboss.job where name = 'sms' and state in ('created', 'retry', 'active') and start_after <= now()`)).length, { timeout: 15_000 }).toBe(0);
    const before = (await asUser(t.app, admin).get('/api/admin/sms/usage')).json<{ month: string; texts: number; segments: number }>();
    const rows = await rowsOf<{ texts: string; segments: string }>(t.app.db, sql`select count(*) as texts, coalesce(sum(segments), 0) as segments from sms_messages where status in ('sent', 'logged')`);
    expect(before).toEqual({ month: expect.stringMatching(/^\d{4}-\d{2}$/), texts: Number(rows[0]!.texts), segments: Number(rows[0]!.segments) });
    // A long Bangla text and a failed one, written as the sender writes them, and one from last month.
    await t.app.db.execute(sql`insert into sms_messages ("to", kind, text, encoding, segments, status) values
      ('+8801711000000', 'confirmation', ${'ক'.repeat(100)}, 'ucs2', 2, 'sent'),
      ('+8801711000000', 'reminder', 'x', 'gsm7', 1, 'failed')`);
    await t.app.db.execute(sql`insert into sms_messages ("to", kind, text, encoding, segments, status, created_at) values
      ('+8801711000000', 'reminder', 'x', 'gsm7', 1, 'sent', now() - interval '40 days')`);
    const after = (await asUser(t.app, admin).get('/api/admin/sms/usage')).json<{ texts: number; segments: number }>();
    expect(after).toMatchObject({ texts: before.texts + 1, segments: before.segments + 2 });
  });
});

describe('Sent SMS in a deployment', () => {
  it('does not exist unless SHOW_OUTBOX asks for it, while the count stays', async () => {
    const deployed = await createTestApp({ seed: false, env: { SHOW_OUTBOX: 'false' } });
    try {
      const owner = await signUpAdmin(deployed.app);
      const listed = await asUser(deployed.app, owner).get('/api/admin/sms');
      expect(listed.statusCode).toBe(404);
      expect(listed.json<{ message: string }>().message).toBe('Sent SMS are not shown on this server (SHOW_OUTBOX is off).');
      expect((await asUser(deployed.app, undefined).get('/api/admin/sms')).statusCode).toBe(404);
      expect((await asUser(deployed.app, owner).get('/api/admin/sms/usage')).statusCode).toBe(200);
    } finally {
      await deployed.close();
    }
  });
});
