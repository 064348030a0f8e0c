/**
 * A customer's own data: `GET /api/me/export` (everything of hers, nothing of anyone else) and
 * `DELETE /api/me` (her appointments cancelled by the usual rules, every personal field gone from
 * every table, the salon's accounts kept), with the checks that guard the deletion.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiblingApp, createTestApp, type TestApp } from '../test/test-app.js';
import { rowsOf } from '../db/rows.js';
import { cookieFrom, signIn, signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { CARDS, asUser, dhaka, futureExpiry, openDay, readyToPay } from '../test/booking.js';
import { solidPng, uploadImage } from '../test/uploads.js';
import { startSmtpReceiver, type SmtpReceiver } from '../test/smtp-receiver.js';
import { apiErrorSchema } from '../../shared/errors.js';
import { intentSchema } from '../../shared/payments.js';
import { serviceListSchema, type Service } from '../../shared/service.js';
import { DEFAULT_SALON_SETTINGS } from '../../shared/salon-settings.js';
import { addCalendarDays, instantToZoned } from '../../shared/calendar.js';
import { adminSummarySchema } from '../../shared/admin-summary.js';
import {
  DELETED_CUSTOMER_NAME,
  FRESH_SIGN_IN_MESSAGE,
  LAST_ADMIN_MESSAGE,
  PASSWORD_NEEDED_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  myAccountSchema,
  myDataSchema,
  type MyData,
} from '../../shared/account.js';
import { DELETION_PASSWORD_TRIES, deleteAccount } from '../account/deletion.js';

let t: TestApp;
let receiver: SmtpReceiver;
let admin: Account;
let catalogue: Service[];
const byTitle = (title: string) => catalogue.find((s) => s.title === title)!;
const ZONE = DEFAULT_SALON_SETTINGS.timeZone;
/** Appointments up to a week ahead are inside the notice: cancelling them refunds nothing. */
const NOTICE_HOURS = 7 * 24;

/** The days of the customers' appointments (one place at a time: the salon serves one client at once). */
const days = { near: openDay(3), past: openDay(6), far: openDay(12), held: openDay(14) };

beforeAll(async () => {
  receiver = await startSmtpReceiver();
  t = await createTestApp({ env: { SMTP_URL: receiver.url }, jobs: { pollingIntervalSeconds: 0.5 } });
  admin = await signUpAdmin(t.app);
  catalogue = serviceListSchema.parse((await t.app.inject({ url: '/api/service' })).json());
  const settings = await asUser(t.app, admin).put('/api/settings', { ...DEFAULT_SALON_SETTINGS, capacity: 1, cancelNoticeHours: NOTICE_HOURS, holdMinutes: 60 });
  expect(settings.statusCode, settings.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

async function query<T>(text: SQL): Promise<T[]> {
  return rowsOf<T>(t.database.db, text);
}

/** Every row of every table of the salon's schema, except the attempt counters a refusal rightly bumps. */
async function everyRow(): Promise<Record<string, unknown[]>> {
  const tables = await query<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const all: Record<string, unknown[]> = {};
  for (const { table_name: name } of tables) {
    if (name === 'throttles' || name === 'rate_limit') continue;
    all[name] = (await query<{ r: string }>(sql`select r::text as r from ${sql.identifier(name)} r order by 1`)).map((row) => row.r);
  }
  return all;
}

/**
 * Every text column of every table in every schema of the database (the salon's, the job queue's,
 * the migrations'), searched for each needle, case-insensitively: 'schema.table.column: needle'.
 */
async function placesHolding(needles: string[]): Promise<string[]> {
  const columns = await query<{ table_schema: string; table_name: string; column_name: string }>(sql`
    select c.table_schema, c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where t.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema')
      and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
    order by 1, 2, 3`);
  expect(columns.length).toBeGreaterThan(30);
  const found: string[] = [];
  for (const c of columns) {
    for (const needle of needles) {
      const [row] = await query<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(c.table_schema)}.${sql.identifier(c.table_name)} where position(${needle.toLowerCase()} in lower(${sql.identifier(c.column_name)}::text)) > 0`,
      );
      if (row!.n > 0) found.push(`${c.table_schema}.${c.table_name}.${c.column_name}: ${needle}`);
    }
  }
  return found;
}

/** Waits (outside a test: expect.poll is for tests) until `ready` holds, or fails after 15 s. */
async function until(ready: () => Promise<boolean>, what: string): Promise<void> {
  for (const start = Date.now(); !(await ready()); ) {
    if (Date.now() - start > 15_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function pay(who: Account, total: number) {
  const { clientSecret, paymentId } = intentSchema.parse((await asUser(t.app, who).post('/api/create-payment-intent', { price: total })).json());
  const res = await asUser(t.app, who).post('/api/payments/test/confirm', { clientSecret, cardNumber: CARDS.success, expiry: futureExpiry(), cvc: '123' });
  expect(res.json<{ status: string }>().status, res.body).toBe('succeeded');
  return paymentId;
}

type History = {
  who: Account;
  first: string;
  last: string;
  photo: string;
  /** Ahead beyond the notice: refunded when she leaves. */
  far: { id: string; price: number; startsAt: Date };
  /** Ahead inside the notice: cancelled without a refund. */
  near: { id: string; price: number; startsAt: Date };
  /** Had and reviewed. */
  visit: { id: string };
  reviewId: string;
  paymentIds: string[];
  /** An unpaid checkout holding a place. */
  held: { paymentId: string; startsAt: Date };
  contactMessageId: string;
  resetToken: string;
};

/**
 * A customer with everything a customer can leave behind: a photo, paid appointments ahead and one
 * had and reviewed, an unpaid checkout holding a place, a contact message, the salon's e-mails, a
 * password-reset link and a wrong password on record. `time` keeps her places apart from others'.
 */
async function customerWithHistory(first: string, last: string, time: string): Promise<History> {
  const who = await signUp(t.app, { name: `${first} ${last}`, email: `${first.toLowerCase()}.${last.toLowerCase()}-${Date.now()}@example.com` });
  const photo = await uploadImage(t.app, await solidPng(6, 6, first.length % 2 ? '#c33' : '#3c3'));
  expect((await asUser(t.app, who).post('/api/user', { name: who.name, image: photo })).statusCode).toBe(200);

  const facial = byTitle('Signature Glow Facial');
  const manicure = byTitle('Classic Manicure');
  const gel = byTitle('Gel Nail Extensions');
  await readyToPay(t.app, who, [{ serviceId: facial._id, time }], days.far);
  await readyToPay(t.app, who, [{ serviceId: manicure._id, time }], days.past);
  const first_ = await pay(who, facial.price + manicure.price);
  await readyToPay(t.app, who, [{ serviceId: gel._id, time }], days.near);
  const second = await pay(who, gel.price);
  const booked = await query<{ id: string; title: string; starts_at: Date }>(sql`select id, title, starts_at from bookings where user_id = ${who.id}`);
  const idOf = (title: string) => booked.find((b) => b.title === title)!;
  const visitId = idOf(manicure.title).id;
  await t.database.db.execute(sql`update bookings set starts_at = now() - interval '3 hours', ends_at = now() - interval '2 hours' where id = ${visitId}`);
  const review = await asUser(t.app, who).post('/api/review', { bookingId: visitId, rating: 5, feedback: `${first} loved the manicure, thank you.` });
  expect(review.statusCode, review.body).toBe(201);

  await readyToPay(t.app, who, [{ serviceId: facial._id, time }], days.held);
  const open = intentSchema.parse((await asUser(t.app, who).post('/api/create-payment-intent', { price: facial.price })).json());

  const contact = await asUser(t.app, undefined).post('/api/contact', { firstName: first, lastName: last, email: who.email, phone: '01711 000000', message: 'Do you do bridal trials?' });
  expect(contact.statusCode).toBe(201);
  const reset = await asUser(t.app, undefined).post('/api/auth/request-password-reset', { email: who.email, redirectTo: '/reset-password' });
  expect(reset.statusCode).toBe(200);
  expect((await signIn(t.app, who.email, 'WrongPass1')).statusCode).toBe(401);

  // The confirmations of both payments and the reset link have gone out by e-mail.
  await until(async () => (await query(sql`select id from outbox where "to" = ${who.email}`)).length === 3, 'her three e-mails');
  const resetMail = receiver.messages.find((m) => m.to.includes(who.email) && /reset/i.test(m.subject));
  const resetToken = /reset-password\/([^?\s]+)/.exec(resetMail?.text ?? '')?.[1];
  if (!resetToken) throw new Error('no reset link in the e-mail');

  return {
    who,
    first,
    last,
    photo,
    far: { id: idOf(facial.title).id, price: facial.price, startsAt: dhaka(days.far, time) },
    near: { id: idOf(gel.title).id, price: gel.price, startsAt: dhaka(days.near, time) },
    visit: { id: visitId },
    reviewId: review.json<{ insertedId: string }>().insertedId,
    paymentIds: [first_, second],
    held: { paymentId: open.paymentId, startsAt: dhaka(days.held, time) },
    contactMessageId: contact.json<{ insertedId: string }>().insertedId,
    resetToken,
  };
}

/** Everything that names `h` or points at her: no other customer's export may hold any of it. */
function traces(h: History): string[] {
  return [h.who.id, h.who.email, h.first, h.last, h.photo, h.far.id, h.near.id, h.visit.id, h.reviewId, ...h.paymentIds, h.held.paymentId, h.contactMessageId];
}

async function exportOf(who: Account): Promise<{ data: MyData; text: string; disposition: string | undefined }> {
  const res = await asUser(t.app, who).get('/api/me/export');
  expect(res.statusCode, res.body).toBe(200);
  return { data: myDataSchema.parse(res.json()), text: res.body, disposition: res.headers['content-disposition'] as string | undefined };
}

async function deleteMe(who: Account | { cookie: string }, body: object = { password: 'Secret123' }) {
  return t.app.inject({ method: 'DELETE', url: '/api/me', headers: { origin: t.config.publicUrl, cookie: who.cookie }, payload: body });
}

/** A place another customer tries to hold: 200 when it is free, 409 while someone has it. */
async function holdAs(who: Account, serviceId: string, startsAt: Date): Promise<number> {
  const item = (await asUser(t.app, who).post('/api/cart', { cartItemId: serviceId })).json<{ insertedId: string }>().insertedId;
  const res = await asUser(t.app, who).patch(`/api/cart/${item}`, { startsAt: startsAt.toISOString() });
  if (res.statusCode !== 200) await asUser(t.app, who).delete(`/api/cart/${item}`);
  return res.statusCode;
}

describe('GET /api/me/export', () => {
  let her: History;
  let other: History;
  beforeAll(async () => {
    her = await customerWithHistory('Zerelda', 'Quillfeather', '10:00');
    other = await customerWithHistory('Ottoline', 'Brackwater', '13:00');
  });

  it('is refused to a visitor', async () => {
    const res = await asUser(t.app, undefined).get('/api/me/export');
    expect(res.statusCode).toBe(401);
    expect(apiErrorSchema.parse(res.json()).message).toBe('Please log in to continue.');
  });

  it('downloads her profile, appointments, payments, reviews, messages and e-mails as one JSON file', async () => {
    const { data, disposition } = await exportOf(her.who);
    const today = instantToZoned(new Date(), ZONE).date;
    expect(disposition).toBe(`attachment; filename="parlour-my-data-${today}.json"`);
    expect(data.profile).toMatchObject({ id: her.who.id, name: her.who.name, email: her.who.email, image: her.photo, role: 'user', signInMethods: ['credential'] });
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.bookings.map((b) => b._id).sort()).toEqual([her.far.id, her.near.id, her.visit.id].sort());
    expect(data.bookings.every((b) => b.customer.email === her.who.email)).toBe(true);
    expect(data.payments.map((p) => p._id).sort()).toEqual([...her.paymentIds, her.held.paymentId].sort());
    expect(data.bookingList).toHaveLength(1);
    expect(data.bookingList[0]!.startsAt).toBe(her.held.startsAt.toISOString());
    expect(data.reviews.map((r) => r._id)).toEqual([her.reviewId]);
    expect(data.contactMessages).toEqual([expect.objectContaining({ id: her.contactMessageId, firstName: 'Zerelda', message: 'Do you do bridal trials?' })]);
    expect(data.emails.map((m) => m.subject).sort()).toEqual(['Reset your Parlour password', 'Your Parlour appointments are confirmed', 'Your Parlour appointments are confirmed']);
    expect(data.emails.every((m) => m.to === her.who.email)).toBe(true);
  });

  it("holds nothing of another customer: no id, name, e-mail or photo of hers anywhere in the file", async () => {
    const mine = await exportOf(her.who);
    const theirs = await exportOf(other.who);
    for (const trace of traces(other)) expect(mine.text, `her export holds ${trace}`).not.toContain(trace);
    for (const trace of traces(her)) expect(theirs.text, `the other export holds ${trace}`).not.toContain(trace);
    // Both exports did hold their own traces: the search would have found them.
    for (const trace of traces(her)) expect(mine.text).toContain(trace);
  });

  it("an admin's export is her own, not the salon's", async () => {
    const { data, text } = await exportOf(admin);
    expect(data.profile).toMatchObject({ id: admin.id, role: 'admin' });
    expect(data.bookings).toEqual([]);
    expect(data.payments).toEqual([]);
    for (const trace of [...traces(her), ...traces(other)]) expect(text).not.toContain(trace);
  });
});

describe('DELETE /api/me', () => {
  let her: History;
  let other: History;
  let elsewhere: Account;
  /** A second browser she signed in on. */
  let secondSession: string;
  beforeAll(async () => {
    her = await customerWithHistory('Philippa', 'Thornquist', '16:00');
    other = await customerWithHistory('Winifred', 'Ashgrove', '18:00');
    elsewhere = await signUp(t.app);
  });

  it('is refused to a visitor', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/me', headers: { origin: t.config.publicUrl }, payload: { password: 'Secret123' } });
    expect(res.statusCode).toBe(401);
  });

  it('asks a password account for her password again, and a wrong one changes nothing', async () => {
    expect(myAccountSchema.parse((await asUser(t.app, her.who).get('/api/me')).json())).toEqual({ hasPassword: true, freshSignInRequired: false, stylist: null });
    const before = await everyRow();
    const missing = await deleteMe(her.who, {});
    expect(missing.statusCode).toBe(400);
    expect(apiErrorSchema.parse(missing.json()).issues).toEqual([{ path: 'password', message: PASSWORD_NEEDED_MESSAGE }]);
    const wrong = await deleteMe(her.who, { password: 'NotMine123' });
    expect(wrong.statusCode).toBe(400);
    expect(apiErrorSchema.parse(wrong.json()).issues).toEqual([{ path: 'password', message: WRONG_PASSWORD_MESSAGE }]);
    expect(await everyRow()).toEqual(before);
    expect((await asUser(t.app, her.who).get('/api/me/export')).statusCode).toBe(200);
  });

  it('stops guessing after a few wrong passwords, even when the next one is right', async () => {
    const guessed = await signUp(t.app);
    for (let i = 0; i < DELETION_PASSWORD_TRIES; i += 1) expect((await deleteMe(guessed, { password: `Guess${i}abc` })).statusCode).toBe(400);
    const before = await everyRow();
    const res = await deleteMe(guessed, { password: 'Secret123' });
    expect(res.statusCode).toBe(429);
    expect(apiErrorSchema.parse(res.json()).message).toMatch(/^Too many wrong passwords\. Try again in 1[45] minutes\.$/);
    expect(await everyRow()).toEqual(before);
  });

  it('cancels her appointments by the usual rules, frees her places, keeps the salon’s accounts and leaves no personal field of hers in any table', async () => {
    const needles = [her.who.email, her.first, her.last, her.photo];
    // The search finds her everywhere she is before she leaves (it would find what is left after).
    const beforePlaces = await placesHolding(needles);
    for (const place of ['public.user.email', 'public.user.name', 'public.user.image', 'public.reviews.name', 'public.reviews.image_url', 'public.outbox.to', 'public.contact_messages.email', 'public.throttles.key']) {
      expect(beforePlaces.some((p) => p.startsWith(place)), `${place} before`).toBe(true);
    }
    secondSession = cookieFrom((await signIn(t.app, her.who.email, her.who.password)).headers['set-cookie']);
    const otherRows = async () =>
      query(sql`
        select (select json_agg(b order by b.id) from bookings b where b.user_id = ${other.who.id}) as bookings,
               (select json_agg(p order by p.id) from payments p where p.user_id = ${other.who.id}) as payments,
               (select json_agg(r order by r.id) from reviews r where r.user_id = ${other.who.id}) as reviews,
               (select json_agg(u) from "user" u where u.id = ${other.who.id}) as "user",
               (select json_agg(c order by c.id) from contact_messages c where c.email = ${other.who.email}) as messages,
               (select count(*) from outbox o where o."to" = ${other.who.email}) as mails`);
    const otherBefore = await otherRows();
    // Her visits' dates: the figures count money with its visit (docs/decisions/030-figures-that-add-up.md).
    const range = { from: addCalendarDays(instantToZoned(new Date(), ZONE).date, -1), to: days.held };
    const summary = async () => adminSummarySchema.parse((await asUser(t.app, admin).get(`/api/admin/summary?from=${range.from}&to=${range.to}`)).json());
    const totals = async () => (await query<{ paid: number; refunded: number }>(sql`select sum(amount_minor)::int as paid, sum(refunded_minor)::int as refunded from payments where status in ('succeeded', 'partially_refunded', 'refunded')`))[0]!;
    const summaryBefore = await summary();
    const totalsBefore = await totals();
    // Her places are taken: the salon serves one client at a time.
    const facial = byTitle('Signature Glow Facial');
    expect(await holdAs(elsewhere, facial._id, her.far.startsAt)).toBe(409);
    expect(await holdAs(elsewhere, facial._id, her.near.startsAt)).toBe(409);
    expect(await holdAs(elsewhere, facial._id, her.held.startsAt)).toBe(409);

    const res = await deleteMe(her.who);
    expect(res.statusCode, res.body).toBe(204);
    // The browser is told to forget the session.
    const cookies = [res.headers['set-cookie'] ?? []].flat();
    expect(cookies.length).toBeGreaterThan(0);
    expect(cookies.every((c) => /^[^=]+=;/.test(c) && /Max-Age=0/.test(c))).toBe(true);

    // Her appointment beyond the notice was cancelled and refunded, as she could have done herself;
    // the one inside it is cancelled without a refund; the visit she had stays in the books.
    const booked = await query<{ id: string; status: string; refunded_minor: number }>(sql`select id, status, refunded_minor from bookings where user_id = ${her.who.id}`);
    const state = (id: string) => booked.find((b) => b.id === id);
    expect(state(her.far.id)).toMatchObject({ status: 'cancelled', refunded_minor: her.far.price * 100 });
    expect(state(her.near.id)).toMatchObject({ status: 'cancelled', refunded_minor: 0 });
    expect(state(her.visit.id)).toMatchObject({ status: 'confirmed', refunded_minor: 0 });
    const [openCheckout] = await query<{ status: string }>(sql`select status from payments where id = ${her.held.paymentId}`);
    expect(openCheckout!.status).toBe('canceled');
    const ledger = await query<{ amount_minor: number }>(sql`select r.amount_minor from test_gateway_refunds r join payments p on p.gateway_ref = r.ref where p.user_id = ${her.who.id}`);
    expect(ledger).toEqual([{ amount_minor: her.far.price * 100 }]);
    // She was told by e-mail, at her address, before it was removed.
    expect(receiver.messages.some((m) => m.to.includes(her.who.email) && m.subject.startsWith('Cancelled: Signature Glow Facial'))).toBe(true);

    // The salon's figures move by exactly that refund.
    const summaryAfter = await summary();
    expect(summaryAfter.refunds).toBe(summaryBefore.refunds + her.far.price);
    expect(summaryAfter.revenue).toBe(summaryBefore.revenue - her.far.price);
    expect(await totals()).toEqual({ paid: totalsBefore.paid, refunded: totalsBefore.refunded + her.far.price * 100 });
    expect(await otherRows()).toEqual(otherBefore);

    // Her places are free for someone else at once.
    expect(await holdAs(elsewhere, facial._id, her.far.startsAt)).toBe(200);
    expect(await holdAs(elsewhere, facial._id, her.near.startsAt)).toBe(200);
    expect(await holdAs(elsewhere, facial._id, her.held.startsAt)).toBe(200);

    // Nothing that names her is left anywhere; her account is an anonymous tombstone.
    expect(await placesHolding(needles)).toEqual([]);
    const [tombstone] = await query(sql`select name, email, image, role from "user" where id = ${her.who.id}`);
    expect(tombstone).toEqual({ name: DELETED_CUSTOMER_NAME, email: `deleted-${her.who.id}@deleted.invalid`, image: null, role: 'user' });
    expect(await query(sql`select id from session where user_id = ${her.who.id} union all select id from account where user_id = ${her.who.id}`)).toEqual([]);
    expect(await query(sql`select id from cart_items where user_id = ${her.who.id}`)).toEqual([]);
    const photoKey = her.photo.slice('/uploads/'.length, -'.webp'.length);
    expect(await query(sql`select key from uploads where key like ${`${photoKey}%`}`)).toEqual([]);
    expect((await t.app.inject({ url: her.photo })).statusCode).toBe(404);
    const published = (await t.app.inject({ url: '/api/review' })).json<{ _id: string }[]>();
    expect(published.map((r) => r._id)).not.toContain(her.reviewId);
    expect(published.map((r) => r._id)).toContain(other.reviewId);
  });

  it('ends every session she had and leaves her no way back in', async () => {
    for (const cookie of [her.who.cookie, secondSession]) {
      expect((await t.app.inject({ url: '/api/me/export', headers: { cookie } })).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/auth/get-session', headers: { cookie } })).json()).toBeNull();
    }
    expect((await signIn(t.app, her.who.email, her.who.password)).statusCode).toBe(401);
    // The reset link she was sent no longer sets a password on anything.
    const reset = await asUser(t.app, undefined).post('/api/auth/reset-password', { token: her.resetToken, newPassword: 'Another123' });
    expect(reset.statusCode).toBe(400);
    expect((await signIn(t.app, `deleted-${her.who.id}@deleted.invalid`, 'Another123')).statusCode).toBe(401);
    // Her old address is free for a new account.
    expect((await signUp(t.app, { email: her.who.email, name: 'Someone New' })).id).not.toBe(her.who.id);
  });

  it('sends nothing to the placeholder address when a notice about her comes later (the salon completes her past visit)', async () => {
    const completed = await asUser(t.app, admin).post(`/api/bookings/${her.visit.id}/complete`, {});
    expect(completed.statusCode, completed.body).toBe(200);
    // The review request is queued with the completion; wait until its job has run.
    await expect
      .poll(async () => (await query<{ state: string }>(sql`select state from pgboss.job where name = 'mail' and data->>'bookingId' = ${her.visit.id}`)).map((j) => j.state), { timeout: 15_000 })
      .toEqual(['completed']);
    expect(await query(sql`select id from outbox where "to" like ${'%@deleted.invalid'}`)).toEqual([]);
    expect(receiver.messages.filter((m) => m.to.includes('@deleted.invalid'))).toEqual([]);
  });
});

describe('DELETE /api/me: sessions', () => {
  it('ends her other sessions too, even their cached copies in other browsers', async () => {
    const who = await signUp(t.app);
    const phone = cookieFrom((await signIn(t.app, who.email, who.password)).headers['set-cookie']);
    // The phone's cookie carries a signed copy of the session (the cookie cache).
    expect(phone).toMatch(/session_data=/);
    expect((await t.app.inject({ url: '/api/me/export', headers: { cookie: phone } })).statusCode).toBe(200);
    expect((await deleteMe(who)).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/me/export', headers: { cookie: phone } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: phone } })).json()).toBeNull();
  });

  it('ends them on every instance of the site, not only the one that deleted the account', async () => {
    const sibling = await createSiblingApp(t, { jobs: { pollingIntervalSeconds: 0.5 } });
    try {
      const who = await signUp(t.app);
      const phone = cookieFrom((await signIn(sibling.app, who.email, who.password)).headers['set-cookie']);
      expect((await sibling.app.inject({ url: '/api/me/export', headers: { cookie: phone } })).statusCode).toBe(200);
      expect((await deleteMe(who)).statusCode).toBe(204);
      await expect.poll(async () => (await sibling.app.inject({ url: '/api/me/export', headers: { cookie: phone } })).statusCode, { timeout: 5_000 }).toBe(401);
    } finally {
      await sibling.close();
    }
  });

  it('leaves the browser no session cookie, even one refreshed while the request was read', async () => {
    const who = await signUp(t.app);
    // Only the session token: the server reads the session from the database and would hand a
    // fresh cached copy back with whatever it answers.
    const tokenOnly = who.cookie.split('; ').filter((c) => c.includes('session_token')).join('; ');
    const res = await deleteMe({ cookie: tokenOnly });
    expect(res.statusCode, res.body).toBe(204);
    const cookies = [res.headers['set-cookie'] ?? []].flat();
    expect(cookies.filter((c) => !/^[^=]+=;/.test(c))).toEqual([]);
  });
});

describe('DELETE /api/me: e-mails about her on their way', () => {
  it('removes the copy an e-mail being sent during the deletion writes after it, and the address a refused e-mail left in the queue', async () => {
    const who = await signUp(t.app, { name: 'Henrietta Marchbanks', email: `henrietta.marchbanks-${Date.now()}@example.com` });
    const facial = byTitle('Signature Glow Facial');
    await readyToPay(t.app, who, [{ serviceId: facial._id, time: '12:00' }], days.far);
    await pay(who, facial.price);
    await expect.poll(async () => (await query(sql`select id from outbox where "to" = ${who.email}`)).length, { timeout: 15_000 }).toBe(1);
    const [booking] = await query<{ id: string }>(sql`select id from bookings where user_id = ${who.id}`);
    // A reminder about her visit being handed to the SMTP server right now, and one the server
    // refused earlier, whose error names her address (as MailNotSentError's does).
    const [inFlight] = await query<{ id: string }>(sql`
      insert into pgboss.job (name, data, state, started_on) values ('mail', ${JSON.stringify({ kind: 'reminder', bookingId: booking!.id, sequence: 0 })}::jsonb, 'active', now())
      returning id`);
    await t.database.db.execute(sql`
      insert into pgboss.job (name, data, state, output) values ('mail', ${JSON.stringify({ kind: 'reminder', bookingId: booking!.id, sequence: 0 })}::jsonb, 'failed',
        ${JSON.stringify({ message: `e-mail to ${who.email} not sent: 550 mailbox full` })}::jsonb)`);

    const deletion = deleteMe(who);
    // Once her account is anonymised, the e-mail under way writes its copy to her old address.
    await expect.poll(async () => (await query(sql`select id from "user" where id = ${who.id} and name = ${DELETED_CUSTOMER_NAME}`)).length, { timeout: 20_000 }).toBe(1);
    await t.database.db.execute(sql`insert into outbox ("to", subject, text, status) values (${who.email}, 'Reminder: Signature Glow Facial', 'Dear Henrietta Marchbanks, see you soon.', 'sent')`);
    await t.database.db.execute(sql`update pgboss.job set state = 'completed', completed_on = now() where id = ${inFlight!.id}`);
    expect((await deletion).statusCode).toBe(204);
    expect(await placesHolding([who.email, 'Henrietta', 'Marchbanks'])).toEqual([]);
  }, 40_000);
});

describe('DELETE /api/me: an account without a password', () => {
  async function socialOnly(): Promise<Account> {
    const who = await signUp(t.app);
    await t.database.db.execute(sql`delete from account where user_id = ${who.id} and provider_id = 'credential'`);
    await t.database.db.execute(sql`insert into account (account_id, provider_id, user_id, created_at, updated_at) values (${`google-${who.id}`}, 'google', ${who.id}, now(), now())`);
    return who;
  }
  const signedInMinutesAgo = (who: Account, minutes: number) =>
    t.database.db.execute(sql`update session set created_at = (now() at time zone 'UTC') - make_interval(mins => ${minutes}) where user_id = ${who.id}`);

  it('needs a sign-in of the last few minutes; an older one changes nothing', async () => {
    const who = await socialOnly();
    await signedInMinutesAgo(who, 10);
    expect(myAccountSchema.parse((await asUser(t.app, who).get('/api/me')).json())).toEqual({ hasPassword: false, freshSignInRequired: true, stylist: null });
    const before = await everyRow();
    const res = await deleteMe(who, {});
    expect(res.statusCode).toBe(403);
    expect(apiErrorSchema.parse(res.json()).message).toBe(FRESH_SIGN_IN_MESSAGE);
    expect(await everyRow()).toEqual(before);

    await signedInMinutesAgo(who, 1);
    expect(myAccountSchema.parse((await asUser(t.app, who).get('/api/me')).json())).toEqual({ hasPassword: false, freshSignInRequired: false, stylist: null });
    expect((await deleteMe(who, {})).statusCode).toBe(204);
    expect(await query(sql`select id from account where user_id = ${who.id}`)).toEqual([]);
  });
});

describe('DELETE /api/me: the last admin', () => {
  /** The admin left once the file's own admin has gone. */
  let second: Account;
  it('cannot delete herself while she is the only admin; once another admin exists she can', async () => {
    // This file's admin is the only one.
    const before = await everyRow();
    const res = await deleteMe(admin);
    expect(res.statusCode).toBe(409);
    expect(apiErrorSchema.parse(res.json()).message).toBe(LAST_ADMIN_MESSAGE);
    expect(await everyRow()).toEqual(before);
    expect((await asUser(t.app, admin).get('/api/user')).statusCode).toBe(200);

    second = await signUpAdmin(t.app);
    expect((await deleteMe(admin)).statusCode).toBe(204);
    expect((await deleteMe(second)).statusCode).toBe(409);
    const [row] = await query<{ role: string }>(sql`select role from "user" where id = ${admin.id}`);
    expect(row!.role).toBe('user');
  });

  it('of two admins deleting themselves at the same moment, one stays', async () => {
    const admins = async () => query<{ id: string }>(sql`select id from "user" where role = 'admin'`);
    const third = await signUpAdmin(t.app);
    expect((await admins()).map((a) => a.id).sort()).toEqual([second.id, third.id].sort());
    const answers = await Promise.all([deleteMe(second), deleteMe(third)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 409]);
    expect((await admins()).length).toBe(1);
  });

  it('is refused by the deletion itself, not only by the check before it (a request whose check ran before another admin left)', async () => {
    const [only] = await query<{ id: string }>(sql`select id from "user" where role = 'admin'`);
    const deps = { db: t.app.db, payments: t.app.payments, bookings: t.app.bookings, revocations: t.app.sessionRevocations, salonSettings: () => t.app.salonSettings.get(), waitlist: t.app.waitlistSweeps, log: t.app.log, verifyPassword: async () => true };
    const before = await everyRow();
    await expect(deleteAccount(deps, only!.id)).rejects.toMatchObject({ statusCode: 409, message: LAST_ADMIN_MESSAGE });
    expect(await everyRow()).toEqual(before);
  });
});
