/**
 * A stylist's new weekly hours never leave one of her bookings outside them (issue 27: 'never
 * silently overbooked'): refused with the bookings in the way, as time off is; a live hold outside
 * them refuses too; and a hold racing the change is decided on the hours that win.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { rowsOf } from '../db/rows.js';
import { holdRowLocks, lockWaiters } from '../test/lock-waiters.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { addItem, asUser, dhaka, distinctOpenDays } from '../test/booking.js';
import { bookAndPay } from '../test/appointments.js';
import { addStylist } from '../test/stylists.js';
import { replaceWeeklyHours } from '../repositories/staff.js';
import { timeOffConflictSchema, weeklyHoursSchema, type WeeklyHours } from '../../shared/staff.js';

let t: TestApp;
let admin: Account;
let cut: { _id: string; title: string; price: number };
const nextDay = distinctOpenDays(4);

const week = (start: string, end: string): WeeklyHours => ({ days: Array.from({ length: 7 }, () => [{ start, end }]) });
const putHours = (staffId: string, hours: WeeklyHours) => asUser(t.app, admin).put(`/api/staff/${staffId}/hours`, hours);
/** The same, from a Bangla page (its API client sends the page's language). */
const putHoursInBangla = (staffId: string, hours: WeeklyHours) =>
  t.app.inject({ method: 'PUT', url: `/api/staff/${staffId}/hours`, payload: hours, headers: { origin: t.app.config.publicUrl, cookie: admin.cookie, 'accept-language': 'bn' } });
const hoursOf = async (staffId: string) => weeklyHoursSchema.parse((await asUser(t.app, admin).get(`/api/staff/${staffId}/hours`)).json());
const itemRow = async (id: string) => (await rowsOf(t.database.db, sql`select starts_at, staff_id from cart_items where id = ${id}`))[0] as { starts_at: string | null; staff_id: string | null };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  cut = (await t.app.inject({ url: '/api/service' })).json<{ _id: string; title: string; price: number }[]>()[0]!;
});

afterAll(async () => {
  await t?.close();
});

describe('PUT /api/staff/:id/hours over her bookings', () => {
  it('refuses hours that leave a booking outside, naming it; nothing changes; hours that keep it inside are saved', async () => {
    const rina = await addStylist(t.app, admin, 'Rina', [cut._id]);
    const customer = await signUp(t.app, { name: 'Ayesha Rahman' });
    const visit = await bookAndPay(t.app, customer, cut, nextDay(), '18:00', rina);
    const before = await hoursOf(rina);

    const refused = await putHours(rina, week('10:00', '17:00'));
    expect(refused.statusCode).toBe(409);
    const body = timeOffConflictSchema.parse(refused.json());
    expect(body.message).toBe('She has 1 booking outside these hours. Move or cancel it first.');
    expect(timeOffConflictSchema.parse((await putHoursInBangla(rina, week('10:00', '17:00'))).json()).message).toBe(
      'এই সময়ের বাইরে তাঁর ১টি বুকিং আছে। আগে সেটি সরান বা বাতিল করুন।',
    );
    expect(body.bookings).toEqual([{ _id: visit.id, startsAt: visit.startsAt.toISOString(), endsAt: visit.endsAt.toISOString(), service: cut.title, customer: 'Ayesha Rahman' }]);
    expect(await hoursOf(rina)).toEqual(before);

    // A break over her visit is refused too; a break elsewhere is fine.
    expect((await putHours(rina, { days: Array.from({ length: 7 }, () => [{ start: '10:00', end: '17:30' }, { start: '19:00', end: '20:00' }]) })).statusCode).toBe(409);
    const kept = await putHours(rina, { days: Array.from({ length: 7 }, () => [{ start: '10:00', end: '13:00' }, { start: '14:00', end: '20:00' }]) });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await hoursOf(rina)).days[0]).toEqual([
      { start: '10:00', end: '13:00' },
      { start: '14:00', end: '20:00' },
    ]);

    // Once the visit is cancelled, the shorter day is hers to have.
    expect((await asUser(t.app, admin).post(`/api/bookings/${visit.id}/cancel`, {})).statusCode).toBe(200);
    expect((await putHours(rina, week('10:00', '17:00'))).statusCode).toBe(200);
  });

  it('refuses while a customer holds her at a time the new hours leave out, saying when to try again; nothing changes', async () => {
    const mim = await addStylist(t.app, admin, 'Mim', [cut._id]);
    const customer = await signUp(t.app);
    const item = await addItem(t.app, customer, cut._id);
    const held = await asUser(t.app, customer).patch(`/api/cart/${item}`, { startsAt: dhaka(nextDay(), '18:00').toISOString(), staffId: mim });
    expect(held.statusCode, held.body).toBe(200);
    const before = await hoursOf(mim);
    const refused = await putHours(mim, week('10:00', '17:00'));
    expect(refused.statusCode).toBe(409);
    expect(timeOffConflictSchema.parse(refused.json()).message).toMatch(/^A customer is booking her at that time right now\. Try again after \d\d:\d\d/);
    expect(timeOffConflictSchema.parse((await putHoursInBangla(mim, week('10:00', '17:00'))).json()).message).toMatch(
      /^ঠিক এখন একজন গ্রাহক ওই সময়ে তাঁকে বুক করছেন। [০-৯]{2}:[০-৯]{2}-এর পরে আবার চেষ্টা করুন/,
    );
    expect(await hoursOf(mim)).toEqual(before);
    // Hours that keep the held time are saved, and the hold stays.
    expect((await putHours(mim, week('11:00', '20:00'))).statusCode).toBe(200);
    expect((await itemRow(item)).staff_id).toBe(mim);
  });

  it('a hold that read her hours just before they changed is decided again on the new ones (refused), not on what it read', async () => {
    const sara = await addStylist(t.app, admin, 'Sara', [cut._id]);
    const customer = await signUp(t.app);
    const item = await addItem(t.app, customer, cut._id);
    const { timeZone } = await t.app.salonSettings.get();
    // The change of her hours is made inside a transaction that holds her row: the hold reads her
    // roster (10:00-20:00) and then waits for her row, which it gets only once 10:00-17:00 is in.
    const change = await holdRowLocks(t.app.db, sql`select id from staff where id = ${sara} for update`, (tx) =>
      replaceWeeklyHours(tx, sara, week('10:00', '17:00'), timeZone),
    );
    const holding = asUser(t.app, customer).patch(`/api/cart/${item}`, { startsAt: dhaka(nextDay(), '18:00').toISOString(), staffId: sara });
    await lockWaiters(t.app.db, 1);
    expect(await change.release()).toEqual({ kind: 'saved' });
    const hold = await holding;
    expect(hold.statusCode, hold.body).toBe(400);
    expect((await itemRow(item)).starts_at).toBeNull();
  });

  it('a hold racing a change of her hours: never held outside the hours that win', async () => {
    const nila = await addStylist(t.app, admin, 'Nila', [cut._id]);
    for (let round = 0; round < 12; round++) {
      expect((await putHours(nila, week('10:00', '20:00'))).statusCode).toBe(200);
      const customer = await signUp(t.app);
      const item = await addItem(t.app, customer, cut._id);
      const [hold, change] = await Promise.all([
        asUser(t.app, customer).patch(`/api/cart/${item}`, { startsAt: dhaka(nextDay(), '18:00').toISOString(), staffId: nila }),
        putHours(nila, week('10:00', '17:00')),
      ]);
      const hours = await hoursOf(nila);
      const row = await itemRow(item);
      if (change.statusCode === 200) {
        // Her day ends at 17:00: the 18:00 hold was refused, and the item holds no time.
        expect(hours.days[0]).toEqual([{ start: '10:00', end: '17:00' }]);
        expect(hold.statusCode, hold.body).toBe(400);
        expect(row.starts_at).toBeNull();
      } else {
        expect(change.statusCode, change.body).toBe(409);
        expect(hold.statusCode, hold.body).toBe(200);
        expect(hours.days[0]).toEqual([{ start: '10:00', end: '20:00' }]);
      }
      // Let the hold go for the next round.
      await asUser(t.app, customer).delete(`/api/cart/${item}`);
    }
  });
});
