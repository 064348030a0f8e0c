/**
 * Booking with a stylist through the API, on a salon with a team: the times offered, the hold
 * with a named stylist or 'any', the buffer after a service, the booking paid for carrying its
 * stylist, time off against a live hold, and the races for a stylist's last time.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { rowsOf } from '../db/rows.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { addItem, asUser, dhaka, distinctOpenDays } from '../test/booking.js';
import { bookAndPay } from '../test/appointments.js';
import { availabilitySchema, cartItemSchema, cartListSchema, HOLD_TAKEN_MESSAGE } from '../../shared/cart.js';
import { bookingSchema } from '../../shared/payments.js';
import { DEFAULT_SALON_SETTINGS } from '../../shared/salon-settings.js';
import { z } from 'zod';

let t: TestApp;
let admin: Account;
let services: { _id: string; title: string; price: number; duration: number }[];
const nextDay = distinctOpenDays(4);

const ALL_WEEK = (spans: { start: string; end: string }[]) => ({ days: Array.from({ length: 7 }, () => spans) });

async function addStylist(name: string, serviceIds: { serviceId: string; duration?: number | null }[], hours = ALL_WEEK([{ start: '10:00', end: '20:00' }])) {
  const res = await asUser(t.app, admin).post('/api/staff', { name, bio: '', services: serviceIds.map((s) => ({ duration: null, ...s })) });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ insertedId: string }>().insertedId;
  const put = await asUser(t.app, admin).put(`/api/staff/${id}/hours`, hours);
  expect(put.statusCode, put.body).toBe(200);
  return id;
}

let rina: string;
let mim: string;
let shapla: string;
let colour: (typeof services)[number];
let cut: (typeof services)[number];
let nails: (typeof services)[number];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  services = (await t.app.inject({ url: '/api/service' })).json();
  [cut, colour, nails] = [services[0]!, services[1]!, services[2]!];
  // Rina cuts and colours, with a lunch break; Mim colours, slower; Shapla does nails only.
  rina = await addStylist('Rina Akter', [{ serviceId: cut._id }, { serviceId: colour._id }], ALL_WEEK([{ start: '10:00', end: '13:00' }, { start: '14:00', end: '20:00' }]));
  mim = await addStylist('Mim Chowdhury', [{ serviceId: colour._id, duration: colour.duration + 30 }]);
  shapla = await addStylist('Shapla Das', [{ serviceId: nails._id }]);
});
afterAll(async () => t.close());

const availability = async (who: Account | undefined, query: Record<string, string>) => {
  const res = await asUser(t.app, who).get(`/api/availability?${new URLSearchParams(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  return availabilitySchema.parse(res.json());
};
const hold = (who: Account, item: string, startsAt: Date | null, staffId?: string | null) =>
  asUser(t.app, who).patch(`/api/cart/${item}`, { startsAt: startsAt === null ? null : startsAt.toISOString(), ...(staffId === undefined ? {} : { staffId }) });
const cartOf = async (who: Account) => cartListSchema.parse((await asUser(t.app, who).get('/api/cart')).json());
const storedItem = async (id: string) =>
  (await rowsOf<{ starts_at: Date | null; ends_at: Date | null; staff_id: string | null; staff_free_at: Date | null; any_stylist: boolean }>(
    t.database.db,
    sql`select starts_at, ends_at, staff_id, staff_free_at, any_stylist from cart_items where id = ${id}`,
  ))[0]!;
const at = (iso: string) => new Date(iso).getTime();

describe('the times offered', () => {
  it('lists, for each start, the stylists free for the whole visit; with staffId only hers, outside her break', async () => {
    const day = nextDay();
    const all = await availability(undefined, { serviceId: colour._id, date: day });
    const tenAm = all.slots.find((s) => at(s.startsAt) === dhaka(day, '10:00').getTime());
    expect(tenAm?.staff).toEqual([rina, mim]);
    // Rina's lunch is 13:00-14:00: a colour starting 12:30 would run into it, so only Mim then.
    const colourMinutes = colour.duration;
    const intoLunch = new Date(dhaka(day, '13:00').getTime() - 30 * 60_000);
    expect(colourMinutes).toBeGreaterThan(30);
    expect(all.slots.find((s) => at(s.startsAt) === intoLunch.getTime())?.staff).toEqual([mim]);

    const hers = await availability(undefined, { serviceId: colour._id, date: day, staffId: rina });
    expect(hers.slots.length).toBeGreaterThan(0);
    expect(hers.slots.every((s) => s.staff.length === 1 && s.staff[0] === rina)).toBe(true);
    expect(hers.slots.some((s) => at(s.startsAt) === intoLunch.getTime())).toBe(false);
    // Nobody who does nails is asked about for a colour.
    const shaplas = await availability(undefined, { serviceId: colour._id, date: day, staffId: shapla });
    expect(shaplas.slots).toEqual([]);
  });

  it('leaves out the times of a stylist on leave', async () => {
    const day = nextDay();
    const off = await asUser(t.app, admin).post(`/api/staff/${mim}/time-off`, { startsAt: dhaka(day, '00:00').toISOString(), endsAt: dhaka(day, '23:45').toISOString(), note: 'Leave' });
    expect(off.statusCode, off.body).toBe(201);
    const all = await availability(undefined, { serviceId: colour._id, date: day });
    expect(all.slots.length).toBeGreaterThan(0);
    expect(all.slots.every((s) => !s.staff.includes(mim))).toBe(true);
    expect((await availability(undefined, { serviceId: colour._id, date: day, staffId: mim })).slots).toEqual([]);
  });
});

describe('holding a time with a stylist', () => {
  it('holds with the stylist she names; another customer asking for her then is refused and nothing of hers changes', async () => {
    const day = nextDay();
    const [amina, bela] = [await signUp(t.app), await signUp(t.app)];
    const first = await addItem(t.app, amina, colour._id);
    const res = await hold(amina, first, dhaka(day, '10:00'), rina);
    expect(res.statusCode, res.body).toBe(200);
    expect(cartItemSchema.parse(res.json())).toMatchObject({ staffId: rina, staffName: 'Rina Akter', anyStylist: false, startsAt: dhaka(day, '10:00').toISOString() });
    expect((await cartOf(amina))[0]).toMatchObject({ staffId: rina, staffName: 'Rina Akter', anyStylist: false });

    const second = await addItem(t.app, bela, cut._id);
    const refused = await hold(bela, second, dhaka(day, '10:30'), rina);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/stylist is with another client/);
    expect(await storedItem(second)).toEqual({ starts_at: null, ends_at: null, staff_id: null, staff_free_at: null, any_stylist: true });
    // She is not offered then either.
    const offered = await availability(bela, { serviceId: cut._id, date: day, staffId: rina });
    expect(offered.slots.some((s) => at(s.startsAt) === dhaka(day, '10:30').getTime())).toBe(false);
  });

  it("gives 'any stylist' the free one with the fewest booked minutes that day, at her own length, and keeps her when held again", async () => {
    const day = nextDay();
    const [amina, bela, cara, dina] = [await signUp(t.app), await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    // Mim has a colour in the morning (hers take 30 minutes longer than the catalogue says).
    const morning = await hold(amina, await addItem(t.app, amina, colour._id), dhaka(day, '10:00'), mim);
    expect(morning.statusCode, morning.body).toBe(200);
    const mims = cartItemSchema.parse(morning.json());
    expect(at(mims.endsAt!) - at(mims.startsAt!)).toBe((colour.duration + 30) * 60_000);
    // Hours away from it, 'any' at 15:00 goes to Rina, who has no visit that day (by name, Mim
    // would come first): the whole day counts, not only the hours around the visit.
    const item = await addItem(t.app, bela, colour._id);
    const res = await hold(bela, item, dhaka(day, '15:00'), null);
    expect(res.statusCode, res.body).toBe(200);
    const held = cartItemSchema.parse(res.json());
    expect(held).toMatchObject({ staffId: rina, staffName: 'Rina Akter', anyStylist: true });
    expect(at(held.endsAt!) - at(held.startsAt!)).toBe(colour.duration * 60_000);
    // Rina gets more clients that day than Mim has; held again (renewed, or moved within the day)
    // 'any' keeps Rina, whom she was told about, while Rina is free.
    expect((await hold(cara, await addItem(t.app, cara, colour._id), dhaka(day, '10:00'), rina)).statusCode).toBe(200);
    expect((await hold(dina, await addItem(t.app, dina, cut._id), dhaka(day, '18:00'), rina)).statusCode).toBe(200);
    const again = await hold(bela, item, dhaka(day, '15:15'), null);
    expect(again.statusCode, again.body).toBe(200);
    expect(cartItemSchema.parse(again.json())).toMatchObject({ staffId: rina, anyStylist: true });
    // Let go, the choice stays 'any' and the stylist goes with the time; held anew, Mim (fewer minutes now).
    const released = await hold(bela, item, null);
    expect(cartItemSchema.parse(released.json())).toMatchObject({ startsAt: null, staffId: null, anyStylist: true });
    const fresh = await hold(bela, item, dhaka(day, '15:15'), null);
    expect(cartItemSchema.parse(fresh.json())).toMatchObject({ staffId: mim, anyStylist: true });
  });

  it('refuses a stylist who does not do the service, or is unknown, on staffId, and records a valid choice with no time', async () => {
    const amina = await signUp(t.app);
    const item = await addItem(t.app, amina, colour._id);
    const day = nextDay();
    for (const staffId of [shapla, '00000000-0000-4000-8000-000000000000']) {
      const res = await hold(amina, item, dhaka(day, '11:00'), staffId);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ issues: { path: string }[] }>().issues.map((i) => i.path)).toEqual(['staffId']);
    }
    expect(await storedItem(item)).toMatchObject({ starts_at: null, staff_id: null, any_stylist: true });
    const chosen = await hold(amina, item, null, mim);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await cartOf(amina))[0]).toMatchObject({ startsAt: null, staffId: mim, staffName: 'Mim Chowdhury', anyStylist: false });
  });

  it('keeps the stylist through the buffer after a service, while the chair and the customer are free', async () => {
    const day = nextDay();
    await t.database.db.execute(sql`update services set buffer_minutes = 30 where id = ${cut._id}`);
    try {
      const [amina, bela] = [await signUp(t.app), await signUp(t.app)];
      const first = await addItem(t.app, amina, cut._id);
      const held = await hold(amina, first, dhaka(day, '15:00'), rina);
      expect(held.statusCode, held.body).toBe(200);
      const end = at(cartItemSchema.parse(held.json()).endsAt!);
      const freeAt = (await storedItem(first)).staff_free_at;
      expect(freeAt && new Date(freeAt).getTime()).toBe(end + 30 * 60_000);

      const offered = await availability(bela, { serviceId: cut._id, date: day, staffId: rina });
      expect(offered.slots.some((s) => at(s.startsAt) === end)).toBe(false);
      expect(offered.slots.some((s) => at(s.startsAt) === end + 30 * 60_000)).toBe(true);
      const second = await addItem(t.app, bela, colour._id);
      expect((await hold(bela, second, new Date(end), rina)).statusCode).toBe(409);
      // Her own next visit may start when the first ends, with Mim: the buffer is Rina's, not hers.
      const next = await addItem(t.app, amina, colour._id);
      const backToBack = await hold(amina, next, new Date(end), mim);
      expect(backToBack.statusCode, backToBack.body).toBe(200);
      // And then Mim is hers: Bela is refused her too, and Bela's item is as it was.
      expect((await hold(bela, second, new Date(end), mim)).statusCode).toBe(409);
      expect(await storedItem(second)).toMatchObject({ starts_at: null, staff_id: null });
    } finally {
      await t.database.db.execute(sql`update services set buffer_minutes = 0 where id = ${cut._id}`);
    }
  });
});

describe('back to back on a coarse grid', () => {
  it('offers and holds her second service right when her first ends off the hourly grid, with another stylist; nobody else gets that start', async () => {
    const before = (await asUser(t.app, admin).get('/api/settings')).json<Record<string, unknown>>();
    expect((await asUser(t.app, admin).put('/api/settings', { ...before, slotMinutes: 60 })).statusCode).toBe(200);
    await t.database.db.execute(sql`update services set duration_minutes = 45 where id = ${cut._id}`);
    try {
      const day = nextDay();
      const [amina, bela] = [await signUp(t.app), await signUp(t.app)];
      const first = await addItem(t.app, amina, cut._id);
      const held = await hold(amina, first, dhaka(day, '11:00'), rina);
      expect(held.statusCode, held.body).toBe(200);
      const end = dhaka(day, '11:45').getTime();
      expect(at(cartItemSchema.parse(held.json()).endsAt!)).toBe(end);

      const second = await addItem(t.app, amina, colour._id);
      const hers = await availability(amina, { serviceId: colour._id, date: day, cartItemId: second });
      // 11:45 is hers alone to be offered: with Mim (Rina's colour from 11:45 would run into her 13:00 lunch).
      expect(colour.duration).toBeGreaterThan(75);
      expect(hers.slots.find((s) => at(s.startsAt) === end)?.staff).toEqual([mim]);
      expect(hers.slots.filter((s) => new Date(s.startsAt).getUTCMinutes() !== 0).map((s) => at(s.startsAt))).toEqual([end]);
      const others = await availability(bela, { serviceId: colour._id, date: day });
      expect(others.slots.some((s) => at(s.startsAt) === end)).toBe(false);

      const belaItem = await addItem(t.app, bela, colour._id);
      expect((await hold(bela, belaItem, new Date(end), mim)).statusCode).toBe(400);
      expect(await storedItem(belaItem)).toMatchObject({ starts_at: null });

      const followOn = await hold(amina, second, new Date(end), mim);
      expect(followOn.statusCode, followOn.body).toBe(200);
      expect(await storedItem(second)).toMatchObject({ staff_id: mim });
      expect(at(String((await storedItem(second)).starts_at))).toBe(end);
      // Any other off-grid start is still refused, hers or not.
      expect((await hold(amina, second, new Date(end + 5 * 60_000), mim)).statusCode).toBe(400);
      expect((await hold(amina, second, new Date(end), mim)).statusCode).toBe(200);

      // Paid for, the two are booked back to back.
      const intent = await asUser(t.app, amina).post('/api/create-payment-intent', { price: cut.price + colour.price });
      expect(intent.statusCode, intent.body).toBe(200);
      const { clientSecret } = intent.json<{ clientSecret: string }>();
      const paid = await asUser(t.app, amina).post('/api/payments/test/confirm', { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' });
      expect(paid.json<{ status: string }>().status, paid.body).toBe('succeeded');
      const booked = z.array(bookingSchema).parse((await asUser(t.app, amina).get('/api/bookings')).json());
      expect(booked.map((b) => [b.title, at(b.startsAt), at(b.endsAt), b.staffName, b.status]).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
        [cut.title, dhaka(day, '11:00').getTime(), end, 'Rina Akter', 'confirmed'],
        [colour.title, end, end + (colour.duration + 30) * 60_000, 'Mim Chowdhury', 'confirmed'],
      ]);
    } finally {
      await t.database.db.execute(sql`update services set duration_minutes = ${cut.duration} where id = ${cut._id}`);
      expect((await asUser(t.app, admin).put('/api/settings', before)).statusCode).toBe(200);
    }
  });
});

describe('the booking paid for', () => {
  it('carries its stylist to the booking, the payment and the admin list', async () => {
    const day = nextDay();
    const amina = await signUp(t.app);
    const item = await addItem(t.app, amina, nails._id);
    expect((await hold(amina, item, null, shapla)).statusCode).toBe(200);
    // bookAndPay holds with no stylist named on a new item; name her on this one and pay.
    const visit = await (async () => {
      const res = await hold(amina, item, dhaka(day, '12:00'), shapla);
      expect(res.statusCode, res.body).toBe(200);
      const intent = await asUser(t.app, amina).post('/api/create-payment-intent', { price: nails.price });
      expect(intent.statusCode, intent.body).toBe(200);
      const { clientSecret } = intent.json<{ clientSecret: string }>();
      const paid = await asUser(t.app, amina).post('/api/payments/test/confirm', { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' });
      expect(paid.json<{ status: string }>().status).toBe('succeeded');
      return z.array(bookingSchema).parse((await asUser(t.app, amina).get('/api/bookings')).json())[0]!;
    })();
    expect(visit).toMatchObject({ status: 'confirmed', staffId: shapla, staffName: 'Shapla Das' });
    const payments = (await asUser(t.app, amina).get('/api/payments')).json<{ services: { staffName: string | null }[] }[]>();
    expect(payments[0]!.services.map((s) => s.staffName)).toEqual(['Shapla Das']);
    // The admin's list of every booking (it has no filter by customer: `?email=` was dropped unseen, and is now refused).
    const adminList = z.array(bookingSchema).parse((await asUser(t.app, admin).get('/api/bookings')).json());
    expect(adminList.find((b) => b._id === visit._id)?.staffName).toBe('Shapla Das');
    // Her time is taken: another customer cannot hold Shapla then.
    const bela = await signUp(t.app);
    const other = await addItem(t.app, bela, nails._id);
    expect((await hold(bela, other, dhaka(day, '12:00'), shapla)).statusCode).toBe(409);
  });

  it("tells the admin's day list when the stylist is free again after the buffer, and keeps that through a move", async () => {
    const day = nextDay();
    await t.database.db.execute(sql`update services set buffer_minutes = 30 where id = ${cut._id}`);
    try {
      const amina = await signUp(t.app);
      const visit = await bookWith(amina, cut, day, '11:00', rina);
      const dayList = async () => {
        const res = await asUser(t.app, admin).get(`/api/bookings?from=${day}&to=${day}`);
        expect(res.statusCode, res.body).toBe(200);
        return z.array(bookingSchema).parse(res.json()).find((b) => b._id === visit._id);
      };
      const listed = await dayList();
      expect(listed).toMatchObject({ staffId: rina, endsAt: dhaka(day, '12:00').toISOString(), staffFreeAt: dhaka(day, '12:30').toISOString() });

      const moved = await asUser(t.app, admin).patch(`/api/bookings/${visit._id}`, { startsAt: dhaka(day, '15:00').toISOString() });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(bookingSchema.parse(moved.json()).staffFreeAt).toBe(dhaka(day, '16:30').toISOString());
      expect((await dayList())?.staffFreeAt).toBe(dhaka(day, '16:30').toISOString());
    } finally {
      await t.database.db.execute(sql`update services set buffer_minutes = 0 where id = ${cut._id}`);
    }
  });

  it('books through the test helper with any stylist, who is assigned', async () => {
    const amina = await signUp(t.app);
    const visit = await bookAndPay(t.app, amina, nails, nextDay(), '16:00');
    const [row] = await rowsOf<{ staff_id: string | null }>(t.database.db, sql`select staff_id from bookings where id = ${visit.id}`);
    expect(row?.staff_id).toBe(shapla);
  });
});

/** A paid booking of `service` at `time` with the stylist named (through the API). */
async function bookWith(who: Account, service: (typeof services)[number], day: string, time: string, staffId: string | null) {
  const item = await addItem(t.app, who, service._id);
  const held = await hold(who, item, dhaka(day, time), staffId);
  expect(held.statusCode, held.body).toBe(200);
  const intent = await asUser(t.app, who).post('/api/create-payment-intent', { price: service.price });
  const { clientSecret } = intent.json<{ clientSecret: string }>();
  const paid = await asUser(t.app, who).post('/api/payments/test/confirm', { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' });
  expect(paid.json<{ status: string }>().status).toBe('succeeded');
  const list = z.array(bookingSchema).parse((await asUser(t.app, who).get('/api/bookings')).json());
  return list.find((b) => at(b.startsAt) === dhaka(day, time).getTime())!;
}

describe('moving a booking with a stylist', () => {
  it('keeps her stylist, refuses her busy or off times, and the salon may give it to another (at her length)', async () => {
    const day = nextDay();
    const [amina, bela] = [await signUp(t.app), await signUp(t.app)];
    // A colour takes Rina 150 minutes; her lunch is 13:00-14:00.
    const visit = await bookWith(amina, colour, day, '14:00', rina);
    await bookWith(bela, cut, day, '17:00', rina);
    const move = (who: Account, time: string, staffId?: string) =>
      asUser(t.app, who).patch(`/api/bookings/${visit._id}`, { startsAt: dhaka(day, time).toISOString(), ...(staffId ? { staffId } : {}) });

    const moved = await move(amina, '14:30');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(bookingSchema.parse(moved.json())).toMatchObject({ staffId: rina, staffName: 'Rina Akter', startsAt: dhaka(day, '14:30').toISOString() });
    const current = async () => z.array(bookingSchema).parse((await asUser(t.app, amina).get('/api/bookings')).json()).find((b) => b._id === visit._id);
    const before = await current();
    // Into Rina's other client, and across her lunch: refused, and nothing changes.
    const busy = await move(amina, '15:00');
    expect(busy.statusCode, busy.body).toBe(409);
    expect(busy.json<{ message: string }>().message).toMatch(/stylist is with another client/);
    const lunch = await move(amina, '11:00');
    expect(lunch.statusCode, lunch.body).toBe(400);
    expect(await current()).toEqual(before);

    // The salon gives it to Mim at 17:00 (Rina is busy then): Mim's own, longer, colour.
    const reassigned = await move(admin, '17:00', mim);
    expect(reassigned.statusCode, reassigned.body).toBe(200);
    const now = bookingSchema.parse(reassigned.json());
    expect(now).toMatchObject({ staffId: mim, staffName: 'Mim Chowdhury', duration: colour.duration + 30 });
    expect(at(now.endsAt) - at(now.startsAt)).toBe((colour.duration + 30) * 60_000);
    // Not to someone who does not do it.
    expect((await move(admin, '16:00', shapla)).statusCode).toBe(400);
  });
});

describe('time off against a customer paying', () => {
  it('is refused while a customer holds her then, and nothing is written', async () => {
    const day = nextDay();
    const amina = await signUp(t.app);
    const item = await addItem(t.app, amina, nails._id);
    expect((await hold(amina, item, dhaka(day, '11:00'), shapla)).statusCode).toBe(200);
    const res = await asUser(t.app, admin).post(`/api/staff/${shapla}/time-off`, { startsAt: dhaka(day, '10:00').toISOString(), endsAt: dhaka(day, '18:00').toISOString(), note: 'Dentist' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/booking her at that time right now/);
    const [count] = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from staff_time_off where staff_id = ${shapla} and note = 'Dentist'`);
    expect(count?.n).toBe(0);
  });
});

describe('races', () => {
  it("50 customers for one stylist's last time: exactly one wins; for 'any' with three free: exactly three, each with another stylist", async () => {
    const day = nextDay();
    // Three colourists, and chairs enough that the stylists are the limit.
    const extra = [await addStylist('Nodi Sarkar', [{ serviceId: cut._id }]), await addStylist('Tania Alam', [{ serviceId: cut._id }])];
    expect((await asUser(t.app, admin).put('/api/settings', { ...DEFAULT_SALON_SETTINGS, capacity: 10 })).statusCode).toBe(200);
    try {
      const customers = await Promise.all(Array.from({ length: 50 }, () => signUp(t.app)));
      const items = await Promise.all(customers.map((c) => addItem(t.app, c, cut._id)));
      const named = await Promise.all(customers.map((c, i) => hold(c, items[i]!, dhaka(day, '11:00'), rina)));
      expect(named.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(49).fill(409)]);
      for (const r of named.filter((r) => r.statusCode === 409)) expect(r.json<{ message: string }>().message).toMatch(/stylist is with another client/);

      // 17:00: Rina, Nodi and Tania are free (Rina's earlier hold is at 11:00).
      const losers = customers.filter((_, i) => named[i]!.statusCode === 409);
      const loserItems = items.filter((_, i) => named[i]!.statusCode === 409);
      const any = await Promise.all(losers.map((c, i) => hold(c, loserItems[i]!, dhaka(day, '17:00'), null)));
      const won = any.filter((r) => r.statusCode === 200).map((r) => cartItemSchema.parse(r.json()).staffId);
      expect(won).toHaveLength(3);
      expect(new Set(won)).toEqual(new Set([rina, ...extra]));
      for (const r of any.filter((r) => r.statusCode !== 200)) {
        expect(r.statusCode).toBe(409);
        expect(r.json<{ message: string }>().message).toMatch(new RegExp(`${HOLD_TAKEN_MESSAGE}|stylist is with another client`));
      }
      const [held] = await rowsOf<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from cart_items where starts_at = ${dhaka(day, '17:00').toISOString()}::timestamptz and hold_expires_at > now()`,
      );
      expect(held?.n).toBe(3);
    } finally {
      await asUser(t.app, admin).put('/api/settings', DEFAULT_SALON_SETTINGS);
      for (const id of extra) await asUser(t.app, admin).delete(`/api/staff/${id}`);
    }
  });
});
