import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementsDuring } from './db/statement-counter.js';
import { rowsOf } from './db/rows.js';
import { signUp, signUpAdmin } from './test/accounts.js';
import { asUser, dhaka, futureExpiry, openDay } from './test/booking.js';
import { createTestApp, type TestApp } from './test/test-app.js';

/**
 * What a signed-in read and a booking cost in SQL statements (BEGIN and COMMIT count): the budget
 * of decision 018, held here so it cannot creep back. Counted are the statements each request
 * sends itself; the confirmation e-mail is composed later by the job queue's worker, outside the
 * request, and is not counted (its queueing, inside the payment's transaction, is).
 */

/** Signed-in GET /api/cart: the list read; the session comes from the cookie copy. */
const CART_READ_BUDGET = 1;
/** Add to the list, hold a time, create the payment intent, pay through the test gateway. */
const BOOKING_JOURNEY_BUDGET = 25;

let t: TestApp;
let service: { _id: string; price: number };

beforeAll(async () => {
  t = await createTestApp();
  service = (await t.app.inject({ url: '/api/service' })).json<{ _id: string; price: number; duration: number }[]>().find((s) => s.duration === 60)!;
});
afterAll(async () => {
  await t?.close();
});

async function counted<T>(run: () => Promise<T>) {
  return statementsDuring(run);
}

describe('the statement budget', () => {
  it(`a signed-in GET /api/cart sends ${CART_READ_BUDGET} statement`, async () => {
    const customer = await signUp(t.app);
    await asUser(t.app, customer).post('/api/cart', { cartItemId: service._id });
    const { result, statements } = await counted(() => asUser(t.app, customer).get('/api/cart'));
    expect(result.statusCode).toBe(200);
    expect(result.json()).toHaveLength(1);
    expect(statements).toBe(CART_READ_BUDGET);
  });

  it.each([
    ['with no stylists (chairs alone)', false],
    ["with stylists ('any stylist')", true],
  ])(`one confirmed booking (add, hold, intent, pay) %s sends at most ${BOOKING_JOURNEY_BUDGET} statements`, async (_, withTeam) => {
    if (withTeam) {
      // A stylist who does the service, working the salon's day, makes this a salon with a team.
      const admin = await signUpAdmin(t.app);
      const added = await asUser(t.app, admin).post('/api/staff', { name: 'Rina Akter', bio: '', services: [{ serviceId: service._id, duration: null }] });
      const id = added.json<{ insertedId: string }>().insertedId;
      await asUser(t.app, admin).put(`/api/staff/${id}/hours`, { days: Array.from({ length: 7 }, () => [{ start: '10:00', end: '20:00' }]) });
    }
    const customer = await signUp(t.app);
    const as = asUser(t.app, customer);
    const spent: Record<string, number> = {};
    const step = async <T extends { statusCode: number }>(name: string, run: () => Promise<T>) => {
      const { result, statements } = await counted(run);
      spent[name] = statements;
      expect(result.statusCode, name).toBeLessThan(300);
      return result;
    };

    const add = await step('add', () => as.post('/api/cart', { cartItemId: service._id }));
    const item = add.json<{ insertedId: string }>().insertedId;
    const held = await step('hold', () => as.patch(`/api/cart/${item}`, { startsAt: dhaka(openDay(4), withTeam ? '13:00' : '11:00').toISOString() }));
    expect(held.json<{ staffName: string | null }>().staffName).toBe(withTeam ? 'Rina Akter' : null);
    const intent = await step('intent', () => as.post('/api/create-payment-intent', { price: service.price }));
    const { clientSecret } = intent.json<{ clientSecret: string }>();
    const paid = await step('pay', () => as.post('/api/payments/test/confirm', { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: futureExpiry(), cvc: '123' }));
    expect(paid.json<{ status: string }>().status).toBe('succeeded');
    const rows = await rowsOf<{ status: string }>(t.app.db, sql`select status from bookings where user_id = ${customer.id}`);
    expect(rows).toEqual([{ status: 'confirmed' }]);

    const total = Object.values(spent).reduce((sum, n) => sum + n, 0);
    console.log(`statements ${withTeam ? 'with' : 'without'} stylists: ${JSON.stringify(spent)} = ${total}`);
    expect(total, `statements per request: ${JSON.stringify(spent)}`).toBeLessThanOrEqual(BOOKING_JOURNEY_BUDGET);
  });
});
