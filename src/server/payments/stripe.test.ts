/**
 * The Stripe gateway against a local server that answers as the Stripe API does for the calls we
 * make (test/fake-stripe.ts), and webhooks signed with the SDK's own test header helper.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { signUpAdmin, type Account } from '../test/accounts.js';
import { asUser, distinctOpenDays } from '../test/booking.js';
import { checkoutOfTwo, twoServices } from '../test/appointments.js';
import { FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from '../test/fake-stripe.js';
import { paymentEvents } from '../db/schema.js';
import { rowsOf } from '../db/rows.js';
import { bookingListSchema, paymentSchema } from '../../shared/payments.js';

let t: TestApp;
let stripeApi: FakeStripe;
let admin: Account;
let serviceIds: { haircut: string; facial: string };
const nextDay = distinctOpenDays(4);
const sdk = new Stripe('sk_test_for_signing_only');

beforeAll(async () => {
  stripeApi = await startFakeStripe();
  t = await createTestApp({ env: stripeApi.env });
  admin = await signUpAdmin(t.app);
  serviceIds = await twoServices(t.app);
});
afterAll(async () => {
  await t?.close();
  await stripeApi?.close();
});

const checkout = () => checkoutOfTwo(t.app, serviceIds, nextDay());

function webhook(payload: string, header = sdk.webhooks.generateTestHeaderString({ payload, secret: FAKE_STRIPE_WEBHOOK_SECRET })) {
  return t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload });
}

function event(id: string, type: string, object: Record<string, unknown>) {
  return JSON.stringify({ id, object: 'event', type, api_version: '2026-10-28', created: Math.floor(Date.now() / 1000), data: { object } });
}

/** The customer pays in Stripe's frame, and Stripe signs the event that says so. */
function paidAtStripe(ref: string, eventId?: string) {
  stripeApi.succeed(ref);
  return stripeApi.succeededEvent(ref, eventId).payload;
}

async function rows(query: SQL): Promise<unknown[]> {
  return rowsOf(t.database.db, query);
}

/** Everything a webhook can change for one payment: the payment, its bookings, the events applied, the mail sent. */
async function ledger(who: Account, paymentId: string, eventIds: string[]) {
  return {
    payment: await rows(sql`select * from payments where id = ${paymentId}`),
    bookings: await rows(sql`select * from bookings where payment_id = ${paymentId} order by id`),
    events: await t.database.db.select({ id: paymentEvents.id, type: paymentEvents.type }).from(paymentEvents).where(inArray(paymentEvents.id, eventIds)).orderBy(paymentEvents.id),
    mails: await rows(sql`select "to", subject from outbox where "to" = ${who.email} order by created_at, id`),
    cart: await rows(sql`select id from cart_items where user_id = ${who.id} order by id`),
    refunds: stripeApi.requests.filter((r) => r.path === '/v1/refunds').length,
  };
}

const confirmationsTo = async (who: Account) => rows(sql`select id from outbox where "to" = ${who.email} and subject = 'Your Parlour appointments are confirmed'`);

/**
 * The confirmation e-mail goes out after the webhook has answered. To say 'no second e-mail'
 * without sleeping, another customer then goes through a whole checkout and her e-mail is awaited:
 * a mail a replay started (a whole checkout earlier, on the same mailer) is stored by then.
 */
async function laterMailsSettled() {
  const { who, intent } = await checkout();
  expect((await webhook(paidAtStripe(refOf(intent.clientSecret)))).statusCode).toBe(200);
  await expect.poll(async () => (await confirmationsTo(who)).length).toBe(1);
}

const refOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;
const statusOf = async (who: Account, paymentId: string) => paymentSchema.parse((await asUser(t.app, who).get(`/api/payments/${paymentId}`)).json());

describe('Stripe gateway', () => {
  it('creates a PaymentIntent for the server-computed amount, with an idempotency key, and hands the browser its publishable key', async () => {
    const { intent } = await checkout();
    expect(intent).toMatchObject({ gateway: 'stripe', publishableKey: 'pk_test_parlour', amount: 3700, currency: 'BDT' });
    const created = stripeApi.requests.filter((r) => r.path === '/v1/payment_intents').at(-1)!;
    expect(created.form.get('amount')).toBe('370000');
    expect(created.form.get('currency')).toBe('bdt');
    expect(created.form.get('automatic_payment_methods[enabled]')).toBe('true');
    expect(created.idempotencyKey).toBe(`intent:${intent.paymentId}`);
    expect(created.auth).toBe('Bearer sk_test_parlour');
    expect((await t.app.inject({ url: '/api/payments/config' })).json()).toEqual({ gateway: 'stripe', publishableKey: 'pk_test_parlour', testMode: false });
    // The test gateway's card form does not exist in Stripe mode.
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/test/confirm', headers: { origin: t.config.publicUrl }, payload: {} })).statusCode).toBe(404);
  });

  it('confirms only on the signed payment_intent.succeeded webhook; replays change nothing and send no second e-mail', async () => {
    const { who, intent } = await checkout();
    expect((await statusOf(who, intent.paymentId)).status).toBe('pending');
    const payload = paidAtStripe(refOf(intent.clientSecret), 'evt_success_1');
    const res = await webhook(payload);
    expect(res.statusCode, res.body).toBe(200);
    expect((await statusOf(who, intent.paymentId)).status).toBe('succeeded');
    expect(bookingListSchema.parse((await asUser(t.app, who).get('/api/bookings')).json()).map((b) => b.status)).toEqual(['confirmed', 'confirmed']);
    await expect.poll(async () => (await confirmationsTo(who)).length).toBe(1);
    const settled = await ledger(who, intent.paymentId, ['evt_success_1']);
    expect(settled).toMatchObject({ events: [{ id: 'evt_success_1', type: 'succeeded' }], cart: [], mails: [{ to: who.email }] });
    expect(settled.bookings).toHaveLength(2);

    // Stripe delivers at least once: the same event again, later, and again.
    for (let i = 0; i < 3; i += 1) expect((await webhook(payload)).statusCode).toBe(200);
    await laterMailsSettled();
    expect(await ledger(who, intent.paymentId, ['evt_success_1'])).toEqual(settled);
  });

  it('a replayed failure, arriving after a newer one, does not bring back the older failure', async () => {
    const { who, intent } = await checkout();
    const ref = refOf(intent.clientSecret);
    const failure = (id: string, message: string) => event(id, 'payment_intent.payment_failed', { id: ref, object: 'payment_intent', amount: 370000, last_payment_error: { message } });
    const declined = failure('evt_fail_declined', 'Your card was declined.');
    expect((await webhook(declined)).statusCode).toBe(200);
    expect((await webhook(failure('evt_fail_funds', 'Your card has insufficient funds.'))).statusCode).toBe(200);
    expect(await statusOf(who, intent.paymentId)).toMatchObject({ status: 'failed', failureMessage: 'Your card has insufficient funds.' });
    const settled = await ledger(who, intent.paymentId, ['evt_fail_declined', 'evt_fail_funds']);
    expect(settled.events).toEqual([
      { id: 'evt_fail_declined', type: 'failed' },
      { id: 'evt_fail_funds', type: 'failed' },
    ]);

    // Stripe retries the first delivery (its answer was lost): it was applied already.
    expect((await webhook(declined)).statusCode).toBe(200);
    expect(await ledger(who, intent.paymentId, ['evt_fail_declined', 'evt_fail_funds'])).toEqual(settled);
    expect(await statusOf(who, intent.paymentId)).toMatchObject({ status: 'failed', failureMessage: 'Your card has insufficient funds.' });
  });

  it('the same event delivered 10 times at once, with a second event for the same charge: one payment, one set of bookings, one e-mail', async () => {
    const { who, intent } = await checkout();
    const ref = refOf(intent.clientSecret);
    const payload = paidAtStripe(ref, 'evt_burst');
    const other = stripeApi.succeededEvent(ref, 'evt_burst_other').payload;
    const answers = await Promise.all([...Array.from({ length: 10 }, () => webhook(payload)), webhook(other), webhook(other)]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));

    await laterMailsSettled();
    const after = await ledger(who, intent.paymentId, ['evt_burst', 'evt_burst_other']);
    expect(after.payment).toEqual([expect.objectContaining({ status: 'succeeded', refunded_minor: 0 })]);
    expect(after.bookings).toEqual([expect.objectContaining({ status: 'confirmed' }), expect.objectContaining({ status: 'confirmed' })]);
    expect(after.events.map((e) => e.id)).toEqual(['evt_burst', 'evt_burst_other']);
    expect(after.mails).toEqual([{ to: who.email, subject: 'Your Parlour appointments are confirmed' }]);
    expect(after.cart).toEqual([]);
    expect(stripeApi.requests.filter((r) => r.path === '/v1/refunds' && r.form.get('payment_intent') === ref)).toEqual([]);
    expect(await rows(sql`select id from bookings where user_id = ${who.id}`)).toHaveLength(2);
  });

  it('refuses a tampered event, a wrong secret and a stale signature with 400, changing nothing', async () => {
    const { who, intent } = await checkout();
    const genuine = event('evt_tamper', 'payment_intent.succeeded', { id: 'pi_someone_else', object: 'payment_intent', amount: 370000 });
    const header = sdk.webhooks.generateTestHeaderString({ payload: genuine, secret: FAKE_STRIPE_WEBHOOK_SECRET });
    const tampered = genuine.replace('pi_someone_else', refOf(intent.clientSecret));
    expect((await webhook(tampered, header)).statusCode).toBe(400);
    const forged = event('evt_forged', 'payment_intent.succeeded', { id: refOf(intent.clientSecret), object: 'payment_intent', amount: 370000 });
    expect((await webhook(forged, sdk.webhooks.generateTestHeaderString({ payload: forged, secret: 'whsec_wrong' }))).statusCode).toBe(400);
    const old = sdk.webhooks.generateTestHeaderString({ payload: forged, secret: FAKE_STRIPE_WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await webhook(forged, old)).statusCode).toBe(400);
    expect((await webhook(forged, 'garbage')).statusCode).toBe(400);
    expect((await statusOf(who, intent.paymentId)).status).toBe('pending');
  });

  it('a payment_failed event records the failure and keeps the list; a later success confirms', async () => {
    const { who, intent } = await checkout();
    const ref = refOf(intent.clientSecret);
    const failed = event('evt_fail_1', 'payment_intent.payment_failed', {
      id: ref,
      object: 'payment_intent',
      amount: 370000,
      last_payment_error: { message: 'Your card was declined.' },
    });
    expect((await webhook(failed)).statusCode).toBe(200);
    expect(await statusOf(who, intent.paymentId)).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });
    expect((await asUser(t.app, who).get('/api/cart')).json()).toHaveLength(2);
    await webhook(paidAtStripe(ref, 'evt_success_2'));
    expect((await statusOf(who, intent.paymentId)).status).toBe('succeeded');
    expect((await asUser(t.app, who).get('/api/cart')).json()).toEqual([]);
  });

  it('never confirms a charge of a different amount', async () => {
    const { who, intent } = await checkout();
    await webhook(event('evt_wrong_amount', 'payment_intent.succeeded', { id: refOf(intent.clientSecret), object: 'payment_intent', amount: 100 }));
    expect((await statusOf(who, intent.paymentId)).status).toBe('pending');
  });

  it('refunds a cancelled booking through Stripe with the amount and an idempotency key', async () => {
    const { who, intent } = await checkout();
    await webhook(paidAtStripe(refOf(intent.clientSecret), 'evt_success_3'));
    const [first] = bookingListSchema.parse((await asUser(t.app, who).get('/api/bookings?when=upcoming')).json());
    const res = await asUser(t.app, admin).post(`/api/bookings/${first!._id}/cancel`, {});
    expect(res.statusCode, res.body).toBe(200);
    const refund = stripeApi.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(refund.form.get('payment_intent')).toBe(refOf(intent.clientSecret));
    expect(refund.form.get('amount')).toBe('120000');
    expect(refund.idempotencyKey).toBe(`refund:${first!._id}`);
    expect(await statusOf(who, intent.paymentId)).toMatchObject({ status: 'partially_refunded', refunded: 1200 });
  });

  it("the reconciler reads Stripe's refunds: one made at Stripe and never recorded is recorded on its booking, once", async () => {
    const { who, intent } = await checkout();
    const ref = refOf(intent.clientSecret);
    await webhook(paidAtStripe(ref, 'evt_success_unrecorded_refund'));
    const [first] = bookingListSchema.parse((await asUser(t.app, who).get('/api/bookings?when=upcoming')).json());
    // What a request that died between the refund and its record leaves: Stripe's ledger only.
    await t.app.payments.gateway.refund({ ref, amountMinor: 120000, idempotencyKey: `refund:${first!._id}` });
    expect(stripeApi.refunds.at(-1)).toMatchObject({ payment_intent: ref, amount: 120000, metadata: { parlour_key: `refund:${first!._id}` } });
    expect(await statusOf(who, intent.paymentId)).toMatchObject({ status: 'succeeded', refunded: 0 });

    expect(await t.app.payments.reconcileRefunds()).toMatchObject({ recorded: 1, unmatched: 0 });
    expect(await statusOf(who, intent.paymentId)).toMatchObject({ status: 'partially_refunded', refunded: 1200 });
    const after = bookingListSchema.parse((await asUser(t.app, who).get('/api/bookings')).json()).find((b) => b._id === first!._id);
    expect(after).toMatchObject({ status: 'cancelled' });
    const asked = stripeApi.requests.length;
    expect(await t.app.payments.reconcileRefunds()).toMatchObject({ recorded: 0, reissued: 0, unmatched: 0 });
    // Once they agree, a minute of the reconciler is one list call at Stripe, not one per refunded payment.
    expect(stripeApi.requests.slice(asked).map((r) => `${r.method} ${r.path.replace(/\?.*/, '')}`)).toEqual(['GET /v1/refunds']);
  });

  it('a changed list cancels the older PaymentIntent at Stripe', async () => {
    const { who, intent } = await checkout();
    await asUser(t.app, who).post('/api/cart', { cartItemId: serviceIds.haircut });
    const [, , extra] = (await asUser(t.app, who).get('/api/cart')).json<{ _id: string }[]>();
    await asUser(t.app, who).patch(`/api/cart/${extra!._id}`, { startsAt: new Date(Date.parse((await asUser(t.app, who).get('/api/cart')).json<{ startsAt: string }[]>()[0]!.startsAt) + 3 * 3600_000).toISOString() });
    const next = await asUser(t.app, who).post('/api/create-payment-intent', { price: 4900 });
    expect(next.statusCode, next.body).toBe(200);
    expect(stripeApi.requests.some((r) => r.path === `/v1/payment_intents/${refOf(intent.clientSecret)}/cancel`)).toBe(true);
  });
});
