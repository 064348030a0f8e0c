/**
 * The front desk's writes racing the other writes on the same customer's bookings (docs/decisions/046
 * and 048), each pair sent at the same moment, many times over. Whoever wins, what is left must agree:
 * - no two confirmed visits of hers overlap;
 * - no booking is lost: a desk booking answered 201 is confirmed, a cancel answered 200 is cancelled;
 * - no counter money sits on a cancelled booking without its hand-back (counter_refunds), and a
 *   hand-back is exactly what the counter took; a visit never takes more than its price.
 * Run on the embedded database and on PostgreSQL (DATABASE_URL), as every concurrency test here is.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { rowsOf } from '../db/rows.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { CARDS, addItem, asUser, dhaka, distinctOpenDays, futureExpiry } from '../test/booking.js';
import { serviceListSchema, type Service } from '../../shared/service.js';
import { deskBookingResultSchema, deskCustomerSchema, type DeskCustomer } from '../../shared/front-desk.js';

let t: TestApp;
let admin: Account;
let manicure: Service;
const freshDay = distinctOpenDays(3);
const ROUNDS = 10;
/** Round i's hour: two rounds to each of five hours, so the default three places never run out. */
const hourOf = (i: number) => `${10 + (i % 5)}:00`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  const catalogue = serviceListSchema.parse((await t.app.inject({ url: '/api/service' })).json());
  manicure = catalogue.find((s) => s.title === 'Classic Manicure')!;
});
afterAll(async () => t.close());

const desk = () => asUser(t.app, admin);

/**
 * Sends a round's later request `ms` after the other: sent at exactly the same moment, one side (the
 * shorter request) wins nearly every time, and the test would see one order only. Rounds step the
 * delay across the other request's length, so both orders and the overlaps between them occur.
 */
const after = <T>(ms: number, send: () => Promise<T>) => new Promise<void>((resolve) => setTimeout(resolve, ms)).then(send);

let walkIns = 0;
async function walkIn(): Promise<DeskCustomer> {
  walkIns += 1;
  const res = await desk().post('/api/front-desk/customers', { name: `Racing walk-in ${walkIns}`, phone: `0181${String(walkIns).padStart(7, '0')}` });
  expect(res.statusCode, res.body).toBe(201);
  return deskCustomerSchema.parse(res.json());
}

/** A desk booking of one manicure for her, paid now in cash or at the visit. */
function deskBook(customerId: string, startsAt: Date, paid: boolean) {
  return desk().post('/api/front-desk/bookings', {
    customerId,
    items: [{ serviceId: manicure._id, staffId: null, startsAt: startsAt.toISOString() }],
    payment: paid ? { when: 'now', method: 'cash' } : { when: 'at-visit' },
  });
}

async function bookedAtDesk(customerId: string, startsAt: Date, paid: boolean): Promise<string> {
  const res = await deskBook(customerId, startsAt, paid);
  expect(res.statusCode, res.body).toBe(201);
  return deskBookingResultSchema.parse(res.json()).bookings[0]!._id;
}

type MoneyRow = { id: string; user_id: string; status: string; starts_at: Date; ends_at: Date; price: number; counter: number; handed_back: number | null; handed_back_by: string | null };

async function bookingsOf(userIds: string[]): Promise<MoneyRow[]> {
  return rowsOf<MoneyRow>(
    t.database.db,
    sql`select b.id, b.user_id, b.status, b.starts_at, b.ends_at, b.price_minor as price,
          coalesce((select sum(cp.amount_minor) from counter_payments cp where cp.booking_id = b.id), 0)::int as counter,
          cr.amount_minor as handed_back, cr.handed_back_by
        from bookings b left join counter_refunds cr on cr.booking_id = b.id
        where b.user_id in (${sql.join(userIds.map((id) => sql`${id}::uuid`), sql`, `)})`,
  );
}

/** What every race must leave, whoever won. */
function expectConsistent(rows: MoneyRow[]) {
  for (const row of rows) {
    const context = JSON.stringify(row);
    expect(row.counter, context).toBeLessThanOrEqual(row.price);
    if (row.status === 'cancelled') expect(row.handed_back ?? 0, context).toBe(row.counter);
    else expect(row.handed_back, context).toBeNull();
  }
  const live = rows.filter((r) => r.status === 'confirmed');
  for (const a of live) {
    for (const b of live) {
      if (a.id < b.id && a.user_id === b.user_id) {
        expect(a.starts_at < b.ends_at && b.starts_at < a.ends_at, `her visits overlap: ${JSON.stringify([a, b])}`).toBe(false);
      }
    }
  }
}

describe('a front-desk booking racing a change to the same customer’s bookings', () => {
  it('racing a cancel of her visit at the same time: the new visit is booked only once the old one is cancelled, the cash handed back', async () => {
    const day = freshDay();
    const rounds = await Promise.all(
      Array.from({ length: ROUNDS }, async (_, i) => {
        const her = await walkIn();
        const at = dhaka(day, hourOf(i));
        const old = await bookedAtDesk(her._id, at, true);
        return { her, at, old };
      }),
    );
    const outcomes = await Promise.all(
      rounds.map(async ({ her, at, old }, i) => {
        const [booked, cancelled] = await Promise.all([after(i * 80, () => deskBook(her._id, at, true)), desk().post(`/api/bookings/${old}/cancel`, {})]);
        return { booked: booked.statusCode, bookedBody: booked.body, cancelled: cancelled.statusCode };
      }),
    );
    const rows = await bookingsOf(rounds.map((r) => r.her._id));
    expectConsistent(rows);
    for (const [i, { her, old }] of rounds.entries()) {
      const outcome = outcomes[i]!;
      expect(outcome.cancelled, JSON.stringify(outcome)).toBe(200);
      // Her old visit was still there when the desk looked (409, nothing booked), or was cancelled first.
      expect([201, 409], JSON.stringify(outcome)).toContain(outcome.booked);
      const hers = rows.filter((r) => r.user_id === her._id);
      const oldRow = hers.find((r) => r.id === old)!;
      expect(oldRow).toMatchObject({ status: 'cancelled', handed_back: manicure.price * 100, handed_back_by: admin.id });
      expect(hers.filter((r) => r.status === 'confirmed').length, JSON.stringify(outcome)).toBe(outcome.booked === 201 ? 1 : 0);
    }
  });

  it('racing a move of her other visit onto the same time: never both, never overlapping', async () => {
    const [day, otherDay] = [freshDay(), freshDay()];
    const rounds = await Promise.all(
      Array.from({ length: ROUNDS }, async (_, i) => {
        const her = await walkIn();
        const at = dhaka(day, hourOf(i));
        // Her other visit, another day, which the salon moves onto the desk's new time.
        const other = await bookedAtDesk(her._id, dhaka(otherDay, hourOf(i)), false);
        return { her, at, other };
      }),
    );
    const outcomes = await Promise.all(
      rounds.map(async ({ her, at, other }, i) => {
        const [booked, moved] = await Promise.all([deskBook(her._id, at, false), after(i * 15, () => desk().patch(`/api/bookings/${other}`, { startsAt: at.toISOString() }))]);
        return { booked: booked.statusCode, moved: moved.statusCode, body: [booked.body, moved.body] };
      }),
    );
    const rows = await bookingsOf(rounds.map((r) => r.her._id));
    expectConsistent(rows);
    for (const [i, { her }] of rounds.entries()) {
      const outcome = outcomes[i]!;
      const context = JSON.stringify(outcome);
      expect([201, 409], context).toContain(outcome.booked);
      expect([200, 409], context).toContain(outcome.moved);
      // One of the two takes the time; the other is refused as overlapping her.
      expect(Number(outcome.booked === 201) + Number(outcome.moved === 200), context).toBe(1);
      expect(rows.filter((r) => r.user_id === her._id && r.status === 'confirmed').length, context).toBe(outcome.booked === 201 ? 2 : 1);
    }
  });

  it('racing a counter payment of her other visit: both recorded, neither visit paid twice', async () => {
    const [day, otherDay] = [freshDay(), freshDay()];
    const rounds = await Promise.all(
      Array.from({ length: ROUNDS }, async (_, i) => {
        const her = await walkIn();
        const other = await bookedAtDesk(her._id, dhaka(otherDay, hourOf(i)), false);
        return { her, other, at: dhaka(day, hourOf(i)) };
      }),
    );
    const outcomes = await Promise.all(
      rounds.map(async ({ her, other, at }, i) => {
        const [booked, paid] = await Promise.all([
          deskBook(her._id, at, true),
          after(i * 15, () => desk().post(`/api/bookings/${other}/counter-payments`, { amount: manicure.price, method: 'bkash' })),
        ]);
        return { booked: booked.statusCode, paid: paid.statusCode, body: [booked.body, paid.body] };
      }),
    );
    for (const outcome of outcomes) expect([outcome.booked, outcome.paid], JSON.stringify(outcome)).toEqual([201, 200]);
    const rows = await bookingsOf(rounds.map((r) => r.her._id));
    expectConsistent(rows);
    expect(rows.map((r) => [r.status, r.counter])).toEqual(rows.map(() => ['confirmed', manicure.price * 100]));
  });
});

describe('a front-desk booking racing her own checkout for the same time', () => {
  it('the desk books her while she pays for the time she holds: never two visits of hers at once, and never charged for one she does not get', async () => {
    const day = freshDay();
    const rounds = await Promise.all(
      Array.from({ length: ROUNDS }, async (_, i) => {
        // The manicure is on her booking list; she picks its time and pays while she is also on
        // the phone to the salon, which books her the same time at the desk.
        const her = await signUp(t.app);
        return { her, item: await addItem(t.app, her, manicure._id), at: dhaka(day, hourOf(i)) };
      }),
    );
    const pays = async (her: Account, item: string, at: Date) => {
      const held = await asUser(t.app, her).patch(`/api/cart/${item}`, { startsAt: at.toISOString() });
      if (held.statusCode !== 200) return { held: held.statusCode, intent: null, paid: null, body: held.body };
      const intent = await asUser(t.app, her).post('/api/create-payment-intent', { price: manicure.price });
      if (intent.statusCode !== 200) return { held: 200, intent: intent.statusCode, paid: null, body: intent.body };
      const { clientSecret } = intent.json<{ clientSecret: string }>();
      const paid = await asUser(t.app, her).post('/api/payments/test/confirm', { clientSecret, cardNumber: CARDS.success, expiry: futureExpiry(), cvc: '123' });
      return { held: 200, intent: 200, paid: paid.json<{ status: string }>().status, body: paid.body };
    };
    const outcomes = await Promise.all(
      rounds.map(async ({ her, item, at }, i) => {
        // Up to 160 ms either way, stepped: a desk booking takes longer than her hold, so sent
        // together the desk always lost; stepped, both orders and their overlaps occur.
        const [booked, checkout] = await Promise.all([after((i % 5) * 40, () => deskBook(her.id, at, false)), after((4 - (i % 5)) * 40, () => pays(her, item, at))]);
        return { booked: booked.statusCode, checkout, body: booked.body };
      }),
    );
    const rows = await bookingsOf(rounds.map((r) => r.her.id));
    expectConsistent(rows);
    const money = await rowsOf<{ user_id: string; charged: number; refunded: number }>(
      t.database.db,
      sql`select p.user_id, coalesce(i.amount_minor, 0)::int as charged,
            coalesce((select sum(r.amount_minor) from test_gateway_refunds r where r.ref = p.gateway_ref), 0)::int as refunded
          from payments p left join test_gateway_intents i on i.ref = p.gateway_ref and i.status = 'succeeded'
          where p.user_id in (${sql.join(rounds.map((r) => sql`${r.her.id}::uuid`), sql`, `)})`,
    );
    for (const [i, { her }] of rounds.entries()) {
      const outcome = outcomes[i]!;
      const context = JSON.stringify(outcome);
      expect([201, 409], context).toContain(outcome.booked);
      // One of the two takes the time, the other is refused as overlapping her.
      expect(Number(outcome.booked === 201) + Number(outcome.checkout.paid === 'succeeded'), context).toBe(1);
      const confirmed = rows.filter((r) => r.user_id === her.id && r.status === 'confirmed');
      expect(confirmed.length, context).toBe(1);
      const paidVisit = outcome.checkout.paid === 'succeeded';
      // What the card was charged and not refunded is what her confirmed online visit cost.
      const kept = money.filter((m) => m.user_id === her.id).reduce((sum, m) => sum + m.charged - m.refunded, 0);
      expect(kept, context).toBe(paidVisit ? manicure.price * 100 : 0);
    }
  });
});

describe('a counter payment racing a cancel of the same booking', () => {
  it('by the salon or by her: the money taken before the cancel is handed back, none is taken after it', async () => {
    const day = freshDay();
    const rounds = await Promise.all(
      Array.from({ length: ROUNDS }, async (_, i) => {
        // A customer with an account (she can cancel her own), booked at the desk to pay at the visit.
        const her = await signUp(t.app);
        const visit = await bookedAtDesk(her.id, dhaka(day, hourOf(i)), false);
        return { her, visit, canceller: i % 2 === 0 ? admin : her };
      }),
    );
    const outcomes = await Promise.all(
      rounds.map(async ({ visit, canceller }, i) => {
        const [paid, cancelled] = await Promise.all([
          desk().post(`/api/bookings/${visit}/counter-payments`, { amount: manicure.price, method: 'cash' }),
          after((i % 5) * 10, () => asUser(t.app, canceller).post(`/api/bookings/${visit}/cancel`, {})),
        ]);
        return { paid: paid.statusCode, cancelled: cancelled.statusCode, body: [paid.body, cancelled.body] };
      }),
    );
    const rows = await bookingsOf(rounds.map((r) => r.her.id));
    expectConsistent(rows);
    for (const [i, { visit, canceller }] of rounds.entries()) {
      const outcome = outcomes[i]!;
      const context = JSON.stringify(outcome);
      expect(outcome.cancelled, context).toBe(200);
      expect([200, 409], context).toContain(outcome.paid);
      const row = rows.find((r) => r.id === visit)!;
      expect(row.status).toBe('cancelled');
      expect(row.counter, context).toBe(outcome.paid === 200 ? manicure.price * 100 : 0);
      // The salon handing it back is named; her own cancellation leaves it owed at the desk.
      if (outcome.paid === 200) expect(row.handed_back_by, context).toBe(canceller === admin ? admin.id : null);
    }
  });
});
