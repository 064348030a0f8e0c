/**
 * No overbooking under concurrency: 50 customers ask for the same slot at once, the salon serves
 * 3 at a time, exactly 3 get it. On PostgreSQL the requests go over real HTTP to two app instances.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiblingApp, createTestApp, type TestApp } from '../test/test-app.js';
import { signUp, type Account } from '../test/accounts.js';
import { addItem, dhaka, openDay } from '../test/booking.js';
import type { App } from '../types.js';
import { rowsOf } from '../db/rows.js';
import { CELL_MINUTES, lockCellsOf, occupancyOfItem, occupancyOfPayment } from './capacity.js';
import { pipelinedTransaction, type PipelinedTransaction } from '../db/pipelined.js';
import { occupancyCells } from './slots.js';

const CUSTOMERS = 50;
let t: TestApp;
let customers: Account[];
let items: string[];
let serviceId: string;

beforeAll(async () => {
  t = await createTestApp();
  const services = (await t.app.inject({ url: '/api/service' })).json<{ _id: string; duration: number }[]>();
  serviceId = services.find((s) => s.duration === 90)!._id;
  customers = [];
  for (let i = 0; i < CUSTOMERS; i += 1) customers.push(await signUp(t.app));
  items = await Promise.all(customers.map((c) => addItem(t.app, c, serviceId)));
}, 120_000);
afterAll(async () => t.close());

async function clearHolds() {
  await t.database.db.execute(sql`update cart_items set starts_at = null, ends_at = null, hold_expires_at = null`);
}

/** Live visits at the busiest instant of [from, to). */
async function peakOccupancy(from: Date, to: Date): Promise<number> {
  const [row] = await rowsOf<{ peak: number }>(t.database.db, sql`
    with visits as (
      select starts_at, ends_at from cart_items where hold_expires_at > now()
      union all select starts_at, ends_at from bookings where status in ('confirmed', 'completed')
    )
    select coalesce(max((select count(*) from visits v where v.starts_at <= p.at and v.ends_at > p.at)), 0)::int as peak
    from (select starts_at as at from visits where starts_at >= ${from.toISOString()}::timestamptz and starts_at < ${to.toISOString()}::timestamptz) p`);
  return row!.peak;
}

function holdRequest(app: App, i: number, startsAt: string) {
  return app.inject({
    method: 'PATCH',
    url: `/api/cart/${items[i]}`,
    headers: { origin: t.config.publicUrl, cookie: customers[i]!.cookie },
    payload: { startsAt },
  });
}

describe('holds under concurrency', () => {
  it(`${CUSTOMERS} simultaneous requests for one slot with capacity 3: exactly 3 succeed`, async () => {
    await clearHolds();
    const day = openDay(5);
    const startsAt = dhaka(day, '12:00').toISOString();
    const responses = await Promise.all(customers.map((_c, i) => holdRequest(t.app, i, startsAt)));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(CUSTOMERS - 3);
    expect(await peakOccupancy(dhaka(day, '00:00'), dhaka(day, '23:59'))).toBe(3);
  });

  it('overlapping starts of a 90-minute service: never more than 3 present at once', async () => {
    await clearHolds();
    const day = openDay(6);
    // Everyone asks for one of four overlapping starts (12:00, 12:30, 13:00, 13:30).
    const starts = ['12:00', '12:30', '13:00', '13:30'].map((time) => dhaka(day, time).toISOString());
    const responses = await Promise.all(customers.map((_c, i) => holdRequest(t.app, i, starts[i % starts.length]!)));
    expect(responses.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(await peakOccupancy(dhaka(day, '00:00'), dhaka(day, '23:59'))).toBe(3);
  });

  it('a long visit that began hours before a time still takes its room then (the count looks back as far as a visit can last)', async () => {
    await clearHolds();
    const day = openDay(8);
    const services = (await t.app.inject({ url: '/api/service' })).json<{ _id: string; duration: number }[]>();
    const longest = services.reduce((a, b) => (b.duration > a.duration ? b : a));
    expect(longest.duration).toBeGreaterThanOrEqual(180);
    // Three customers fill the salon from 10:00 with its longest service.
    for (let i = 0; i < 3; i += 1) {
      const item = await addItem(t.app, customers[i]!, longest._id);
      const held = await t.app.inject({
        method: 'PATCH',
        url: `/api/cart/${item}`,
        headers: { origin: t.config.publicUrl, cookie: customers[i]!.cookie },
        payload: { startsAt: dhaka(day, '10:00').toISOString() },
      });
      expect(held.statusCode, held.body).toBe(200);
    }
    const lastMinute = new Date(dhaka(day, '10:00').getTime() + (longest.duration - 30) * 60_000);
    // Half an hour before they end, a fourth visit finds no room; once they end, it does.
    const refused = await holdRequest(t.app, 3, lastMinute.toISOString());
    expect(refused.statusCode).toBe(409);
    const [item] = await rowsOf<{ starts_at: Date | null }>(t.database.db, sql`select starts_at from cart_items where id = ${items[3]}`);
    expect(item?.starts_at).toBeNull();
    const afterwards = new Date(dhaka(day, '10:00').getTime() + longest.duration * 60_000);
    expect((await holdRequest(t.app, 3, afterwards.toISOString())).statusCode).toBe(200);
  });

  it('two app instances on two ports sharing PostgreSQL: exactly 3 succeed', async () => {
    await clearHolds();
    const sibling = await createSiblingApp(t);
    try {
      const base = [
        await t.app.listen({ port: 0, host: '127.0.0.1' }),
        await sibling.app.listen({ port: 0, host: '127.0.0.1' }),
      ];
      expect(new Set(base).size).toBe(2);
      const day = openDay(7);
      const startsAt = dhaka(day, '15:00').toISOString();
      const responses = await Promise.all(
        customers.map((c, i) =>
          fetch(`${base[i % 2]}/api/cart/${items[i]}`, {
            method: 'PATCH',
            headers: { origin: t.config.publicUrl, cookie: c.cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ startsAt }),
          }),
        ),
      );
      const codes = responses.map((r) => r.status);
      expect(codes.filter((c) => c === 200)).toHaveLength(3);
      expect(codes.filter((c) => c === 409)).toHaveLength(CUSTOMERS - 3);
      expect(await peakOccupancy(dhaka(day, '00:00'), dhaka(day, '23:59'))).toBe(3);
    } finally {
      await sibling.close();
    }
  });
});

describe('the cell grid computed in SQL', () => {
  it('locks exactly the cells occupancyCells names, for visits on and off the grid', async () => {
    const visits: [start: string, minutes: number, buffer?: number][] = [
      ['2030-03-04T10:00:00.000Z', 60],
      ['2030-03-04T10:07:30.123Z', 15],
      ['2030-03-04T10:14:59.999Z', 1],
      ['2030-03-04T23:50:00.000Z', 45],
      ['2030-03-04T10:15:00.000Z', 90],
      // With a stylist's buffer after the visit: her cells run to when she is free again.
      ['2030-03-04T10:00:00.000Z', 60, 30],
      ['2030-03-04T10:07:30.123Z', 45, 10],
    ];
    for (const [start, minutes, buffer] of visits) {
      const startsAt = new Date(start);
      const endsAt = new Date(startsAt.getTime() + minutes * 60_000);
      const staffFreeAt = buffer === undefined ? null : new Date(endsAt.getTime() + buffer * 60_000);
      // Rolled back: only the cells this statement locks are looked at.
      const locked = await t.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`delete from slot_cells`);
          await tx.execute(sql`with visit as (select ${startsAt.toISOString()}::timestamptz as starts_at, ${endsAt.toISOString()}::timestamptz as ends_at,
              ${staffFreeAt?.toISOString() ?? null}::timestamptz as staff_free_at),
            cells as (${lockCellsOf('visit')}) select 1`);
          const rows = await rowsOf<{ cell_start: string | Date }>(tx, sql`select cell_start from slot_cells order by 1`);
          throw new Found(rows.map((r) => new Date(r.cell_start).toISOString()));
        })
        .catch((err: unknown) => (err instanceof Found ? err.cells : Promise.reject(err)));
      expect(locked, `${start} for ${minutes} min`).toEqual(occupancyCells(startsAt, staffFreeAt ?? endsAt, CELL_MINUTES).map((c) => c.toISOString()));
    }
  });
});

class Found extends Error {
  constructor(readonly cells: string[]) {
    super('found');
  }
}

/**
 * applyOutcome (a payment's outcome) and a hold send the occupancy behind their first statement
 * and await it only once that one succeeded. When the connection died first (PostgreSQL
 * restarting), the occupancy's own promise was rejected with nobody listening, and the process
 * crashed (found by scripts/deploy-check.sh).
 */
it('an occupancy sent behind a statement that fails, and so never awaited, does not crash the process', async () => {
  const unheard: unknown[] = [];
  const record = (reason: unknown) => unheard.push(reason);
  process.on('unhandledRejection', record);
  const nobody = '00000000-0000-4000-8000-000000000000';
  try {
    for (const occupancyOf of [(tx: PipelinedTransaction) => occupancyOfPayment(tx, 'no-such-payment'), (tx: PipelinedTransaction) => occupancyOfItem(tx, { itemId: nobody, userId: nobody })]) {
      const outcome = pipelinedTransaction(t.database.db, async (tx) => {
        const failing = tx.run('select 1 / 0');
        const counting = occupancyOf(tx);
        await failing;
        return counting;
      });
      await expect(outcome).rejects.toThrow(/division by zero/);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(unheard).toEqual([]);
  } finally {
    process.off('unhandledRejection', record);
  }
});
