/**
 * A cancel refunds at the processor; a move, a completion or a no-show changes the same booking.
 * Sent at the same moment, whichever wins, the money and the booking must agree afterwards: every
 * refund the processor made is recorded on the booking and its payment, and a booking that was
 * refunded is cancelled (never moved, completed or a no-show with the money gone).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { rowsOf } from '../db/rows.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { asUser, dhaka, distinctOpenDays, openDay } from '../test/booking.js';
import { DEFAULT_SALON_SETTINGS } from '../../shared/salon-settings.js';
import { bookAndPay } from '../test/appointments.js';
import { serviceListSchema, type Service } from '../../shared/service.js';

let t: TestApp;
let admin: Account;
let catalogue: Service[];
const freshDay = distinctOpenDays(5);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  catalogue = serviceListSchema.parse((await t.app.inject({ url: '/api/service' })).json());
});
afterAll(async () => t.close());

async function putSettings(changes: Partial<typeof DEFAULT_SALON_SETTINGS>) {
  const res = await asUser(t.app, admin).put('/api/settings', { ...DEFAULT_SALON_SETTINGS, ...changes });
  if (res.statusCode !== 200) throw new Error(`settings: ${res.statusCode} ${res.body}`);
}

type Ledger = {
  id: string;
  status: string;
  booking_refunded: number;
  price: number;
  payment_refunded: number;
  payment_status: string;
  gateway_refunded: number;
  gateway_intent_refunded: number;
};

/** The booking, its payment and what the test gateway's ledger holds for them. */
async function ledgerOf(ids: string[]): Promise<Ledger[]> {
  return rowsOf<Ledger>(
    t.database.db,
    sql`select b.id, b.status, b.refunded_minor as booking_refunded, b.price_minor as price,
          p.refunded_minor as payment_refunded, p.status as payment_status,
          coalesce((select sum(r.amount_minor) from test_gateway_refunds r where r.ref = p.gateway_ref), 0)::int as gateway_refunded,
          i.refunded_minor as gateway_intent_refunded
        from bookings b join payments p on p.id = b.payment_id join test_gateway_intents i on i.ref = p.gateway_ref
        where b.id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`,
  );
}

/** What the race must leave, whoever won. */
function expectMoneyAgrees(rows: Ledger[]) {
  for (const row of rows) {
    const context = JSON.stringify(row);
    // What the processor refunded is what we recorded, on the payment and on the booking.
    expect(row.payment_refunded, context).toBe(row.gateway_refunded);
    expect(row.gateway_intent_refunded, context).toBe(row.gateway_refunded);
    if (row.gateway_refunded > 0) {
      expect(row.status, context).toBe('cancelled');
      expect(row.booking_refunded, context).toBe(row.price);
      expect(row.payment_status, context).toBe('refunded');
    } else {
      expect(row.status, context).not.toBe('cancelled');
      expect(row.booking_refunded, context).toBe(0);
      expect(row.payment_status, context).toBe('succeeded');
    }
  }
}

/**
 * Paid, confirmed visits, one per customer, at distinct times of a fresh day. `dueNow`: what the
 * checkout asks online when it is not the whole price (a deposit).
 */
async function paidVisits(count: number, times: string[], dueNow?: number) {
  const service = catalogue.find((s) => s.title === 'Classic Manicure')!;
  const visits: { id: string; owner: Account; day: string }[] = [];
  let day = freshDay();
  let slot = 0;
  for (let i = 0; i < count; i += 1) {
    if (slot === times.length) {
      day = freshDay();
      slot = 0;
    }
    const owner = await signUp(t.app);
    const visit = await bookAndPay(t.app, owner, { _id: service._id, price: dueNow ?? service.price }, day, times[slot]!);
    visits.push({ id: visit.id, owner, day });
    slot += 1;
  }
  return visits;
}

// Three to a time: the default salon serves three clients at once.
const TIMES = ['10:00', '10:00', '10:00', '12:00', '12:00', '12:00', '15:00', '15:00', '15:00'];
const RACES = 12;

describe('a cancel racing another change to the same booking', () => {
  it('the customer cancels while she (or the salon) moves it: each refund recorded, the booking cancelled exactly when refunded', async () => {
    // The salon may move a visit inside the notice, where her cancel would no longer be allowed:
    // the cancel that checked before the move must still win or lose whole.
    await putSettings({ cancelNoticeHours: 72 });
    const visits = await paidVisits(RACES, TIMES);
    const soon = openDay(1);
    const soonTimes = ['10:00', '11:00', '12:00', '13:00', '14:00', '15:00'];
    const outcomes = await Promise.all(
      visits.map(async (visit, i) => {
        const mover = i % 2 === 0 ? visit.owner : admin;
        const to = (i % 2 === 0 ? dhaka(visit.day, '17:00') : dhaka(soon, soonTimes[(i >> 1) % soonTimes.length]!)).toISOString();
        const [cancel, moved] = await Promise.all([
          asUser(t.app, visit.owner).post(`/api/bookings/${visit.id}/cancel`, {}),
          asUser(t.app, mover).patch(`/api/bookings/${visit.id}`, { startsAt: to }),
        ]);
        return [cancel.statusCode, moved.statusCode];
      }),
    );
    // Nothing answers a server error, and one of each pair always wins.
    for (const [cancel, moved] of outcomes) {
      expect([200, 409]).toContain(cancel);
      expect([200, 409]).toContain(moved);
      expect(cancel === 200 || moved === 200).toBe(true);
    }
    const rows = await ledgerOf(visits.map((v) => v.id));
    expectMoneyAgrees(rows);
    // A cancel that answered 200 left the booking cancelled; one that answered 409 refunded nothing.
    for (const [i, visit] of visits.entries()) {
      const row = rows.find((r) => r.id === visit.id)!;
      expect(row.status === 'cancelled', JSON.stringify({ row, outcome: outcomes[i] })).toBe(outcomes[i]![0] === 200);
    }
    await putSettings({ cancelNoticeHours: DEFAULT_SALON_SETTINGS.cancelNoticeHours });
  });

  it.each([
    ['complete', 'completed'],
    ['no-show', 'no-show'],
  ])('the salon cancels while it marks the visit %s: the refund and the state agree', async (action, state) => {
    const visits = await paidVisits(RACES, TIMES);
    // Their times have come (a visit can be completed or missed only then).
    await t.database.db.execute(
      sql`update bookings set starts_at = now() - interval '2 hours', ends_at = now() - interval '75 minutes'
          where id in (${sql.join(visits.map((v) => sql`${v.id}::uuid`), sql`, `)})`,
    );
    const outcomes = await Promise.all(
      visits.map(async (visit) => {
        const [cancel, marked] = await Promise.all([
          asUser(t.app, admin).post(`/api/bookings/${visit.id}/cancel`, {}),
          asUser(t.app, admin).post(`/api/bookings/${visit.id}/${action}`, {}),
        ]);
        return [cancel.statusCode, marked.statusCode];
      }),
    );
    for (const [cancel, marked] of outcomes) {
      expect([200, 409]).toContain(cancel);
      expect([200, 409]).toContain(marked);
    }
    const rows = await ledgerOf(visits.map((v) => v.id));
    expectMoneyAgrees(rows);
    for (const row of rows) expect(['cancelled', state]).toContain(row.status);
  });

  it('with a deposit, the salon cancels (refunding it) while the desk marks her a no-show (keeping it): refunded exactly when cancelled', async () => {
    const DEPOSIT = 200;
    await putSettings({ paymentPolicy: { mode: 'deposit-fixed', amount: DEPOSIT } });
    try {
      const visits = await paidVisits(RACES, TIMES, DEPOSIT);
      await t.database.db.execute(
        sql`update bookings set starts_at = now() - interval '2 hours', ends_at = now() - interval '75 minutes'
            where id in (${sql.join(visits.map((v) => sql`${v.id}::uuid`), sql`, `)})`,
      );
      const outcomes = await Promise.all(
        visits.map(async (visit, i) => {
          const [cancel, missed] = await Promise.all([
            asUser(t.app, admin).post(`/api/bookings/${visit.id}/cancel`, {}),
            new Promise((resolve) => setTimeout(resolve, (i % 4) * 5)).then(() => asUser(t.app, admin).post(`/api/bookings/${visit.id}/no-show`, {})),
          ]);
          return { cancel: cancel.statusCode, missed: missed.statusCode };
        }),
      );
      const rows = await ledgerOf(visits.map((v) => v.id));
      for (const [i, visit] of visits.entries()) {
        const outcome = outcomes[i]!;
        const row = rows.find((r) => r.id === visit.id)!;
        const context = JSON.stringify({ row, outcome });
        // One of the two wins whole; the other is refused.
        expect([outcome.cancel, outcome.missed].sort(), context).toEqual([200, 409]);
        expect(row.payment_refunded, context).toBe(row.gateway_refunded);
        expect(row.gateway_intent_refunded, context).toBe(row.gateway_refunded);
        if (outcome.cancel === 200) {
          // The salon cancelled: all she paid online, the deposit, goes back to her.
          expect([row.status, row.booking_refunded, row.gateway_refunded, row.payment_status], context).toEqual(['cancelled', DEPOSIT * 100, DEPOSIT * 100, 'refunded']);
        } else {
          // She did not come: the salon keeps the deposit, and no refund was asked.
          expect([row.status, row.booking_refunded, row.gateway_refunded, row.payment_status], context).toEqual(['no-show', 0, 0, 'succeeded']);
        }
      }
    } finally {
      await putSettings({ paymentPolicy: DEFAULT_SALON_SETTINGS.paymentPolicy });
    }
  });

  it('the salon cancels while it undoes a completion or a no-show (reopen): the refund and the state agree', async () => {
    const visits = await paidVisits(RACES, TIMES);
    // Their times have come, an hour apart: a no-show undone takes its chair back only if it is free.
    for (const [i, visit] of visits.entries()) {
      await t.database.db.execute(
        sql`update bookings set starts_at = now() - make_interval(hours => ${i + 2}), ends_at = now() - make_interval(hours => ${i + 2}) + interval '45 minutes'
            where id = ${visit.id}::uuid`,
      );
    }
    for (const [i, visit] of visits.entries()) {
      const marked = await asUser(t.app, admin).post(`/api/bookings/${visit.id}/${i % 2 === 0 ? 'complete' : 'no-show'}`, {});
      expect(marked.statusCode, marked.body).toBe(200);
    }
    const outcomes = await Promise.all(
      visits.map(async (visit) => {
        const [reopened, cancel] = await Promise.all([
          asUser(t.app, admin).post(`/api/bookings/${visit.id}/reopen`, {}),
          asUser(t.app, admin).post(`/api/bookings/${visit.id}/cancel`, {}),
        ]);
        return [reopened.statusCode, cancel.statusCode];
      }),
    );
    for (const [reopened, cancel] of outcomes) {
      expect(reopened).toBe(200);
      expect([200, 409]).toContain(cancel);
    }
    const rows = await ledgerOf(visits.map((v) => v.id));
    expectMoneyAgrees(rows);
    for (const [i, row] of rows.entries()) expect(['cancelled', 'confirmed'], JSON.stringify({ row, outcome: outcomes[i] })).toContain(row.status);
  });
});
