/**
 * The Stripe gateway against a local server that answers as the Stripe API does for the calls we
 * make (the SDK pointed at it with its host, port and protocol options), and webhooks signed with
 * the SDK's own test header helper.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { asUser, openDay, readyToPay } from '../test/booking.js';
import { bookingListSchema, intentSchema, paymentSchema } from '../../shared/payments.js';
import { serviceListSchema } from '../../shared/service.js';

const WEBHOOK_SECRET = 'whsec_parlour_test_secret';

type Recorded = { method: string; path: string; form: URLSearchParams; idempotencyKey: string | undefined; auth: string | undefined };

/** A few Stripe endpoints, with Stripe's idempotency: the same key answers the first response again. */
function fakeStripe() {
  const requests: Recorded[] = [];
  const byKey = new Map<string, string>();
  let counter = 0;
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => resolve(body));
    });
  const server: Server = createServer(async (req, res) => {
    const form = new URLSearchParams(await read(req));
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    requests.push({ method: req.method!, path: req.url!, form, idempotencyKey, auth: req.headers.authorization });
    const send = (status: number, body: unknown) => {
      const json = JSON.stringify(body);
      if (idempotencyKey) byKey.set(idempotencyKey, json);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${counter}` }).end(json);
    };
    if (idempotencyKey && byKey.has(idempotencyKey)) {
      res.writeHead(200, { 'content-type': 'application/json', 'idempotent-replayed': 'true' }).end(byKey.get(idempotencyKey));
      return;
    }
    counter += 1;
    if (req.method === 'POST' && req.url === '/v1/payment_intents') {
      const id = `pi_fake_${counter}`;
      return send(200, {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency'),
        client_secret: `${id}_secret_${counter}`,
        status: 'requires_payment_method',
        metadata: {},
      });
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(req.url ?? '');
    if (req.method === 'POST' && cancel) return send(200, { id: cancel[1], object: 'payment_intent', status: 'canceled' });
    if (req.method === 'POST' && req.url === '/v1/refunds') {
      return send(200, { id: `re_fake_${counter}`, object: 'refund', amount: Number(form.get('amount')), payment_intent: form.get('payment_intent'), status: 'succeeded' });
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url})` } });
  });
  return { server, requests };
}

let t: TestApp;
let stripeApi: ReturnType<typeof fakeStripe>;
let admin: Account;
let serviceIds: { haircut: string; facial: string };
let day = 3;
const sdk = new Stripe('sk_test_for_signing_only');

beforeAll(async () => {
  stripeApi = fakeStripe();
  await new Promise<void>((resolve) => stripeApi.server.listen(0, '127.0.0.1', resolve));
  const { port } = stripeApi.server.address() as AddressInfo;
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_parlour',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_parlour',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: `http://127.0.0.1:${port}`,
    },
  });
  admin = await signUpAdmin(t.app);
  const catalogue = serviceListSchema.parse((await t.app.inject({ url: '/api/service' })).json());
  serviceIds = { haircut: catalogue.find((s) => s.price === 1200 && s.duration === 60)!._id, facial: catalogue.find((s) => s.title === 'Signature Glow Facial')!._id };
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => stripeApi.server.close(resolve));
});

async function checkout() {
  const who = await signUp(t.app);
  await readyToPay(t.app, who, [
    { serviceId: serviceIds.haircut, time: '11:00' },
    { serviceId: serviceIds.facial, time: '15:00' },
  ], openDay((day += 1)));
  const res = await asUser(t.app, who).post('/api/create-payment-intent', { price: 3700 });
  expect(res.statusCode, res.body).toBe(200);
  return { who, intent: intentSchema.parse(res.json()) };
}

function webhook(payload: string, header = sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })) {
  return t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload });
}

function event(id: string, type: string, object: Record<string, unknown>) {
  return JSON.stringify({ id, object: 'event', type, api_version: '2026-10-28', created: Math.floor(Date.now() / 1000), data: { object } });
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
    expect((await t.app.inject({ url: '/api/payments/config' })).json()).toEqual({ gateway: 'stripe', publishableKey: 'pk_test_parlour' });
    // The test gateway's card form does not exist in Stripe mode.
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/test/confirm', headers: { origin: t.config.publicUrl }, payload: {} })).statusCode).toBe(404);
  });

  it('confirms only on the signed payment_intent.succeeded webhook; a replay changes nothing', async () => {
    const { who, intent } = await checkout();
    expect((await statusOf(who, intent.paymentId)).status).toBe('pending');
    const payload = event('evt_success_1', 'payment_intent.succeeded', { id: refOf(intent.clientSecret), object: 'payment_intent', amount: 370000, currency: 'bdt' });
    const res = await webhook(payload);
    expect(res.statusCode, res.body).toBe(200);
    expect((await statusOf(who, intent.paymentId)).status).toBe('succeeded');
    expect(bookingListSchema.parse((await asUser(t.app, who).get('/api/bookings')).json()).map((b) => b.status)).toEqual(['confirmed', 'confirmed']);

    expect((await webhook(payload)).statusCode).toBe(200);
    const rows = ((await t.database.db.execute(sql`select count(*)::int as n from bookings where user_id = ${who.id}`)) as unknown as { rows: { n: number }[] }).rows;
    expect(rows[0]!.n).toBe(2);
  });

  it('refuses a tampered event, a wrong secret and a stale signature with 400, changing nothing', async () => {
    const { who, intent } = await checkout();
    const genuine = event('evt_tamper', 'payment_intent.succeeded', { id: 'pi_someone_else', object: 'payment_intent', amount: 370000 });
    const header = sdk.webhooks.generateTestHeaderString({ payload: genuine, secret: WEBHOOK_SECRET });
    const tampered = genuine.replace('pi_someone_else', refOf(intent.clientSecret));
    expect((await webhook(tampered, header)).statusCode).toBe(400);
    const forged = event('evt_forged', 'payment_intent.succeeded', { id: refOf(intent.clientSecret), object: 'payment_intent', amount: 370000 });
    expect((await webhook(forged, sdk.webhooks.generateTestHeaderString({ payload: forged, secret: 'whsec_wrong' }))).statusCode).toBe(400);
    const old = sdk.webhooks.generateTestHeaderString({ payload: forged, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 });
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
    await webhook(event('evt_success_2', 'payment_intent.succeeded', { id: ref, object: 'payment_intent', amount: 370000 }));
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
    await webhook(event('evt_success_3', 'payment_intent.succeeded', { id: refOf(intent.clientSecret), object: 'payment_intent', amount: 370000 }));
    const [first] = bookingListSchema.parse((await asUser(t.app, who).get('/api/bookings?when=upcoming')).json());
    const res = await asUser(t.app, admin).post(`/api/bookings/${first!._id}/cancel`, {});
    expect(res.statusCode, res.body).toBe(200);
    const refund = stripeApi.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(refund.form.get('payment_intent')).toBe(refOf(intent.clientSecret));
    expect(refund.form.get('amount')).toBe('120000');
    expect(refund.idempotencyKey).toBe(`refund:${first!._id}`);
    expect(await statusOf(who, intent.paymentId)).toMatchObject({ status: 'partially_refunded', refunded: 1200 });
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
