/**
 * The built-in test gateway's bKash and Nagad: her wallet number, the one-time code, the charge.
 * The documented numbers decline and never answer; codes are counted and attempts end; every
 * charge reaches the payment through the same outcome path as a card.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { rowsOf } from '../db/rows.js';
import { signUp, type Account } from '../test/accounts.js';
import { CARDS, asUser, distinctOpenDays, futureExpiry, readyToPay } from '../test/booking.js';
import { apiErrorSchema } from '../../shared/errors.js';
import { BOOKING_LIST_CHANGED_MESSAGE, TEST_WALLET, confirmResultSchema, intentSchema, paymentSchema, walletAttemptSchema } from '../../shared/payments.js';
import { serviceListSchema, type Service } from '../../shared/service.js';
import { WALLET_ANSWER_WAIT_MS } from '../payments/test-gateway.js';

let t: TestApp;
let catalogue: Service[];
const byTitle = (title: string) => catalogue.find((s) => s.title === title)!;
const freshDay = distinctOpenDays(4);

beforeAll(async () => {
  t = await createTestApp();
  catalogue = serviceListSchema.parse((await t.app.inject({ url: '/api/service' })).json());
});
afterAll(async () => t.close());

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(t.database.db, text);
}

/** A customer with two held times and her checkout's intent (৳3,700). */
async function checkout() {
  const who = await signUp(t.app);
  await readyToPay(t.app, who, [
    { serviceId: byTitle('Classic Haircut & Blow-dry')._id, time: '11:00' },
    { serviceId: byTitle('Gel Nail Extensions')._id, time: '14:00' },
  ], freshDay());
  const res = await asUser(t.app, who).post('/api/create-payment-intent', { price: 3700 });
  expect(res.statusCode, res.body).toBe(200);
  return { who, ...intentSchema.parse(res.json()) };
}

const start = (who: Account, clientSecret: string, number: string, wallet = 'bkash') =>
  asUser(t.app, who).post('/api/payments/test/wallet', { clientSecret, wallet, number });
const confirm = (who: Account, attemptId: string, code: string = TEST_WALLET.code) =>
  asUser(t.app, who).post('/api/payments/test/wallet/confirm', { attemptId, code });

async function attemptFor(who: Account, clientSecret: string, number: string, wallet = 'bkash') {
  const res = await start(who, clientSecret, number, wallet);
  expect(res.statusCode, res.body).toBe(200);
  return walletAttemptSchema.parse(res.json());
}

/** What a charge would change, read straight from the tables: the same before and after a refused call. */
async function moneyOf<Row = unknown>(who: Account, clientSecret: string) {
  return {
    payments: await query(sql`select status, method, refunded_minor from payments where user_id = ${who.id}`),
    bookings: await query(sql`select status from bookings where user_id = ${who.id} and status <> 'pending'`),
    gateway: await query<Row>(sql`select status, method from test_gateway_intents where client_secret = ${clientSecret}`),
    cart: (await query(sql`select id from cart_items where user_id = ${who.id}`)).length,
  };
}

/** A checkout nothing has charged yet. */
const UNPAID = {
  payments: [{ status: 'pending', method: null, refunded_minor: 0 }],
  bookings: [],
  gateway: [{ status: 'requires_payment_method', method: null }],
  cart: 2,
};

describe('paying by bKash or Nagad with the test gateway', () => {
  it('the number (typed with +880, spaces and a dash), then the code: paid by bKash, the bookings confirmed, the list emptied', async () => {
    const { who, clientSecret, paymentId } = await checkout();
    const attempt = await attemptFor(who, clientSecret, '+880 1711-234567');
    expect(attempt).toMatchObject({ wallet: 'bkash', number: '01711234567', triesLeft: 3 });
    expect(Date.parse(attempt.expiresAt)).toBeGreaterThan(Date.now());

    const res = await confirm(who, attempt.attemptId);
    expect(res.statusCode, res.body).toBe(200);
    expect(confirmResultSchema.parse(res.json())).toEqual({ status: 'succeeded', message: null, paymentId });
    const payment = paymentSchema.parse((await asUser(t.app, who).get(`/api/payments/${paymentId}`)).json());
    expect(payment).toMatchObject({ status: 'succeeded', method: 'bkash', amount: 3700 });
    expect(payment.services.map((s) => s.status)).toEqual(['confirmed', 'confirmed']);
    expect(await moneyOf(who, clientSecret)).toEqual({
      payments: [{ status: 'succeeded', method: 'bkash', refunded_minor: 0 }],
      bookings: [{ status: 'confirmed' }, { status: 'confirmed' }],
      gateway: [{ status: 'succeeded', method: 'bkash' }],
      cart: 0,
    });
  });

  it('the declined number fails with the wallet\'s words; the payment stays payable, the attempt ends, and a card then pays it', async () => {
    const { who, clientSecret, paymentId } = await checkout();
    const attempt = await attemptFor(who, clientSecret, TEST_WALLET.declined);
    const res = await confirm(who, attempt.attemptId);
    expect(res.statusCode, res.body).toBe(200);
    expect(confirmResultSchema.parse(res.json())).toEqual({ status: 'failed', message: 'Insufficient balance in your bKash account.', paymentId });
    expect(await moneyOf(who, clientSecret)).toEqual({ ...UNPAID, payments: [{ status: 'failed', method: null, refunded_minor: 0 }] });

    // The attempt is over: the same code again is refused and charges nothing.
    const again = await confirm(who, attempt.attemptId);
    expect(again.statusCode).toBe(409);
    expect(apiErrorSchema.parse(again.json()).message).toBe('This payment attempt has ended. Start again.');

    const card = await asUser(t.app, who).post('/api/payments/test/confirm', { clientSecret, cardNumber: CARDS.success, expiry: futureExpiry(), cvc: '123' });
    expect(confirmResultSchema.parse(card.json()).status).toBe('succeeded');
    const payment = paymentSchema.parse((await asUser(t.app, who).get(`/api/payments/${paymentId}`)).json());
    expect(payment).toMatchObject({ status: 'succeeded', method: 'card' });
    expect(payment.declines.map((d) => d.message)).toEqual(['Insufficient balance in your bKash account.']);
  });

  it('a wallet that never answers: the server gives up after its short wait, says so, and charges nothing; Nagad then pays', async () => {
    const { who, clientSecret, paymentId } = await checkout();
    const attempt = await attemptFor(who, clientSecret, TEST_WALLET.noAnswer);
    const began = performance.now();
    const res = await confirm(who, attempt.attemptId);
    const waited = performance.now() - began;
    expect(res.statusCode, res.body).toBe(200);
    expect(confirmResultSchema.parse(res.json())).toEqual({ status: 'failed', message: 'bKash did not answer. Nothing was charged; try again.', paymentId });
    expect(waited).toBeGreaterThanOrEqual(WALLET_ANSWER_WAIT_MS - 50);
    expect(waited).toBeLessThan(WALLET_ANSWER_WAIT_MS + 2_000);
    const after = await moneyOf(who, clientSecret);
    expect(after.gateway).toEqual([{ status: 'requires_payment_method', method: null }]);
    expect(after.bookings).toEqual([]);
    expect(after.payments).toEqual([{ status: 'failed', method: null, refunded_minor: 0 }]);

    const nagad = await attemptFor(who, clientSecret, '01811234567', 'nagad');
    expect(confirmResultSchema.parse((await confirm(who, nagad.attemptId)).json()).status).toBe('succeeded');
    expect((await moneyOf(who, clientSecret)).payments).toEqual([{ status: 'succeeded', method: 'nagad', refunded_minor: 0 }]);
  });

  it('a wrong code is a field error with the tries left; the third ends the attempt, and then even the right code charges nothing', async () => {
    const { who, clientSecret } = await checkout();
    const attempt = await attemptFor(who, clientSecret, '01911234567');
    const first = await confirm(who, attempt.attemptId, '111111');
    expect(first.statusCode).toBe(400);
    expect(apiErrorSchema.parse(first.json()).issues).toEqual([{ path: 'code', message: 'That code is not right. 2 tries left.' }]);
    const second = await confirm(who, attempt.attemptId, '222222');
    expect(apiErrorSchema.parse(second.json()).issues).toEqual([{ path: 'code', message: 'That code is not right. 1 try left.' }]);
    const third = await confirm(who, attempt.attemptId, '333333');
    expect(third.statusCode).toBe(409);
    expect(apiErrorSchema.parse(third.json()).message).toBe('Three wrong codes: this payment attempt has ended. Start again to get a new code.');
    const right = await confirm(who, attempt.attemptId);
    expect(right.statusCode).toBe(409);
    expect(await moneyOf(who, clientSecret)).toEqual(UNPAID);

    // Starting again sends a new code, with three tries of its own.
    const fresh = await attemptFor(who, clientSecret, '01911234567');
    expect(confirmResultSchema.parse((await confirm(who, fresh.attemptId)).json()).status).toBe('succeeded');
  });

  it('an expired code is refused and charges nothing', async () => {
    const { who, clientSecret } = await checkout();
    const attempt = await attemptFor(who, clientSecret, '01711234567');
    await t.database.db.execute(sql`update test_gateway_wallet_attempts set expires_at = now() - interval '1 second' where id = ${attempt.attemptId}`);
    const res = await confirm(who, attempt.attemptId);
    expect(res.statusCode).toBe(409);
    expect(apiErrorSchema.parse(res.json()).message).toBe('This code has expired. Start again to get a new one.');
    expect(await moneyOf(who, clientSecret)).toEqual(UNPAID);
  });

  it("another customer's client secret or attempt is 404, sends no code, uses none of her tries and charges nothing", async () => {
    const { who, clientSecret } = await checkout();
    const thief = await signUp(t.app);
    expect((await start(thief, clientSecret, '01711234567')).statusCode).toBe(404);
    expect(await query(sql`select id from test_gateway_wallet_attempts a join test_gateway_intents i on i.ref = a.ref where i.client_secret = ${clientSecret}`)).toEqual([]);

    const attempt = await attemptFor(who, clientSecret, '01711234567');
    expect((await confirm(thief, attempt.attemptId)).statusCode).toBe(404);
    expect((await confirm(thief, attempt.attemptId, '999999')).statusCode).toBe(404);
    expect(await query(sql`select wrong_codes, ended_by from test_gateway_wallet_attempts where id = ${attempt.attemptId}`)).toEqual([{ wrong_codes: 0, ended_by: null }]);
    expect(await moneyOf(who, clientSecret)).toEqual(UNPAID);
    expect((await asUser(t.app, undefined).post('/api/payments/test/wallet/confirm', { attemptId: attempt.attemptId, code: TEST_WALLET.code })).statusCode).toBe(401);
  });

  it.each([
    ['a number of 10 digits', { number: '0171123456' }, 'number', 'A wallet number has 11 digits, like 01712 345678'],
    ['a number without an operator prefix', { number: '01211234567' }, 'number', 'A wallet number starts with 013 to 019'],
    ['letters in the number', { number: '01711-23a567' }, 'number', 'Use digits only, like 01712 345678'],
    ['no number', { number: '' }, 'number', 'Wallet number is required'],
    ['a wallet the gateway does not offer', { wallet: 'rocket' }, 'wallet', 'Choose bKash or Nagad'],
  ])('%s: 400 with the field problem, and no code sent', async (_name, change, path, message) => {
    const { who, clientSecret } = await checkout();
    const res = await asUser(t.app, who).post('/api/payments/test/wallet', { clientSecret, wallet: 'bkash', number: '01711234567', ...change });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).issues).toEqual([{ path, message }]);
    expect(await query(sql`select a.id from test_gateway_wallet_attempts a join test_gateway_intents i on i.ref = a.ref where i.client_secret = ${clientSecret}`)).toEqual([]);
  });

  it('a code that is not 6 digits is a 400 field problem and counts no try', async () => {
    const { who, clientSecret } = await checkout();
    const attempt = await attemptFor(who, clientSecret, '01711234567');
    const res = await confirm(who, attempt.attemptId, '12ab');
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).issues).toEqual([{ path: 'code', message: 'The code has 6 digits' }]);
    expect(await query(sql`select wrong_codes from test_gateway_wallet_attempts where id = ${attempt.attemptId}`)).toEqual([{ wrong_codes: 0 }]);
  });

  it('Pay pressed on two tabs at once (and a card at the same moment) charges once: one payment, one set of bookings, one success event', async () => {
    const { who, clientSecret, paymentId } = await checkout();
    const [tabA, tabB] = [await attemptFor(who, clientSecret, '01711234567'), await attemptFor(who, clientSecret, '01711234567')];
    const answers = await Promise.all([
      confirm(who, tabA.attemptId),
      confirm(who, tabA.attemptId),
      confirm(who, tabB.attemptId),
      asUser(t.app, who).post('/api/payments/test/confirm', { clientSecret, cardNumber: CARDS.success, expiry: futureExpiry(), cvc: '123' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.map((a) => confirmResultSchema.parse(a.json()))).toEqual(Array(4).fill({ status: 'succeeded', message: null, paymentId }));
    const settled = await moneyOf<{ method: string }>(who, clientSecret);
    // Whichever request charged, the payment names the method that did.
    expect(settled.gateway).toEqual([{ status: 'succeeded', method: expect.stringMatching(/^(bkash|card)$/) }]);
    expect(settled.payments).toEqual([{ status: 'succeeded', method: settled.gateway[0]!.method, refunded_minor: 0 }]);
    expect(settled.bookings).toEqual([{ status: 'confirmed' }, { status: 'confirmed' }]);
    expect(await query(sql`select type from payment_events where payment_id = ${paymentId}`)).toHaveLength(1);
    expect(await query(sql`select r.amount_minor from test_gateway_refunds r join test_gateway_intents i on i.ref = r.ref where i.client_secret = ${clientSecret}`)).toEqual([]);
  });

  it('a wallet charge whose outcome was lost is applied by the reconciler with the wallet that paid', async () => {
    const { who, clientSecret, paymentId } = await checkout();
    // The wallet paid, and the server died before it recorded the outcome.
    await t.database.db.execute(sql`update test_gateway_intents set status = 'succeeded', method = 'nagad' where client_secret = ${clientSecret}`);
    expect(await t.app.payments.reconcile({ userId: who.id })).toBe(1);
    const payment = paymentSchema.parse((await asUser(t.app, who).get(`/api/payments/${paymentId}`)).json());
    expect(payment).toMatchObject({ status: 'succeeded', method: 'nagad' });
  });

  it('a code for a checkout whose list changed is refused with 409', async () => {
    const { who, clientSecret } = await checkout();
    await t.database.db.execute(sql`update test_gateway_intents set status = 'canceled' where client_secret = ${clientSecret}`);
    const res = await start(who, clientSecret, '01711234567');
    expect(res.statusCode).toBe(409);
    expect(apiErrorSchema.parse(res.json()).message).toBe(BOOKING_LIST_CHANGED_MESSAGE);
  });

  it('asking for codes again and again is limited per customer (429), and she can still pay by card', async () => {
    const { who, clientSecret } = await checkout();
    for (let i = 0; i < 10; i += 1) expect((await start(who, clientSecret, '01711234567')).statusCode).toBe(200);
    const res = await start(who, clientSecret, '01711234567');
    expect(res.statusCode).toBe(429);
    expect(apiErrorSchema.parse(res.json()).message).toMatch(/^You have asked for several codes in a short time\. Please wait 15 minutes, or pay by card\.$/);
    expect(await query(sql`select count(*)::int as n from test_gateway_wallet_attempts a join test_gateway_intents i on i.ref = a.ref where i.client_secret = ${clientSecret}`)).toEqual([{ n: 10 }]);
  });
});
