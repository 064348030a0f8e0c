/**
 * A stylist's own account (issue 27, 'staff'): the admin links a stylist to the account she signed
 * up with; signed in, she reads her own visits (customer's name, service, time, state; no money, no
 * e-mail) and marks them completed or a no-show. Nobody else's visits, and nothing of the admin's.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { rowsOf } from '../db/rows.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { asUser, distinctOpenDays, readyToPay } from '../test/booking.js';
import { bookAndPay } from '../test/appointments.js';
import { addStylist } from '../test/stylists.js';
import { myAccountSchema } from '../../shared/account.js';
import { myStylistSchema, staffDetailSchema, staffVisitListSchema, staffVisitSchema } from '../../shared/staff.js';

let t: TestApp;
let admin: Account;
let rinaAccount: Account;
let mimAccount: Account;
let customer: Account;
let rina: string;
let mim: string;
let cut: { _id: string; title: string; price: number };
const nextDay = distinctOpenDays(4);

const staffRow = async (id: string) => rowsOf(t.database.db, sql`select * from staff where id = ${id}`);
const bookingRow = async (id: string) => rowsOf(t.database.db, sql`select * from bookings where id = ${id}`);
const link = (staffId: string, accountEmail: string | null) => asUser(t.app, admin).patch(`/api/staff/${staffId}`, { accountEmail });
/** Her visit's time has come: moved into the past straight in the database, as the clock would. */
const intoThePast = (id: string) =>
  t.database.db.execute(sql`update bookings set starts_at = now() - interval '2 hours', ends_at = now() - interval '75 minutes', staff_free_at = now() - interval '75 minutes' where id = ${id}`);

beforeAll(async () => {
  t = await createTestApp({ englishOnly: true });
  admin = await signUpAdmin(t.app);
  [rinaAccount, mimAccount, customer] = [await signUp(t.app, { name: 'Rina Akter' }), await signUp(t.app, { name: 'Mim Das' }), await signUp(t.app, { name: 'Ayesha Rahman' })];
  const services = (await t.app.inject({ url: '/api/service' })).json<{ _id: string; title: string; price: number }[]>();
  cut = services[0]!;
  rina = await addStylist(t.app, admin, 'Rina', [cut._id]);
  mim = await addStylist(t.app, admin, 'Mim', [cut._id]);
});

afterAll(async () => {
  await t?.close();
});

describe('linking a stylist to her account (admin)', () => {
  it('links by e-mail (any case), shows it to the admin only, and unlinks with null', async () => {
    const res = await link(rina, rinaAccount.email.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    const detail = staffDetailSchema.parse((await asUser(t.app, admin).get(`/api/staff/${rina}`)).json());
    expect(detail.accountEmail).toBe(rinaAccount.email.toLowerCase());
    // Linking again to the same account changes nothing.
    expect((await link(rina, rinaAccount.email)).json()).toEqual({ modifiedCount: 0 });
    // The Team page never shows whose account she is.
    const team = (await t.app.inject({ url: '/api/staff' })).body;
    expect(team).not.toContain(rinaAccount.email);
    expect(team).not.toContain(rinaAccount.id);

    expect((await link(mim, mimAccount.email)).statusCode).toBe(200);
    expect((await link(mim, null)).json()).toEqual({ modifiedCount: 1 });
    expect(staffDetailSchema.parse((await asUser(t.app, admin).get(`/api/staff/${mim}`)).json()).accountEmail).toBeNull();
    expect((await link(mim, mimAccount.email)).statusCode).toBe(200);
  });

  it('refuses an e-mail no account uses (400) and an account already linked to another stylist (409), with the field named; nothing changes', async () => {
    const before = await staffRow(mim);
    const unknown = await link(mim, 'nobody-here@example.com');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ issues: [{ path: 'accountEmail', message: expect.stringMatching(/No account uses this e-mail/) }] });
    // A name changed in the same request is not kept either.
    const taken = await asUser(t.app, admin).patch(`/api/staff/${mim}`, { name: 'Mim Renamed', accountEmail: rinaAccount.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ issues: [{ path: 'accountEmail', message: 'This account is already linked to Rina' }] });
    const malformed = await link(mim, 'not an e-mail');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ issues: [{ path: 'accountEmail' }] });
    expect(await staffRow(mim)).toEqual(before);

    // A new stylist with a taken account is not added at all.
    const count = async () => rowsOf(t.database.db, sql`select count(*)::int as n from staff`);
    const stylistsBefore = await count();
    const added = await asUser(t.app, admin).post('/api/staff', { name: 'Nobody', accountEmail: rinaAccount.email });
    expect(added.statusCode).toBe(409);
    expect(await count()).toEqual(stylistsBefore);
  });

  it('only the admin links: a stylist cannot link herself to another stylist (403), nothing changes', async () => {
    const before = await staffRow(rina);
    const res = await asUser(t.app, mimAccount).patch(`/api/staff/${rina}`, { accountEmail: mimAccount.email });
    expect(res.statusCode).toBe(403);
    expect(await staffRow(rina)).toEqual(before);
  });
});

describe('her own day', () => {
  it('GET /api/staff/me says who she is; for a customer null; signed out 401', async () => {
    expect(myStylistSchema.parse((await asUser(t.app, rinaAccount).get('/api/staff/me')).json())).toEqual({ stylist: { _id: rina, name: 'Rina' } });
    expect((await asUser(t.app, customer).get('/api/staff/me')).json()).toEqual({ stylist: null });
    expect((await asUser(t.app, undefined).get('/api/staff/me')).statusCode).toBe(401);
  });

  it('GET /api/me carries the same, so her dashboard needs no second question; retired, she is nobody’s stylist', async () => {
    expect(myAccountSchema.parse((await asUser(t.app, rinaAccount).get('/api/me')).json()).stylist).toEqual({ _id: rina, name: 'Rina' });
    expect(myAccountSchema.parse((await asUser(t.app, customer).get('/api/me')).json()).stylist).toBeNull();
    const extra = await signUp(t.app);
    const nila = await addStylist(t.app, admin, 'Nila', [cut._id]);
    expect((await asUser(t.app, admin).patch(`/api/staff/${nila}`, { accountEmail: extra.email })).statusCode).toBe(200);
    expect(myAccountSchema.parse((await asUser(t.app, extra).get('/api/me')).json()).stylist).toEqual({ _id: nila, name: 'Nila' });
    expect((await asUser(t.app, admin).delete(`/api/staff/${nila}`)).statusCode).toBe(200);
    expect(myAccountSchema.parse((await asUser(t.app, extra).get('/api/me')).json()).stylist).toBeNull();
  });

  it('lists only her visits in the days asked, with the customer’s name and no money or e-mail', async () => {
    const day = nextDay();
    const hers = await bookAndPay(t.app, customer, cut, day, '11:00', rina);
    const mims = await bookAndPay(t.app, customer, cut, day, '12:00', mim);
    const res = await asUser(t.app, rinaAccount).get(`/api/staff/me/visits?from=${day}&to=${day}`);
    expect(res.statusCode, res.body).toBe(200);
    const visits = staffVisitListSchema.parse(res.json());
    expect(visits.map((v) => v._id)).toEqual([hers.id]);
    expect(visits[0]).toMatchObject({ title: cut.title, status: 'confirmed', customer: { name: 'Ayesha Rahman' }, canComplete: false, startsAt: hers.startsAt.toISOString() });
    // Exactly the fields of a visit: nothing of the payment (what is left to take at her chair: here
    // nothing, it was paid in full), nor the customer's address.
    expect(Object.keys(res.json<object[]>()[0]!).sort()).toEqual(['_id', 'canComplete', 'customer', 'due', 'endsAt', 'serviceId', 'staffFreeAt', 'startsAt', 'status', 'title', 'title_bn']);
    expect(visits[0]!.due).toBe(0);
    expect(res.body).not.toContain(customer.email);
    expect(res.body).not.toContain(String(cut.price));
    // Mim sees hers alone; a day without visits is empty.
    const mimVisits = staffVisitListSchema.parse((await asUser(t.app, mimAccount).get(`/api/staff/me/visits?from=${day}&to=${day}`)).json());
    expect(mimVisits.map((v) => v._id)).toEqual([mims.id]);

    // The service's Bangla title where the salon wrote one, for her Bangla page (docs/decisions/050).
    expect(visits[0]!.title_bn).toBeNull();
    await t.database.db.execute(sql`update services set title_bn = 'চুল কাটা' where id = ${cut._id}`);
    try {
      const again = staffVisitListSchema.parse((await asUser(t.app, rinaAccount).get(`/api/staff/me/visits?from=${day}&to=${day}`)).json());
      expect(again[0]).toMatchObject({ title: cut.title, title_bn: 'চুল কাটা' });
    } finally {
      await t.database.db.execute(sql`update services set title_bn = null where id = ${cut._id}`);
    }
  });

  it('names each visit by the catalogue’s titles, the Bangla one where the salon wrote it (null where not)', async () => {
    const CUT_BN = 'ক্লাসিক হেয়ারকাট';
    const titleBn = (title_bn: string) => asUser(t.app, admin).patch(`/api/service/${cut._id}`, { title_bn });
    const day = nextDay();
    const hers = await bookAndPay(t.app, customer, cut, day, '14:00', rina);
    const visits = async () => staffVisitListSchema.parse((await asUser(t.app, rinaAccount).get(`/api/staff/me/visits?from=${day}&to=${day}`)).json());
    expect((await titleBn(CUT_BN)).statusCode).toBe(200);
    try {
      expect((await visits()).map((v) => [v._id, v.title, v.title_bn])).toEqual([[hers.id, cut.title, CUT_BN]]);
    } finally {
      expect((await titleBn('')).statusCode).toBe(200);
    }
    expect((await visits()).map((v) => [v._id, v.title, v.title_bn])).toEqual([[hers.id, cut.title, null]]);
  });

  it('refuses customers (403) and visitors (401), and a bad range (400 naming the field)', async () => {
    const day = nextDay();
    expect((await asUser(t.app, customer).get(`/api/staff/me/visits?from=${day}&to=${day}`)).statusCode).toBe(403);
    expect((await asUser(t.app, admin).get(`/api/staff/me/visits?from=${day}&to=${day}`)).statusCode).toBe(403);
    expect((await asUser(t.app, undefined).get(`/api/staff/me/visits?from=${day}&to=${day}`)).statusCode).toBe(401);
    const backwards = await asUser(t.app, rinaAccount).get(`/api/staff/me/visits?from=2026-12-10&to=2026-12-09`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ issues: [{ path: 'query.to' }] });
    const tooLong = await asUser(t.app, rinaAccount).get(`/api/staff/me/visits?from=2026-12-01&to=2026-12-08`);
    expect(tooLong.statusCode).toBe(400);
    expect((await asUser(t.app, rinaAccount).get(`/api/staff/me/visits?from=2026-12-01&to=2026-12-07`)).statusCode).toBe(200);
  });

  it('marks her visit completed, then another a no-show, once their time has come; again changes nothing', async () => {
    const done = await bookAndPay(t.app, customer, cut, nextDay(), '11:00', rina);
    const early = await asUser(t.app, rinaAccount).post(`/api/staff/me/visits/${done.id}`, { status: 'completed' });
    expect(early.statusCode).toBe(409);
    expect((await bookingRow(done.id))[0]).toMatchObject({ status: 'confirmed' });

    await intoThePast(done.id);
    const res = await asUser(t.app, rinaAccount).post(`/api/staff/me/visits/${done.id}`, { status: 'completed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(staffVisitSchema.parse(res.json())).toMatchObject({ _id: done.id, status: 'completed', canComplete: false });
    const marked = await bookingRow(done.id);
    expect((await asUser(t.app, rinaAccount).post(`/api/staff/me/visits/${done.id}`, { status: 'completed' })).statusCode).toBe(200);
    expect(await bookingRow(done.id)).toEqual(marked);
    // The customer sees it completed.
    const hers = (await asUser(t.app, customer).get('/api/bookings?when=all')).json<{ _id: string; status: string }[]>();
    expect(hers.find((b) => b._id === done.id)?.status).toBe('completed');

    const missed = await bookAndPay(t.app, customer, cut, nextDay(), '12:00', rina);
    await intoThePast(missed.id);
    const noShow = await asUser(t.app, rinaAccount).post(`/api/staff/me/visits/${missed.id}`, { status: 'no-show' });
    expect(noShow.statusCode, noShow.body).toBe(200);
    expect((await bookingRow(missed.id))[0]).toMatchObject({ status: 'no-show' });
  });

  it('another stylist’s visit is not hers: 404 to Mim and to a customer’s own booking too, nothing changes', async () => {
    const visit = await bookAndPay(t.app, customer, cut, nextDay(), '13:00', rina);
    await intoThePast(visit.id);
    const before = await bookingRow(visit.id);
    expect((await asUser(t.app, mimAccount).post(`/api/staff/me/visits/${visit.id}`, { status: 'completed' })).statusCode).toBe(404);
    expect((await asUser(t.app, mimAccount).post(`/api/staff/me/visits/${visit.id}`, { status: 'no-show' })).statusCode).toBe(404);
    // The customer is no stylist: 403, even for her own booking.
    expect((await asUser(t.app, customer).post(`/api/staff/me/visits/${visit.id}`, { status: 'completed' })).statusCode).toBe(403);
    expect((await asUser(t.app, rinaAccount).post(`/api/staff/me/visits/${visit.id}`, { status: 'cancelled' })).statusCode).toBe(400);
    expect(await bookingRow(visit.id)).toEqual(before);
  });

  it('takes the money of her own pay-at-salon visit at her chair, never more than it owes; not another’s', async () => {
    const day = nextDay();
    const settings = await asUser(t.app, admin).get('/api/settings');
    await asUser(t.app, admin).put('/api/settings', { ...settings.json<object>(), paymentPolicy: { mode: 'at-salon' } });
    try {
      await readyToPay(t.app, customer, [{ serviceId: cut._id, time: '15:00', staffId: rina }], day);
      expect((await asUser(t.app, customer).post('/api/create-payment-intent', { price: 0 })).statusCode).toBe(200);
      const [visit] = staffVisitListSchema.parse((await asUser(t.app, rinaAccount).get(`/api/staff/me/visits?from=${day}&to=${day}`)).json());
      expect(visit).toMatchObject({ status: 'confirmed', due: cut.price });
      const counted = () => rowsOf(t.database.db, sql`select amount_minor, method, recorded_by from counter_payments where booking_id = ${visit!._id}`);

      // Not Mim's visit, nor the customer's to record: nothing written.
      expect((await asUser(t.app, mimAccount).post(`/api/staff/me/visits/${visit!._id}/counter-payments`, { amount: 100, method: 'cash' })).statusCode).toBe(404);
      expect((await asUser(t.app, customer).post(`/api/staff/me/visits/${visit!._id}/counter-payments`, { amount: 100, method: 'cash' })).statusCode).toBe(403);
      const tooMuch = await asUser(t.app, rinaAccount).post(`/api/staff/me/visits/${visit!._id}/counter-payments`, { amount: cut.price + 1, method: 'cash' });
      expect(tooMuch.statusCode).toBe(409);
      expect(await counted()).toEqual([]);

      const paid = await asUser(t.app, rinaAccount).post(`/api/staff/me/visits/${visit!._id}/counter-payments`, { amount: cut.price, method: 'bkash' });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(staffVisitSchema.parse(paid.json())).toMatchObject({ _id: visit!._id, due: 0 });
      expect(await counted()).toEqual([{ amount_minor: cut.price * 100, method: 'bkash', recorded_by: rinaAccount.id }]);
      // The salon's own view agrees: paid in full at the salon.
      const seen = (await asUser(t.app, admin).get(`/api/bookings?from=${day}&to=${day}`)).json<{ _id: string; money: { paidAtSalon: number; due: number } }[]>();
      expect(seen.find((b) => b._id === visit!._id)?.money).toMatchObject({ paidAtSalon: cut.price, due: 0 });
    } finally {
      await asUser(t.app, admin).put('/api/settings', settings.json<object>());
    }
  });

  it('reassigned by the admin, the visit leaves her day and is no longer hers to mark', async () => {
    const day = nextDay();
    const visit = await bookAndPay(t.app, customer, cut, day, '15:00', rina);
    const moved = await asUser(t.app, admin).patch(`/api/bookings/${visit.id}`, { startsAt: visit.startsAt.toISOString(), staffId: mim });
    expect(moved.statusCode, moved.body).toBe(200);
    const rinas = staffVisitListSchema.parse((await asUser(t.app, rinaAccount).get(`/api/staff/me/visits?from=${day}&to=${day}`)).json());
    expect(rinas.map((v) => v._id)).not.toContain(visit.id);
    const mims = staffVisitListSchema.parse((await asUser(t.app, mimAccount).get(`/api/staff/me/visits?from=${day}&to=${day}`)).json());
    expect(mims.map((v) => v._id)).toContain(visit.id);
    await intoThePast(visit.id);
    const before = await bookingRow(visit.id);
    expect((await asUser(t.app, rinaAccount).post(`/api/staff/me/visits/${visit.id}`, { status: 'completed' })).statusCode).toBe(404);
    expect(await bookingRow(visit.id)).toEqual(before);
    expect((await asUser(t.app, mimAccount).post(`/api/staff/me/visits/${visit.id}`, { status: 'completed' })).statusCode).toBe(200);
  });

  it('her mark racing the admin’s reassignment: one wins, and the row agrees with the answers', async () => {
    for (let round = 0; round < 5; round++) {
      const day = nextDay();
      const visit = await bookAndPay(t.app, customer, cut, day, '16:00', rina);
      await intoThePast(visit.id);
      const later = nextDay();
      const [mark, move] = await Promise.all([
        asUser(t.app, rinaAccount).post(`/api/staff/me/visits/${visit.id}`, { status: 'completed' }),
        asUser(t.app, admin).patch(`/api/bookings/${visit.id}`, { startsAt: new Date(`${later}T11:00:00+06:00`).toISOString(), staffId: mim }),
      ]);
      const [row] = (await bookingRow(visit.id)) as { status: string; staff_id: string }[];
      if (mark.statusCode === 200) {
        // Completed first: the visit happened with her, and a done visit is not moved.
        expect(move.statusCode, move.body).toBe(409);
        expect(row).toMatchObject({ status: 'completed', staff_id: rina });
      } else {
        expect(mark.statusCode, mark.body).toBe(404);
        expect(move.statusCode, move.body).toBe(200);
        expect(row).toMatchObject({ status: 'confirmed', staff_id: mim });
      }
    }
  });

  it('retired, she is a customer again: her day is refused (403)', async () => {
    const nila = await addStylist(t.app, admin, 'Nila', [cut._id]);
    const nilaAccount = await signUp(t.app, { name: 'Nila Roy' });
    expect((await link(nila, nilaAccount.email)).statusCode).toBe(200);
    const day = nextDay();
    expect((await asUser(t.app, nilaAccount).get(`/api/staff/me/visits?from=${day}&to=${day}`)).statusCode).toBe(200);
    expect((await asUser(t.app, admin).delete(`/api/staff/${nila}`)).statusCode).toBe(200);
    expect((await asUser(t.app, nilaAccount).get(`/api/staff/me/visits?from=${day}&to=${day}`)).statusCode).toBe(403);
    expect((await asUser(t.app, nilaAccount).get('/api/staff/me')).json()).toEqual({ stylist: null });
  });

  it('a deleted account leaves her unlinked (the tombstone is nobody’s account)', async () => {
    const sara = await addStylist(t.app, admin, 'Sara', [cut._id]);
    const saraAccount = await signUp(t.app, { name: 'Sara Khan' });
    expect((await link(sara, saraAccount.email)).statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { origin: t.app.config.publicUrl, cookie: saraAccount.cookie },
      payload: { password: saraAccount.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(staffDetailSchema.parse((await asUser(t.app, admin).get(`/api/staff/${sara}`)).json()).accountEmail).toBeNull();
  });
});
