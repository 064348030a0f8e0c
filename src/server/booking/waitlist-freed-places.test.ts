import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { rowsOf } from '../db/rows.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { asUser, dhaka, distinctOpenDays, readyToPay } from '../test/booking.js';
import { bookAndPay } from '../test/appointments.js';
import { addStylist } from '../test/stylists.js';
import { DEFAULT_SALON_SETTINGS, type SalonSettings } from '../../shared/salon-settings.js';
import { serviceListSchema } from '../../shared/service.js';

/**
 * Places freed by something other than a cancellation or a move: a deleted account's holds and
 * visits, a stylist back on the team, her longer hours, the salon's longer opening hours. Each
 * queues the day's waitlist sweep before it answers (the waitlist's minute tick would find the
 * place too, a minute later), and the first in line is offered the place.
 *
 * The salon: one chair, 10:00-11:00 every day on an hourly grid, so a day has one place for a
 * one-hour haircut; each wish asks for 10:00-11:00 or 11:00-12:00, so only one start fits it.
 */
const SETTINGS: SalonSettings = {
  ...DEFAULT_SALON_SETTINGS,
  capacity: 1,
  openingHours: Array.from({ length: 7 }, () => ({ open: '10:00', close: '11:00' })),
  slotMinutes: 60,
  minNoticeMinutes: 0,
  waitlistOfferMinutes: 15,
};

describe('places freed outside a cancellation reach the waitlist at once', () => {
  let t: TestApp;
  let admin: Account;
  let haircut: { _id: string; price: number };
  const nextDay = distinctOpenDays(3);

  type WishRow = { status: string; offer_starts_at: Date | null };
  const wishOf = async (who: Account, day: string) =>
    (await rowsOf<WishRow>(t.app.db, sql`select status, offer_starts_at from waitlist_wishes where user_id = ${who.id} and date = ${day}`))[0];
  /** Sweeps of `day` queued or running: none, before an action whose own sweep is looked for. */
  const pendingSweeps = async (day: string) =>
    Number(
      (
        await rowsOf<{ n: string }>(
          t.app.db,
          sql`select count(*) as n from pgboss.job where name = 'waitlist-sweep' and singleton_key = ${day} and state in ('created', 'retry', 'active')`,
        )
      )[0]!.n,
    );
  const dbNow = async () => (await rowsOf<{ now: Date }>(t.app.db, sql`select clock_timestamp() as now`))[0]!.now;

  /** She waits for the haircut on `day` from `from`, one hour; nothing fits yet. */
  async function waitFor(day: string, from: '10:00' | '11:00'): Promise<Account> {
    const who = await signUp(t.app);
    const to = from === '10:00' ? '11:00' : '12:00';
    expect((await asUser(t.app, who).post('/api/waitlist', { serviceId: haircut._id, date: day, from, to })).statusCode).toBe(201);
    await expect.poll(() => pendingSweeps(day), { timeout: 10_000 }).toBe(0);
    expect((await wishOf(who, day))!.status).toBe('waiting');
    return who;
  }

  /**
   * Runs `action` and checks that a sweep of `day` was queued between its start and its answer,
   * then that `who` is offered `time` on that day.
   */
  async function freesFor(day: string, who: Account, time: string, action: () => Promise<LightMyRequestResponse>) {
    await expect.poll(() => pendingSweeps(day), { timeout: 10_000 }).toBe(0);
    const before = await dbNow();
    const res = await action();
    expect(res.statusCode, res.body).toBeLessThan(300);
    const after = await dbNow();
    const queued = await rowsOf<{ id: string }>(
      t.app.db,
      sql`select id from pgboss.job where name = 'waitlist-sweep' and singleton_key = ${day} and created_on between ${before} and ${after}`,
    );
    expect(queued, 'a sweep of the day queued before the answer').toHaveLength(1);
    await expect.poll(async () => (await wishOf(who, day))!.status, { timeout: 10_000 }).toBe('offered');
    expect(new Date((await wishOf(who, day))!.offer_starts_at!).toISOString()).toBe(dhaka(day, time).toISOString());
  }

  /** She lets the offered time go (a stylist's hours may then shrink past it). */
  async function dropOffer(who: Account, day: string) {
    const [row] = await rowsOf<{ item: string }>(t.app.db, sql`select offer_item_id as item from waitlist_wishes where user_id = ${who.id} and date = ${day}`);
    expect((await asUser(t.app, who).delete(`/api/cart/${row!.item}`)).statusCode).toBe(200);
  }

  const deleteAccountOf = (who: Account) =>
    t.app.inject({ method: 'DELETE', url: '/api/me', headers: { origin: t.config.publicUrl, cookie: who.cookie }, payload: { password: who.password } });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpAdmin(t.app);
    expect((await asUser(t.app, admin).put('/api/settings', SETTINGS)).statusCode).toBe(200);
    const catalogue = serviceListSchema.parse((await t.app.inject({ url: '/api/service' })).json());
    haircut = catalogue.find((s) => s.price === 1200 && s.duration === 60)!;
  }, 60_000);
  afterAll(async () => t?.close());

  it('a deleted account: the time her booking list held', async () => {
    const day = nextDay();
    const holder = await signUp(t.app);
    await readyToPay(t.app, holder, [{ serviceId: haircut._id, time: '10:00' }], day);
    const waiting = await waitFor(day, '10:00');
    await freesFor(day, waiting, '10:00', () => deleteAccountOf(holder));
  });

  it('a deleted account: a visit inside the cancellation notice, cancelled without a refund', async () => {
    const day = nextDay();
    // A notice longer than the days ahead: her visit cannot be cancelled with a refund any more.
    expect((await asUser(t.app, admin).put('/api/settings', { ...SETTINGS, cancelNoticeHours: 720 })).statusCode).toBe(200);
    const booked = await signUp(t.app);
    await bookAndPay(t.app, booked, haircut, day, '10:00');
    const waiting = await waitFor(day, '10:00');
    await freesFor(day, waiting, '10:00', () => deleteAccountOf(booked));
    const [visit] = await rowsOf<{ status: string }>(t.app.db, sql`select status from bookings where user_id = ${booked.id}`);
    expect(visit!.status).toBe('cancelled');
    expect((await asUser(t.app, admin).put('/api/settings', SETTINGS)).statusCode).toBe(200);
  });

  it("the salon's longer opening hours", async () => {
    const day = nextDay();
    const waiting = await waitFor(day, '11:00');
    const longer = { ...SETTINGS, openingHours: SETTINGS.openingHours.map(() => ({ open: '10:00', close: '12:00' })) };
    await freesFor(day, waiting, '11:00', () => asUser(t.app, admin).put('/api/settings', longer));
    expect((await asUser(t.app, admin).put('/api/settings', SETTINGS)).statusCode).toBe(200);
  });

  describe('with stylists (two chairs, so the stylists decide)', () => {
    let nila: string;
    let rumi: string;
    beforeAll(async () => {
      expect((await asUser(t.app, admin).put('/api/settings', { ...SETTINGS, capacity: 2 })).statusCode).toBe(200);
      nila = await addStylist(t.app, admin, 'Nila', [haircut._id]);
      rumi = await addStylist(t.app, admin, 'Rumi', [haircut._id]);
    });

    it('a retired stylist reinstated', async () => {
      const day = nextDay();
      expect((await asUser(t.app, admin).delete(`/api/staff/${rumi}`)).statusCode).toBe(200);
      await readyToPay(t.app, await signUp(t.app), [{ serviceId: haircut._id, time: '10:00', staffId: nila }], day);
      const waiting = await waitFor(day, '10:00');
      await freesFor(day, waiting, '10:00', () => asUser(t.app, admin).post(`/api/staff/${rumi}/reinstate`, {}));
      await dropOffer(waiting, day);
    });

    it("a stylist's longer hours", async () => {
      const day = nextDay();
      const hours = (start: string) => ({ days: Array.from({ length: 7 }, () => [{ start, end: '20:00' }]) });
      expect((await asUser(t.app, admin).put(`/api/staff/${rumi}/hours`, hours('11:00'))).statusCode).toBe(200);
      await readyToPay(t.app, await signUp(t.app), [{ serviceId: haircut._id, time: '10:00', staffId: nila }], day);
      const waiting = await waitFor(day, '10:00');
      await freesFor(day, waiting, '10:00', () => asUser(t.app, admin).put(`/api/staff/${rumi}/hours`, hours('10:00')));
    });
  });
});
