import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.js';
import { createSiblingApp, createTestApp, type TestApp } from '../test/test-app.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { CARDS, addItem, asUser, dhaka, distinctOpenDays, futureExpiry, openDay, readyToPay } from '../test/booking.js';
import { DEFAULT_SALON_SETTINGS, type SalonSettings } from '../../shared/salon-settings.js';
import { myWishesSchema } from '../../shared/waitlist.js';
import { serviceListSchema } from '../../shared/service.js';
import type { App } from '../types.js';
import { bookAndPay } from '../test/appointments.js';

/**
 * Offers of freed places under concurrency: two app instances on one database sweep the same day
 * at once, again and again. Each freed place goes to exactly one customer at a time, in the
 * queue's order; an unanswered offer passes to the next; a taken one closes the wish.
 *
 * The salon: two chairs, 10:00-13:00 every day on an hourly grid, so a day has six places for a
 * one-hour haircut (10, 11 and 12 o'clock, two each).
 */
const SETTINGS: SalonSettings = {
  ...DEFAULT_SALON_SETTINGS,
  capacity: 2,
  openingHours: Array.from({ length: 7 }, () => ({ open: '10:00', close: '13:00' })),
  slotMinutes: 60,
  minNoticeMinutes: 0,
  waitlistOfferMinutes: 15,
};
const STARTS = ['10:00', '11:00', '12:00'];

describe('waitlist offers with two instances', () => {
  let t: TestApp;
  let sibling: { app: App; close: () => Promise<void> };
  let haircut: { _id: string; price: number };
  const day = openDay(5);
  const fillers: { who: Account; item: string; time: string }[] = [];
  const waiting: Account[] = [];

  type OfferRow = { wish: string; user_id: string; status: string; item: string | null; starts_at: Date | null; live: boolean };
  /** Every wish in queue order with its offered item, and whether that item still holds its time. */
  const wishes = () =>
    rowsOf<OfferRow>(
      t.app.db,
      sql`select w.id as wish, w.user_id, w.status, w.offer_item_id as item, w.offer_starts_at as starts_at,
          exists (select 1 from cart_items c where c.id = w.offer_item_id and c.hold_expires_at > now()) as live
        from waitlist_wishes w where w.date = ${day} order by w.created_at, w.id`,
    );
  /** Live holds at each start: a place is never held twice beyond the salon's two chairs. */
  const heldAt = async () => {
    const rows = await rowsOf<{ starts_at: Date; n: string }>(
      t.app.db,
      sql`select starts_at, count(*) as n from cart_items where hold_expires_at > now() group by starts_at`,
    );
    return new Map(rows.map((r) => [new Date(r.starts_at).getTime(), Number(r.n)]));
  };
  /** Her items holding a time (an offer is one item; two would be two places for one wish). */
  const liveItemsOf = async (userId: string) =>
    Number((await rowsOf<{ n: string }>(t.app.db, sql`select count(*) as n from cart_items where user_id = ${userId} and hold_expires_at > now()`))[0]!.n);
  /** Both instances sweep the day three times each, all at once. */
  const sweepTogether = () => Promise.all([0, 1, 2].flatMap(() => [t.app.waitlist.sweepDay(day), sibling.app.waitlist.sweepDay(day)]));

  beforeAll(async () => {
    t = await createTestApp();
    // The periodic sweep stays out of the way: this test sweeps when it means to.
    sibling = await createSiblingApp(t);
    const admin = await signUpAdmin(t.app);
    expect((await asUser(t.app, admin).put('/api/settings', SETTINGS)).statusCode).toBe(200);
    const catalogue = serviceListSchema.parse((await t.app.inject({ url: '/api/service' })).json());
    haircut = catalogue.find((s) => s.price === 1200 && s.duration === 60)!;
    // The day is full: six customers hold its six places.
    for (const time of STARTS) {
      for (let chair = 0; chair < 2; chair++) {
        const who = await signUp(t.app);
        const [item] = await readyToPay(t.app, who, [{ serviceId: haircut._id, time }], day);
        fillers.push({ who, item: item!, time });
      }
    }
    // Ten customers join the waitlist one after another: the queue's order.
    for (let i = 0; i < 10; i++) {
      const who = await signUp(t.app);
      const res = await asUser(t.app, who).post('/api/waitlist', { serviceId: haircut._id, date: day });
      expect(res.statusCode).toBe(201);
      waiting.push(who);
    }
  }, 120_000);
  afterAll(async () => {
    await sibling?.close();
    await t?.close();
  });

  it('offers nothing while the day is full', async () => {
    await sweepTogether();
    expect((await wishes()).every((w) => w.status === 'waiting')).toBe(true);
  });

  it('offers each freed place to exactly one customer, the first in line first', async () => {
    // Four places free at once (two at 10:00, one at 11:00, one at 12:00): the holders let them go.
    const freed = [fillers[0]!, fillers[1]!, fillers[2]!, fillers[4]!];
    await Promise.all(freed.map((f) => asUser(t.app, f.who).patch(`/api/cart/${f.item}`, { startsAt: null })));
    await sweepTogether();

    const rows = await wishes();
    const ids = waiting.map((w) => w.id);
    expect(rows.map((r) => r.user_id)).toEqual(ids);
    expect(rows.map((r) => r.status)).toEqual([...Array(4).fill('offered'), ...Array(6).fill('waiting')]);
    expect(rows.slice(0, 4).every((r) => r.live)).toBe(true);
    // Exactly the freed places, each once: two chairs at every start, never three.
    const offeredAt = rows.slice(0, 4).map((r) => new Date(r.starts_at!).toISOString()).sort();
    expect(offeredAt).toEqual([dhaka(day, '10:00'), dhaka(day, '10:00'), dhaka(day, '11:00'), dhaka(day, '12:00')].map((d) => d.toISOString()).sort());
    const held = await heldAt();
    for (const time of STARTS) expect(held.get(dhaka(day, time).getTime())).toBe(2);
    // One offer per customer at a time.
    for (const who of waiting) expect(await liveItemsOf(who.id)).toBe((await wishes()).find((r) => r.user_id === who.id)!.status === 'offered' ? 1 : 0);

    // She sees it: offered, with the time and until when.
    const [hers] = myWishesSchema.parse((await asUser(t.app, waiting[0]!).get('/api/waitlist/mine')).json()).wishes;
    expect(hers).toMatchObject({ status: 'offered', place: 1 });
    expect(new Date(hers!.offerExpiresAt!).getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
  });

  it('passes an unanswered offer to the next in line', async () => {
    const before = await wishes();
    // The first two offers' holds run out (their 15 minutes, brought forward).
    const lapsing = before.slice(0, 2);
    await t.app.db.execute(sql`update cart_items set hold_expires_at = now() - interval '1 second' where id in (${lapsing[0]!.item}, ${lapsing[1]!.item})`);
    await sweepTogether();

    const rows = await wishes();
    expect(rows.map((r) => r.status)).toEqual(['lapsed', 'lapsed', 'offered', 'offered', 'offered', 'offered', 'waiting', 'waiting', 'waiting', 'waiting']);
    // The two places went to the fifth and sixth, at the times the first two had.
    expect([rows[4]!.starts_at, rows[5]!.starts_at].map((d) => new Date(d!).getTime()).sort()).toEqual(
      [lapsing[0]!.starts_at, lapsing[1]!.starts_at].map((d) => new Date(d!).getTime()).sort(),
    );
    const held = await heldAt();
    for (const time of STARTS) expect(held.get(dhaka(day, time).getTime())).toBe(2);
    expect(await liveItemsOf(waiting[0]!.id)).toBe(0);
  });

  it('closes the wish of an offer she takes, and offers its place to nobody else', async () => {
    const taker = waiting[2]!;
    const intent = await asUser(t.app, taker).post('/api/create-payment-intent', { price: haircut.price });
    expect(intent.statusCode).toBe(200);
    const { clientSecret } = intent.json<{ clientSecret: string }>();
    const paid = await asUser(t.app, taker).post('/api/payments/test/confirm', { clientSecret, cardNumber: CARDS.success, expiry: futureExpiry(), cvc: '123' });
    expect(paid.json<{ status: string }>().status).toBe('succeeded');
    await sweepTogether();

    const rows = await wishes();
    expect(rows[2]!.status).toBe('booked');
    expect(rows.slice(6).every((r) => r.status === 'waiting')).toBe(true);
    const [hers] = myWishesSchema.parse((await asUser(t.app, taker).get('/api/waitlist/mine')).json()).wishes;
    expect(hers).toMatchObject({ status: 'booked', place: null });
  });

  it('e-mails each offer once, with a link to her booking list', async () => {
    // The mail jobs run in the background; wait for the six offers' e-mails.
    const offered = (await wishes()).filter((r) => r.status !== 'waiting');
    const emails = waiting.filter((w) => offered.some((r) => r.user_id === w.id)).map((w) => w.email);
    let sent: { to: string; text: string }[] = [];
    for (let i = 0; i < 100; i++) {
      sent = await rowsOf<{ to: string; text: string }>(t.app.db, sql`select "to", text from outbox where subject like 'A time for your%'`);
      if (sent.length >= emails.length) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(sent.map((m) => m.to).sort()).toEqual([...emails].sort());
    expect(sent[0]!.text).toContain('/dashboard/bookinglist');
  });
});

/**
 * The places freed by the app itself: a cancellation queues the day's sweep in its own transaction,
 * and the queue's worker offers the place with no sweep called by hand; the salon's offer by hand.
 * One chair, open 10:00-11:00: a day has one place for a one-hour haircut.
 */
describe('offers made by the app when a place frees, and by the salon', () => {
  let t: TestApp;
  let admin: Account;
  let haircut: { _id: string; price: number };
  // Each test its own days, each later than the last: openDay(11) and openDay(12) are the same
  // Saturday when the Friday between is closed (the move to 'another day' met a full one).
  const nextDay = distinctOpenDays(6);
  const statusOf = async (wishId: string) => (await rowsOf<{ status: string; offer_starts_at: Date | null }>(t.app.db, sql`select status, offer_starts_at from waitlist_wishes where id = ${wishId}`))[0]!;
  const join = async (who: Account, body: object) => {
    const res = await asUser(t.app, who).post('/api/waitlist', { serviceId: haircut._id, ...body });
    expect(res.statusCode).toBe(201);
    return res.json<{ insertedId: string }>().insertedId;
  };

  beforeAll(async () => {
    t = await createTestApp({ jobs: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 } });
    admin = await signUpAdmin(t.app);
    const one = { ...SETTINGS, capacity: 1, openingHours: Array.from({ length: 7 }, () => ({ open: '10:00', close: '11:00' })) };
    expect((await asUser(t.app, admin).put('/api/settings', one)).statusCode).toBe(200);
    const catalogue = serviceListSchema.parse((await t.app.inject({ url: '/api/service' })).json());
    haircut = catalogue.find((s) => s.price === 1200 && s.duration === 60)!;
  });
  afterAll(async () => t?.close());

  it('offers a cancelled visit to the first in line, by the queue alone', async () => {
    const day = nextDay();
    const booked = await bookAndPay(t.app, await signUp(t.app), haircut, day, '10:00');
    const waiting = await signUp(t.app);
    // She joins from the picker of the item on her list: the offer gives that item the time.
    const itemId = await addItem(t.app, waiting, haircut._id);
    const wishId = await join(waiting, { date: day });
    // The day is full: the sweep its joining queued offers nothing.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await statusOf(wishId)).status).toBe('waiting');

    expect((await asUser(t.app, admin).post(`/api/bookings/${booked.id}/cancel`, {})).statusCode).toBe(200);
    let wish = await statusOf(wishId);
    for (let i = 0; i < 100 && wish.status !== 'offered'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      wish = await statusOf(wishId);
    }
    expect(wish.status).toBe('offered');
    expect(new Date(wish.offer_starts_at!).getTime()).toBe(dhaka(day, '10:00').getTime());
    const list = (await asUser(t.app, waiting).get('/api/cart')).json<{ _id: string; startsAt: string | null; holdExpiresAt: string | null }[]>();
    expect(list.map((item) => item._id)).toEqual([itemId]);
    expect(list[0]!.startsAt).toBe(dhaka(day, '10:00').toISOString());
  });

  /** Waits (a few seconds at most) for the queue to offer the wish a time. */
  const offered = async (wishId: string) => {
    let wish = await statusOf(wishId);
    for (let i = 0; i < 100 && wish.status !== 'offered'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      wish = await statusOf(wishId);
    }
    return wish;
  };

  it('offers the place a move leaves, and the places longer opening hours make', async () => {
    const day = nextDay();
    const later = nextDay();
    const elsewhere = nextDay();
    const booked = await bookAndPay(t.app, await signUp(t.app), haircut, day, '10:00');
    await bookAndPay(t.app, await signUp(t.app), haircut, later, '10:00');
    const first = await join(await signUp(t.app), { date: day });
    const second = await join(await signUp(t.app), { date: later });

    const one = { ...SETTINGS, capacity: 1, openingHours: Array.from({ length: 7 }, () => ({ open: '10:00', close: '12:00' })) };
    expect((await asUser(t.app, admin).put('/api/settings', one)).statusCode).toBe(200);
    // Longer hours: 11:00 is free on both days; the sweep of every open day offers it.
    expect(new Date((await offered(first)).offer_starts_at!).getTime()).toBe(dhaka(day, '11:00').getTime());
    expect(new Date((await offered(second)).offer_starts_at!).getTime()).toBe(dhaka(later, '11:00').getTime());

    // A third customer waits for the first day, now full again; a move frees its 10:00.
    const third = await join(await signUp(t.app), { date: day });
    expect((await statusOf(third)).status).toBe('waiting');
    expect((await asUser(t.app, admin).patch(`/api/bookings/${booked.id}`, { startsAt: dhaka(elsewhere, '10:00').toISOString() })).statusCode).toBe(200);
    expect(new Date((await offered(third)).offer_starts_at!).getTime()).toBe(dhaka(day, '10:00').getTime());
  });

  it('lets the salon offer a waiting customer a time by hand, once', async () => {
    const day = nextDay();
    const who = await signUp(t.app);
    // Before opening: the sweep never finds her a time; the salon may still offer one.
    const wishId = await join(who, { date: day, from: '08:00', to: '09:00' });
    const offer = (startsAt: Date) => asUser(t.app, admin).post(`/api/admin/waitlist/${wishId}/offer`, { startsAt: startsAt.toISOString() });

    // A time the hold refuses (after closing) changes nothing.
    expect((await offer(dhaka(day, '12:00'))).statusCode).toBe(400);
    expect((await statusOf(wishId)).status).toBe('waiting');
    expect((await asUser(t.app, who).get('/api/cart')).json()).toEqual([]);
    // Another day than hers.
    expect((await offer(dhaka(nextDay(), '10:00'))).statusCode).toBe(400);

    expect((await offer(dhaka(day, '10:00'))).statusCode).toBe(200);
    expect(await statusOf(wishId)).toMatchObject({ status: 'offered' });
    expect((await offer(dhaka(day, '10:00'))).statusCode).toBe(409);
    expect((await asUser(t.app, who).get('/api/cart')).json<unknown[]>()).toHaveLength(1);
  });
});

/**
 * A place that frees while a sweep is under way (another release committing, a hold lapsing by
 * the clock) goes to the first in line, never to a later one who happened to read after it freed.
 * One chair, open 10:00-12:00: a day has two places. The first in line can start only at 10:00
 * (she must be done by 11:00); the second takes any time.
 *
 * The moment is made exact by running the freeing just before the sweep reads the second wish's
 * starts: `fittingStarts` is the sweep's only read of free places (a private method, named here on
 * purpose; renaming it fails this test loudly rather than silently testing nothing).
 */
describe('a place freed while a sweep is under way', () => {
  let t: TestApp;
  let haircut: { _id: string; price: number };
  const nextDay = distinctOpenDays(4);
  type Reads = { fittingStarts: (db: unknown, wish: { id: string }, ...rest: unknown[]) => Promise<Date[]> };

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await signUpAdmin(t.app);
    const two = { ...SETTINGS, capacity: 1, openingHours: Array.from({ length: 7 }, () => ({ open: '10:00', close: '12:00' })) };
    expect((await asUser(t.app, admin).put('/api/settings', two)).statusCode).toBe(200);
    const catalogue = serviceListSchema.parse((await t.app.inject({ url: '/api/service' })).json());
    haircut = catalogue.find((s) => s.price === 1200 && s.duration === 60)!;
  });
  afterAll(async () => t?.close());

  /** A full day (two customers hold 10:00 and 11:00) and its two waiting wishes, in line. */
  const fullDayWithTwoWaiting = async () => {
    const day = nextDay();
    const holds: Record<string, string> = {};
    for (const time of ['10:00', '11:00']) holds[time] = (await readyToPay(t.app, await signUp(t.app), [{ serviceId: haircut._id, time }], day))[0]!;
    const join = async (body: object) => {
      const res = await asUser(t.app, await signUp(t.app)).post('/api/waitlist', { serviceId: haircut._id, date: day, ...body });
      expect(res.statusCode).toBe(201);
      return res.json<{ insertedId: string }>().insertedId;
    };
    const first = await join({ from: '10:00', to: '11:00' });
    const second = await join({});
    return { day, holds, first, second };
  };
  /** The hold on `item` runs out now, as one left unanswered does (no sweep is queued by it). */
  const lapse = (item: string) => t.app.db.execute(sql`update cart_items set hold_expires_at = now() - interval '1 second' where id = ${item}`);
  /** Runs `free` once, just before a sweep reads the starts of `wishId` (`live`: only its read outside the sweep's snapshot). */
  const beforeReadOf = (wishId: string, free: () => Promise<unknown>, which: 'first' | 'live') => {
    const reads = t.app.waitlist as unknown as Reads;
    const original = reads.fittingStarts;
    const state = { fired: false, restore: () => void (reads.fittingStarts = original) };
    reads.fittingStarts = async function (this: unknown, db, wish, ...rest) {
      if (!state.fired && wish.id === wishId && (which === 'first' || db === t.app.db)) {
        state.fired = true;
        await free();
      }
      return original.call(this, db, wish, ...rest);
    };
    return state;
  };
  /** Sweeps `day` twice with `free` run once just before a read of `wishId`'s starts (beforeReadOf), and checks it ran. */
  const sweepTwiceFreeing = async (day: string, wishId: string, free: () => Promise<unknown>, which: 'first' | 'live') => {
    const hook = beforeReadOf(wishId, free, which);
    try {
      await t.app.waitlist.sweepDay(day);
      await t.app.waitlist.sweepDay(day);
    } finally {
      hook.restore();
    }
    expect(hook.fired).toBe(true);
  };
  const offerOf = async (wishId: string) =>
    (await rowsOf<{ status: string; offer_starts_at: Date | null }>(t.app.db, sql`select status, offer_starts_at from waitlist_wishes where id = ${wishId}`))[0]!;

  it('offers a place freed while the sweep reads its wishes to the first in line, in the next sweep', async () => {
    const { day, holds, first, second } = await fullDayWithTwoWaiting();
    await sweepTwiceFreeing(day, second, () => lapse(holds['10:00']!), 'first');
    expect(await offerOf(second)).toMatchObject({ status: 'waiting' });
    const hers = await offerOf(first);
    expect(hers.status).toBe('offered');
    expect(new Date(hers.offer_starts_at!).getTime()).toBe(dhaka(day, '10:00').getTime());
  });

  it('offers a place freed while the sweep makes its offers to the first in line, not to the one being offered', async () => {
    const { day, holds, first, second } = await fullDayWithTwoWaiting();
    // 11:00 is free when the sweep starts (only the second fits it); 10:00 frees as the sweep
    // is about to offer the second hers.
    await lapse(holds['11:00']!);
    await sweepTwiceFreeing(day, second, () => lapse(holds['10:00']!), 'live');
    const [hers, next] = [await offerOf(first), await offerOf(second)];
    expect([hers.status, next.status]).toEqual(['offered', 'offered']);
    expect(new Date(hers.offer_starts_at!).getTime()).toBe(dhaka(day, '10:00').getTime());
    expect(new Date(next.offer_starts_at!).getTime()).toBe(dhaka(day, '11:00').getTime());
  });
});
