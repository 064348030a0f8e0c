/** Moving a confirmed appointment (PATCH /api/bookings/:id), marking a missed one (no-show) and taking a mark back (reopen). */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiblingApp, createTestApp, type TestApp } from '../test/test-app.js';
import { rowsOf } from '../db/rows.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { addItem, asUser, dhaka, distinctOpenDays, openDay, readyToPay } from '../test/booking.js';
import { bookAndPay } from '../test/appointments.js';
import { apiErrorSchema } from '../../shared/errors.js';
import { HOLD_TAKEN_MESSAGE } from '../../shared/cart.js';
import { bookingListSchema, bookingSchema } from '../../shared/payments.js';
import { adminSummarySchema } from '../../shared/admin-summary.js';
import { serviceListSchema, type Service } from '../../shared/service.js';
import { DEFAULT_SALON_SETTINGS } from '../../shared/salon-settings.js';
import type { App } from '../types.js';

let t: TestApp;
let admin: Account;
let catalogue: Service[];
const byTitle = (title: string) => catalogue.find((s) => s.title === title)!;
/** Each test works on its own open day, so tests never compete for places. */
const freshDay = distinctOpenDays(4);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  catalogue = serviceListSchema.parse((await t.app.inject({ url: '/api/service' })).json());
});
afterAll(async () => t.close());

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(t.database.db, text);
}

/** The booking as the database holds it: what a refused request must leave as it was. */
const bookingRow = async (id: string) => (await query<Record<string, unknown>>(sql`select * from bookings where id = ${id}`))[0];

/** A paid, confirmed appointment of `title` for `who` at `time` on `day`; answers its id. */
const book = async (who: Account, title: string, day: string, time: string) => (await bookAndPay(t.app, who, byTitle(title), day, time)).id;

/** A live hold of `title` at `time` for a new customer: one of the salon's places taken. */
async function holdPlace(title: string, day: string, time: string) {
  const who = await signUp(t.app);
  await readyToPay(t.app, who, [{ serviceId: byTitle(title)._id, time }], day);
  return who;
}

/** A day before today on which the salon was open (it closes on Fridays only). */
function pastOpenDay(): string {
  for (let d = 1; ; d += 1) {
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(Date.now() - d * 86_400_000);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() !== 5) return date;
  }
}

async function putSettings(changes: Partial<typeof DEFAULT_SALON_SETTINGS>) {
  const res = await asUser(t.app, admin).put('/api/settings', { ...DEFAULT_SALON_SETTINGS, ...changes });
  if (res.statusCode !== 200) throw new Error(`settings: ${res.statusCode} ${res.body}`);
}

function move(app: App, who: Account | undefined, id: string, startsAt: string | Date) {
  return asUser(app, who).patch(`/api/bookings/${id}`, { startsAt: startsAt instanceof Date ? startsAt.toISOString() : startsAt });
}

/** Visits present at the busiest instant of the day, counted straight from the tables. */
async function peakOccupancy(day: string): Promise<number> {
  const [row] = await query<{ peak: number }>(sql`
    with visits as (
      select starts_at, ends_at from cart_items c where hold_expires_at > now()
        and not exists (select 1 from bookings b where b.cart_item_id = c.id and b.status in ('confirmed', 'completed'))
      union all select starts_at, ends_at from bookings where status in ('confirmed', 'completed')
    )
    select coalesce(max((select count(*) from visits v where v.starts_at <= p.at and v.ends_at > p.at)), 0)::int as peak
    from (select starts_at as at from visits
          where starts_at >= ${dhaka(day, '00:00').toISOString()}::timestamptz and starts_at < ${dhaka(day, '23:59').toISOString()}::timestamptz) p`);
  return row!.peak;
}

describe('PATCH /api/bookings/:id: the customer moves her appointment', () => {
  it('moves it to a free time: 200 with the booking, the same length, a raised sequence, the reminder due again, an e-mail', async () => {
    const who = await signUp(t.app, { name: 'Nadia Rahman' });
    const day = freshDay();
    const id = await book(who, 'Classic Haircut & Blow-dry', day, '11:00');
    // As if the reminder for 11:00 had gone out: it must go out again for the new time.
    await t.database.db.execute(sql`update bookings set reminder_sent_at = now(), updated_at = now() - interval '1 hour' where id = ${id}`);
    const before = (await bookingRow(id))!;

    const res = await move(t.app, who, id, dhaka(day, '15:30'));
    expect(res.statusCode, res.body).toBe(200);
    const body = bookingSchema.parse(res.json());
    expect(body).toMatchObject({ _id: id, status: 'confirmed', duration: 60, title: 'Classic Haircut & Blow-dry', canMove: true, canCancel: true });
    expect(body.startsAt).toBe(dhaka(day, '15:30').toISOString());
    expect(body.endsAt).toBe(dhaka(day, '16:30').toISOString());

    const after = (await bookingRow(id))!;
    expect(after.sequence).toBe((before.sequence as number) + 1);
    expect(after.reminder_sent_at).toBeNull();
    expect(new Date(after.updated_at as string).getTime()).toBeGreaterThan(new Date(before.updated_at as string).getTime());
    expect(after.price_minor).toBe(before.price_minor);

    // Her list shows the new time; the e-mail names the old and the new one.
    const mine = bookingListSchema.parse((await asUser(t.app, who).get('/api/bookings')).json());
    expect(mine.find((b) => b._id === id)?.startsAt).toBe(dhaka(day, '15:30').toISOString());
    await expect
      .poll(async () => query<{ subject: string; text: string }>(sql`select subject, text from outbox where "to" = ${who.email} and text like '%moved your%'`), {
        timeout: 15_000,
      })
      .toHaveLength(1);
    const [mail] = await query<{ subject: string; text: string }>(sql`select subject, text from outbox where "to" = ${who.email} and text like '%moved your%'`);
    expect(mail!.text).toMatch(/You moved your Classic Haircut & Blow-dry from .*11:00.* to .*15:30/);
  });

  it('frees the old time at once: another customer can hold it straight after', async () => {
    const day = freshDay();
    const who = await signUp(t.app);
    const id = await book(who, 'Spa Pedicure', day, '12:00');
    await holdPlace('Spa Pedicure', day, '12:00');
    await holdPlace('Spa Pedicure', day, '12:00');
    // 12:00 is full (3 at once): a fourth customer is refused...
    const fourth = await signUp(t.app);
    const item = await addItem(t.app, fourth, byTitle('Spa Pedicure')._id);
    const refused = await asUser(t.app, fourth).patch(`/api/cart/${item}`, { startsAt: dhaka(day, '12:00').toISOString() });
    expect(refused.statusCode).toBe(409);

    expect((await move(t.app, who, id, dhaka(day, '17:00'))).statusCode).toBe(200);
    // ...and holds it as soon as the move is answered.
    const held = await asUser(t.app, fourth).patch(`/api/cart/${item}`, { startsAt: dhaka(day, '12:00').toISOString() });
    expect(held.statusCode, held.body).toBe(200);
    expect(await peakOccupancy(day)).toBe(3);
  });

  it('counts the other visits at the new time but not itself: it may move into its own old hour', async () => {
    const day = freshDay();
    const who = await signUp(t.app);
    const id = await book(who, 'Spa Pedicure', day, '12:00');
    // Two others at 12:30: with her own 12:00 counted too, 12:30 would look full.
    await holdPlace('Spa Pedicure', day, '12:30');
    await holdPlace('Spa Pedicure', day, '12:30');
    const res = await move(t.app, who, id, dhaka(day, '12:30'));
    expect(res.statusCode, res.body).toBe(200);
    expect(bookingSchema.parse(res.json()).startsAt).toBe(dhaka(day, '12:30').toISOString());
    expect(await peakOccupancy(day)).toBe(3);
  });

  it("refuses a full time with 409 'That time is no longer available' and changes nothing", async () => {
    const day = freshDay();
    const who = await signUp(t.app);
    const id = await book(who, 'Spa Pedicure', day, '11:00');
    for (let i = 0; i < 3; i += 1) await holdPlace('Nourishing Hair Spa', day, '15:00');
    const before = await bookingRow(id);
    const res = await move(t.app, who, id, dhaka(day, '15:00'));
    expect(res.statusCode).toBe(409);
    expect(apiErrorSchema.parse(res.json()).message).toBe(HOLD_TAKEN_MESSAGE);
    expect(await bookingRow(id)).toEqual(before);
  });

  it('two customers moving onto the last place at once, through two app instances: one 200, one 409, never four present', async () => {
    const sibling = await createSiblingApp(t);
    try {
      for (let round = 0; round < 3; round += 1) {
        const day = freshDay();
        const first = await signUp(t.app);
        const second = await signUp(t.app);
        const a = await book(first, 'Spa Pedicure', day, '10:00');
        const b = await book(second, 'Spa Pedicure', day, '17:00');
        await holdPlace('Spa Pedicure', day, '14:00');
        await holdPlace('Spa Pedicure', day, '14:00');
        const target = dhaka(day, '14:00');
        const [resA, resB] = await Promise.all([move(t.app, first, a, target), move(sibling.app, second, b, target)]);
        expect([resA.statusCode, resB.statusCode].sort()).toEqual([200, 409]);
        const winner = resA.statusCode === 409 ? resB : resA;
        expect(bookingSchema.parse(winner.json()).startsAt).toBe(target.toISOString());
        const refused = resA.statusCode === 409 ? resA : resB;
        expect(apiErrorSchema.parse(refused.json()).message).toBe(HOLD_TAKEN_MESSAGE);
        const [{ at14 }] = (await query<{ at14: number }>(
          sql`select count(*)::int as at14 from bookings where status = 'confirmed' and starts_at = ${target.toISOString()}::timestamptz`,
        )) as [{ at14: number }];
        expect(at14).toBe(1);
        expect(await peakOccupancy(day)).toBe(3);
        // The loser kept her old time.
        const kept = (await bookingRow(resA.statusCode === 409 ? a : b))!;
        expect(new Date(kept.starts_at as string).toISOString()).toBe(dhaka(day, resA.statusCode === 409 ? '10:00' : '17:00').toISOString());
        expect(kept.sequence).toBe(0);
      }
    } finally {
      await sibling.close();
    }
  });

  it('twelve customers moving onto the last place at once, over two instances: exactly one gets it', async () => {
    const sibling = await createSiblingApp(t);
    try {
      const day = freshDay();
      const movers = await Promise.all(Array.from({ length: 12 }, () => signUp(t.app)));
      const ids: string[] = [];
      for (const [i, who] of movers.entries()) {
        ids.push(await book(who, 'Eyebrow & Upper-lip Threading', day, `${String(10 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`));
      }
      await holdPlace('Eyebrow & Upper-lip Threading', day, '16:00');
      await holdPlace('Eyebrow & Upper-lip Threading', day, '16:00');
      const target = dhaka(day, '16:00');
      const responses = await Promise.all(movers.map((who, i) => move(i % 2 === 0 ? t.app : sibling.app, who, ids[i]!, target)));
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, ...Array.from({ length: 11 }, () => 409)]);
      expect(await peakOccupancy(day)).toBe(3);
    } finally {
      await sibling.close();
    }
  });

  it('refuses inside the cancellation notice (409 saying the limit) and changes nothing; the salon may still move it', async () => {
    const day = freshDay();
    const who = await signUp(t.app);
    const id = await book(who, 'Spa Pedicure', day, '11:00');
    // Her appointment now starts in three hours.
    await t.database.db.execute(sql`update bookings set starts_at = now() + interval '3 hours', ends_at = now() + interval '4 hours' where id = ${id}`);
    const listed = bookingListSchema.parse((await asUser(t.app, who).get('/api/bookings')).json()).find((b) => b._id === id);
    expect(listed).toMatchObject({ canMove: false, canCancel: false });
    const before = await bookingRow(id);
    const res = await move(t.app, who, id, dhaka(day, '15:00'));
    expect(res.statusCode).toBe(409);
    expect(apiErrorSchema.parse(res.json()).message).toBe('Appointments can be moved up to 24 hours before they start.');
    expect(await bookingRow(id)).toEqual(before);

    const bySalon = await move(t.app, admin, id, dhaka(day, '15:00'));
    expect(bySalon.statusCode, bySalon.body).toBe(200);
    expect(bookingSchema.parse(bySalon.json())).toMatchObject({ startsAt: dhaka(day, '15:00').toISOString(), canMove: true });
    await expect
      .poll(async () => query<{ text: string }>(sql`select text from outbox where "to" = ${who.email} and text like '%moved your%'`), { timeout: 15_000 })
      .toEqual([{ text: expect.stringMatching(/has moved your Spa Pedicure/) }]);
  });

  it('keeps the booking rules: bad input, off the grid, outside hours, a closed day, too far ahead, too soon (400 with the field)', async () => {
    const day = freshDay();
    const who = await signUp(t.app);
    const id = await book(who, 'Spa Pedicure', day, '11:00');
    const before = await bookingRow(id);
    // The day after an open day that is not open is a Friday (the salon closes on Fridays only).
    const friday = (() => {
      for (let d = 3; ; d += 1) {
        const next = new Date(dhaka(openDay(d), '12:00').getTime() + 86_400_000);
        if (next.getUTCDay() === 5) return next;
      }
    })();
    const cases: [string, string, RegExp][] = [
      ['not a time', 'tomorrow at noon', /date and time/],
      ['off the grid', dhaka(day, '11:07').toISOString(), /Pick one of the offered start times/],
      ['ending after closing', dhaka(day, '19:30').toISOString(), /outside opening hours/],
      ['a Friday', friday.toISOString(), /closed that day/],
      ['past the horizon', dhaka(openDay(70), '12:00').toISOString(), /too far ahead/],
    ];
    for (const [name, startsAt, message] of cases) {
      const res = await move(t.app, who, id, startsAt);
      expect(res.statusCode, name).toBe(400);
      const error = apiErrorSchema.parse(res.json());
      expect(error.issues?.map((issue) => issue.path), name).toEqual(['startsAt']);
      expect(error.issues?.[0]?.message, name).toMatch(message);
    }
    // Within the minimum notice: with a week's notice, two days ahead is too soon for her to book
    // (the salon itself is not held to it).
    await putSettings({ minNoticeMinutes: 7 * 24 * 60 });
    const soon = dhaka(openDay(2), '12:00');
    try {
      const res = await move(t.app, who, id, soon);
      expect(res.statusCode).toBe(400);
      expect(apiErrorSchema.parse(res.json()).issues).toEqual([{ path: 'startsAt', message: 'That time is too soon. Please pick a later time.' }]);
      expect(await bookingRow(id)).toEqual(before);
      expect((await move(t.app, admin, id, soon)).statusCode).toBe(200);
    } finally {
      await putSettings({});
    }
    // The salon cannot move a visit into the past, though.
    const past = await move(t.app, admin, id, dhaka(pastOpenDay(), '12:00'));
    expect(past.statusCode).toBe(400);
    expect(apiErrorSchema.parse(past.json()).message).toBe('That time is too soon. Please pick a later time.');
    expect((await move(t.app, who, id, dhaka(day, '13:00'))).statusCode).toBe(200);
    // A refused request left no trace: each move raised the sequence once.
    expect((await bookingRow(id))!.sequence).toBe((before!.sequence as number) + 2);
  });

  it('refuses a time overlapping another of her appointments (409 naming it), changing nothing', async () => {
    const day = freshDay();
    const who = await signUp(t.app);
    await book(who, 'Classic Manicure', day, '11:00');
    const id = await book(who, 'Spa Pedicure', day, '15:00');
    const before = await bookingRow(id);
    const res = await move(t.app, who, id, dhaka(day, '11:30'));
    expect(res.statusCode).toBe(409);
    const error = apiErrorSchema.parse(res.json());
    expect(error.message).toMatch(/^That time overlaps your Classic Manicure \(.*11:00\)\. Pick another time\.$/);
    expect(error.issues).toEqual([{ path: 'startsAt', message: error.message }]);
    expect(await bookingRow(id)).toEqual(before);
  });

  it('in Bangla names her other appointment by the Bangla title the salon gave it, when it gave one', async () => {
    const day = freshDay();
    const who = await signUp(t.app);
    // The seed writes no Bangla titles; this one is put back when done.
    await t.database.db.execute(sql`update services set title_bn = 'ক্লাসিক ম্যানিকিউর' where title = 'Classic Manicure'`);
    try {
      await book(who, 'Classic Manicure', day, '11:00');
      const id = await book(who, 'Spa Pedicure', day, '15:00');
      const before = await bookingRow(id);
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/bookings/${id}`,
        headers: { origin: t.app.config.publicUrl, cookie: who.cookie, 'accept-language': 'bn' },
        payload: { startsAt: dhaka(day, '11:30').toISOString() },
      });
      expect(res.statusCode).toBe(409);
      const error = apiErrorSchema.parse(res.json());
      expect(error.message).toMatch(/^এই সময়ে আপনার ক্লাসিক ম্যানিকিউর \(.*১১:০০\) আছে। অন্য একটি সময় বেছে নিন।$/);
      expect(error.issues).toEqual([{ path: 'startsAt', message: error.message }]);
      expect(await bookingRow(id)).toEqual(before);
    } finally {
      await t.database.db.execute(sql`update services set title_bn = null where title = 'Classic Manicure'`);
    }
  });

  it('moving to the time it already has changes nothing and answers 200', async () => {
    const day = freshDay();
    const who = await signUp(t.app);
    const id = await book(who, 'Spa Pedicure', day, '11:00');
    const before = await bookingRow(id);
    const res = await move(t.app, who, id, dhaka(day, '11:00'));
    expect(res.statusCode).toBe(200);
    expect(await bookingRow(id)).toEqual(before);
  });

  it('who may move what: 401 signed out, 404 for another customer or an unknown id, 409 once cancelled or completed; nothing changes', async () => {
    const day = freshDay();
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const id = await book(owner, 'Spa Pedicure', day, '11:00');
    const target = dhaka(day, '13:00');
    const refused: [Account | undefined, number][] = [
      [undefined, 401],
      [other, 404],
    ];
    for (const [who, status] of refused) {
      const before = await bookingRow(id);
      const res = await move(t.app, who, id, target);
      expect(res.statusCode).toBe(status);
      expect(await bookingRow(id)).toEqual(before);
    }
    expect((await move(t.app, owner, '00000000-0000-4000-8000-000000000000', target)).statusCode).toBe(404);
    expect((await move(t.app, admin, '00000000-0000-4000-8000-000000000000', target)).statusCode).toBe(404);

    const cancelled = await asUser(t.app, owner).post(`/api/bookings/${id}/cancel`, {});
    expect(cancelled.statusCode).toBe(200);
    for (const who of [owner, admin]) {
      const before = await bookingRow(id);
      const res = await move(t.app, who, id, target);
      expect(res.statusCode).toBe(409);
      expect(apiErrorSchema.parse(res.json()).message).toBe('A cancelled booking cannot be moved.');
      expect(await bookingRow(id)).toEqual(before);
    }
    // In Bangla the status is named as her booking's badge names it.
    const inBangla = await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${id}`,
      headers: { origin: t.app.config.publicUrl, cookie: owner.cookie, 'accept-language': 'bn' },
      payload: { startsAt: target.toISOString() },
    });
    expect(inBangla.statusCode).toBe(409);
    expect(apiErrorSchema.parse(inBangla.json()).message).toBe('বুকিংটি এখন “বাতিল”, তাই এর সময় বদলানো যায় না।');

    const done = await book(owner, 'Classic Manicure', day, '16:00');
    await t.database.db.execute(sql`update bookings set status = 'completed' where id = ${done}`);
    const before = await bookingRow(done);
    const res = await move(t.app, admin, done, target);
    expect(res.statusCode).toBe(409);
    expect(await bookingRow(done)).toEqual(before);
  });
});

describe('cancelling raises the sequence', () => {
  it('so a calendar file sent afterwards replaces the event', async () => {
    const who = await signUp(t.app);
    const id = await book(who, 'Spa Pedicure', freshDay(), '11:00');
    expect((await bookingRow(id))!.sequence).toBe(0);
    expect((await asUser(t.app, who).post(`/api/bookings/${id}/cancel`, {})).statusCode).toBe(200);
    expect((await bookingRow(id))!.sequence).toBe(1);
    // Asking again changes nothing.
    expect((await asUser(t.app, who).post(`/api/bookings/${id}/cancel`, {})).statusCode).toBe(200);
    expect((await bookingRow(id))!.sequence).toBe(1);
  });
});

describe('availability for a move', () => {
  it("offers the booking's own time and the times overlapping it, in its own length, to its owner only", async () => {
    const day = freshDay();
    const who = await signUp(t.app);
    const id = await book(who, 'Spa Pedicure', day, '12:00');
    const serviceId = byTitle('Spa Pedicure')._id;
    const slots = async (as: Account | undefined, extra: string) =>
      (await asUser(t.app, as).get(`/api/availability?serviceId=${serviceId}&date=${day}${extra}`)).json<{ slots: { startsAt: string }[] }>().slots.map((s) => s.startsAt);
    const at = (time: string) => dhaka(day, time).toISOString();
    // Without naming the booking, her own 12:00 is in the way of 11:15..12:45.
    expect(await slots(who, '')).not.toContain(at('12:30'));
    expect(await slots(who, `&bookingId=${id}`)).toEqual(expect.arrayContaining([at('12:00'), at('12:30')]));
    const other = await signUp(t.app);
    expect((await asUser(t.app, other).get(`/api/availability?serviceId=${serviceId}&date=${day}&bookingId=${id}`)).statusCode).toBe(404);
    expect((await asUser(t.app, undefined).get(`/api/availability?serviceId=${serviceId}&date=${day}&bookingId=${id}`)).statusCode).toBe(404);
  });
});

describe('POST /api/bookings/:id/no-show', () => {
  async function pastVisit() {
    const who = await signUp(t.app);
    const id = await book(who, 'Classic Manicure', freshDay(), '11:00');
    await t.database.db.execute(sql`update bookings set starts_at = now() - interval '2 hours', ends_at = now() - interval '75 minutes' where id = ${id}`);
    return { who, id };
  }

  it('marks a confirmed visit whose time has passed; marking it again changes nothing; it lists as no-show', async () => {
    const { who, id } = await pastVisit();
    const res = await asUser(t.app, admin).post(`/api/bookings/${id}/no-show`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(bookingSchema.parse(res.json())).toMatchObject({ _id: id, status: 'no-show', canComplete: false, canCancel: false, canMove: false });
    const marked = await bookingRow(id);
    const again = await asUser(t.app, admin).post(`/api/bookings/${id}/no-show`, {});
    expect(again.statusCode).toBe(200);
    expect(bookingSchema.parse(again.json()).status).toBe('no-show');
    expect(await bookingRow(id)).toEqual(marked);

    const all = bookingListSchema.parse((await asUser(t.app, admin).get('/api/bookings?when=all')).json());
    expect(all.find((b) => b._id === id)?.status).toBe('no-show');
    const filtered = bookingListSchema.parse((await asUser(t.app, admin).get('/api/bookings?status=no-show')).json());
    expect(filtered.map((b) => b._id)).toContain(id);
    expect(filtered.every((b) => b.status === 'no-show')).toBe(true);
    const hers = bookingListSchema.parse((await asUser(t.app, who).get('/api/bookings')).json());
    expect(hers.find((b) => b._id === id)?.status).toBe('no-show');
  });

  it('refuses a visit still to come, a completed or cancelled one (409), customers (403), visitors (401); nothing changes', async () => {
    const who = await signUp(t.app);
    const day = freshDay();
    const future = await book(who, 'Classic Manicure', day, '11:00');
    const { id: past } = await pastVisit();
    const { id: completed } = await pastVisit();
    await t.database.db.execute(sql`update bookings set status = 'completed' where id = ${completed}`);
    const { id: cancelled } = await pastVisit();
    await t.database.db.execute(sql`update bookings set status = 'cancelled' where id = ${cancelled}`);

    const rows: [Account | undefined, string, number, RegExp | null][] = [
      [admin, future, 409, /once its time has come/],
      [admin, completed, 409, /A completed booking cannot be marked a no-show/],
      [admin, cancelled, 409, /A cancelled booking cannot be marked a no-show/],
      [who, future, 403, null],
      [who, past, 403, null],
      [undefined, past, 401, null],
      [admin, '00000000-0000-4000-8000-000000000000', 404, null],
    ];
    for (const [as, id, status, message] of rows) {
      const before = await bookingRow(id);
      const res = await asUser(t.app, as).post(`/api/bookings/${id}/no-show`, {});
      expect(res.statusCode, `${id} ${status}`).toBe(status);
      if (message) expect(apiErrorSchema.parse(res.json()).message).toMatch(message);
      expect(await bookingRow(id)).toEqual(before);
    }
  });

  it("counts on the admin home's summary for the period it was due in, and frees nothing it should not", async () => {
    const { id } = await pastVisit();
    const [{ day }] = (await query<{ day: string }>(
      sql`select to_char((starts_at at time zone 'Asia/Dhaka')::date, 'YYYY-MM-DD') as day from bookings where id = ${id}`,
    )) as [{ day: string }];
    const summary = async () => adminSummarySchema.parse((await asUser(t.app, admin).get(`/api/admin/summary?from=${day}&to=${day}`)).json());
    const before = await summary();
    expect((await asUser(t.app, admin).post(`/api/bookings/${id}/no-show`, {})).statusCode).toBe(200);
    const after = await summary();
    expect(after.noShows).toBe(before.noShows + 1);
    // A booked and paid visit still: the bookings count does not drop when it is marked.
    expect(after.bookings).toBe(before.bookings);
  });
});

describe('POST /api/bookings/:id/reopen: the salon takes back a completed or no-show mark', () => {
  async function pastVisit(title = 'Classic Manicure') {
    const who = await signUp(t.app);
    const id = await book(who, title, freshDay(), '11:00');
    await t.database.db.execute(sql`update bookings set starts_at = now() - interval '2 hours', ends_at = now() - interval '75 minutes' where id = ${id}`);
    return { who, id };
  }
  const reopen = (who: Account | undefined, id: string) => asUser(t.app, who).post(`/api/bookings/${id}/reopen`, {});

  it('puts a completed visit back to confirmed, to be marked again; the customer sees it confirmed', async () => {
    const { who, id } = await pastVisit();
    expect((await asUser(t.app, admin).post(`/api/bookings/${id}/complete`, {})).statusCode).toBe(200);
    const res = await reopen(admin, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(bookingSchema.parse(res.json())).toMatchObject({ _id: id, status: 'confirmed', canComplete: true });
    expect((await bookingRow(id))?.status).toBe('confirmed');
    const hers = bookingListSchema.parse((await asUser(t.app, who).get('/api/bookings?when=all')).json());
    expect(hers.find((b) => b._id === id)?.status).toBe('confirmed');
    // Undone by mistake: it can be marked again (a no-show this time).
    expect((await asUser(t.app, admin).post(`/api/bookings/${id}/no-show`, {})).statusCode).toBe(200);
    expect((await bookingRow(id))?.status).toBe('no-show');
  });

  it('asks her for a review once, however often the completion is undone and marked again', async () => {
    const { id } = await pastVisit();
    // Yesterday's visit: the others of this block share today's past hour, up to the chairs.
    await t.database.db.execute(sql`update bookings set starts_at = now() - interval '30 hours', ends_at = now() - interval '29 hours' where id = ${id}`);
    const reviewRequests = async () =>
      (await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from pgboss.job where name = 'mail' and data->>'kind' = 'review-request' and data->>'bookingId' = ${id}`))[0]!.n;
    for (let round = 0; round < 3; round += 1) {
      expect((await asUser(t.app, admin).post(`/api/bookings/${id}/complete`, {})).statusCode).toBe(200);
      expect((await reopen(admin, id)).statusCode).toBe(200);
    }
    expect((await asUser(t.app, admin).post(`/api/bookings/${id}/complete`, {})).statusCode).toBe(200);
    expect(await reviewRequests()).toBe(1);
  });

  it('completions and undos raced on one visit: one review request, and the stamp agrees with the state', async () => {
    const { id } = await pastVisit();
    await t.database.db.execute(sql`update bookings set starts_at = now() - interval '32 hours', ends_at = now() - interval '31 hours' where id = ${id}`);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? asUser(t.app, admin).post(`/api/bookings/${id}/complete`, {}) : reopen(admin, id))),
    );
    // Each answer is either done or a clear refusal (an undo that found nothing to undo).
    expect(answers.filter((res) => res.statusCode !== 200 && res.statusCode !== 409)).toEqual([]);
    const [row] = await rowsOf<{ status: string; review_requested_at: Date | null; n: number }>(
      t.database.db,
      sql`select status, review_requested_at,
            (select count(*)::int from pgboss.job where name = 'mail' and data->>'kind' = 'review-request' and data->>'bookingId' = ${id}) as n
          from bookings where id = ${id}`,
    );
    expect(['completed', 'confirmed']).toContain(row!.status);
    // Completed at least once (a complete came first or after an undo): asked exactly once, stamped.
    expect(row!.n).toBe(row!.review_requested_at === null ? 0 : 1);
    if (row!.status === 'completed') expect(row!.n).toBe(1);
  });

  it('puts a no-show back to confirmed while its place is free', async () => {
    const { id } = await pastVisit();
    expect((await asUser(t.app, admin).post(`/api/bookings/${id}/no-show`, {})).statusCode).toBe(200);
    const res = await reopen(admin, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(bookingSchema.parse(res.json()).status).toBe('confirmed');
  });

  it('leaves a no-show as it is when its place has been filled since (409, nothing changed)', async () => {
    const { id } = await pastVisit();
    expect((await asUser(t.app, admin).post(`/api/bookings/${id}/no-show`, {})).statusCode).toBe(200);
    // The salon's three chairs at that time are taken by three other visits (written as the
    // salon's own records: no customer can book a time that has begun).
    for (let i = 0; i < DEFAULT_SALON_SETTINGS.capacity; i += 1) {
      await t.database.db.execute(sql`
        insert into bookings (user_id, payment_id, cart_item_id, service_id, title, price_minor, online_minor, duration_minutes, image_url, starts_at, ends_at, status)
        select user_id, payment_id, gen_random_uuid(), service_id, title, price_minor, online_minor, duration_minutes, image_url, starts_at, ends_at, 'confirmed'
        from bookings where id = ${id}`);
    }
    const before = await bookingRow(id);
    const res = await reopen(admin, id);
    expect(res.statusCode, res.body).toBe(409);
    expect(apiErrorSchema.parse(res.json()).message).toMatch(/given to another visit/);
    expect(await bookingRow(id)).toEqual(before);
  });

  it('refuses after 24 hours, a confirmed, cancelled or unknown booking, customers and visitors; nothing changes', async () => {
    const { who, id: completed } = await pastVisit();
    expect((await asUser(t.app, admin).post(`/api/bookings/${completed}/complete`, {})).statusCode).toBe(200);
    const { id: old } = await pastVisit();
    await t.database.db.execute(sql`update bookings set status = 'completed', updated_at = now() - interval '24 hours 1 minute' where id = ${old}`);
    const { id: oldNoShow } = await pastVisit();
    await t.database.db.execute(sql`update bookings set status = 'no-show', updated_at = now() - interval '25 hours' where id = ${oldNoShow}`);
    const { id: confirmed } = await pastVisit();
    const { id: cancelled } = await pastVisit();
    await t.database.db.execute(sql`update bookings set status = 'cancelled' where id = ${cancelled}`);

    const rows: [Account | undefined, string, number, RegExp | null][] = [
      [admin, old, 409, /up to 24 hours after it was marked completed/],
      [admin, oldNoShow, 409, /up to 24 hours after it was marked a no-show/],
      [admin, confirmed, 409, /A confirmed booking cannot be reopened/],
      [admin, cancelled, 409, /A cancelled booking cannot be reopened/],
      [who, completed, 403, null],
      [undefined, completed, 401, null],
      [admin, '00000000-0000-4000-8000-000000000000', 404, null],
    ];
    for (const [as, id, status, message] of rows) {
      const before = await bookingRow(id);
      const res = await reopen(as, id);
      expect(res.statusCode, `${id} ${status}`).toBe(status);
      if (message) expect(apiErrorSchema.parse(res.json()).message).toMatch(message);
      expect(await bookingRow(id)).toEqual(before);
    }
    const bad = await reopen(admin, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).issues?.map((issue) => issue.path)).toEqual(['params.id']);
  });
});
