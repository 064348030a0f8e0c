/**
 * SSLCommerz end to end on loopback: the real app listening on a port (SSLCommerz's IPN and the
 * browser's return are HTTP posts to it) and the fake SSLCommerz (fake-server.ts) answering the
 * API, serving the hosted page and sending signed IPNs. Every outcome is checked where a customer
 * or the salon would see it: the payment, its bookings, the events applied, the refund ledger.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { freePort } from '../../test/free-port.js';
import type { Account } from '../../test/accounts.js';
import { asUser, distinctOpenDays } from '../../test/booking.js';
import { checkoutOfTwo, twoServices } from '../../test/appointments.js';
import { rowsOf } from '../../db/rows.js';
import { intentSchema, paymentSchema } from '../../../shared/payments.js';
import { startFakeSslCommerz, type FakeMethod, type FakeOutcome, type FakeSslCommerz } from './fake-server.js';
import { buildApp } from '../../app.js';

let t: TestApp;
let fake: FakeSslCommerz;
let publicUrl: string;
let serviceIds: { haircut: string; facial: string };
const nextDay = distinctOpenDays(4);
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

beforeAll(async () => {
  fake = await startFakeSslCommerz();
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  t = await createTestApp({ env: { ...fake.env, PUBLIC_URL: publicUrl } });
  await t.app.listen({ port, host: '127.0.0.1' });
  serviceIds = await twoServices(t.app);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
afterEach(() => fake.reset());

/** A customer with two held appointments (3,700 taka) who presses Pay. */
async function checkout() {
  const { who, intent } = await checkoutOfTwo(t.app, serviceIds, nextDay());
  return { who, intent, redirectUrl: intent.redirectUrl! };
}

/** The customer on the hosted page picks a way to pay and presses a button; the fake answers where her browser goes next. */
async function atHostedPage(redirectUrl: string, method: FakeMethod, outcome: FakeOutcome) {
  const res = await fetch(redirectUrl, { method: 'POST', headers: { ...FORM, accept: 'application/json' }, body: new URLSearchParams({ method, outcome }) });
  expect(res.status).toBe(200);
  return (await res.json()) as { returnUrl: string; fields: Record<string, string> };
}

/** Her browser posts the hosted page's form back to us, from SSLCommerz's site. */
async function browserReturns(back: { returnUrl: string; fields: Record<string, string> }) {
  const res = await fetch(back.returnUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...FORM, origin: fake.base, 'sec-fetch-site': 'cross-site' },
    body: new URLSearchParams(back.fields),
  });
  await res.body?.cancel();
  return { status: res.status, location: res.headers.get('location') };
}

const postIpn = async (fields: Record<string, string>) => {
  const res = await fetch(`${publicUrl}/api/payments/sslcommerz/ipn`, { method: 'POST', headers: FORM, body: new URLSearchParams(fields) });
  await res.body?.cancel();
  return res.status;
};

const statusOf = async (who: Account, paymentId: string) => paymentSchema.parse((await asUser(t.app, who).get(`/api/payments/${paymentId}`)).json());

/** Everything an outcome can change for one payment. */
async function ledger(paymentId: string) {
  return {
    payment: await rowsOf(t.database.db, sql`select status, method, failure_message, paid_at, refunded_minor from payments where id = ${paymentId}`),
    bookings: await rowsOf(t.database.db, sql`select id, status from bookings where payment_id = ${paymentId} order by id`),
    events: await rowsOf(t.database.db, sql`select id, type from payment_events where payment_id = ${paymentId} order by id`),
    confirmations: await rowsOf(t.database.db, sql`select id from pgboss.job where name = 'mail' and data->>'kind' = 'confirmation' and data->>'paymentId' = ${paymentId}`),
  };
}

async function expectPaid(who: Account, paymentId: string, method: string) {
  const payment = await statusOf(who, paymentId);
  expect(payment).toMatchObject({ status: 'succeeded', method, amount: 3700 });
  expect(payment.services.map((s) => s.status)).toEqual(['confirmed', 'confirmed']);
  const settled = await ledger(paymentId);
  expect(settled.events.filter((e) => (e as { type: string }).type === 'succeeded')).toHaveLength(1);
  expect(settled.confirmations).toHaveLength(1);
}

describe('SSLCommerz checkout', () => {
  it('opens a hosted-page session for the server-computed amount, with our tran_id and URLs, and sends the browser there', async () => {
    const { who, intent, redirectUrl } = await checkout();
    expect(intent).toMatchObject({ gateway: 'sslcommerz', publishableKey: null, amount: 3700, currency: 'BDT' });
    expect(redirectUrl.startsWith(`${fake.base}/EasyCheckOut/`)).toBe(true);
    const [payment] = await rowsOf<{ gateway_ref: string; gateway: string }>(t.database.db, sql`select gateway_ref, gateway from payments where id = ${intent.paymentId}`);
    const session = fake.sessionOf(redirectUrl)!;
    expect(Object.fromEntries(session)).toMatchObject({
      store_id: fake.storeId,
      total_amount: '3700.00',
      currency: 'BDT',
      tran_id: payment!.gateway_ref,
      success_url: `${publicUrl}/api/payments/sslcommerz/success`,
      fail_url: `${publicUrl}/api/payments/sslcommerz/fail`,
      cancel_url: `${publicUrl}/api/payments/sslcommerz/cancel`,
      ipn_url: `${publicUrl}/api/payments/sslcommerz/ipn`,
      cus_email: who.email,
      shipping_method: 'NO',
      num_of_item: '2',
    });
    expect(payment!.gateway_ref.length).toBeLessThanOrEqual(30);
    // The sandbox is Test mode on the payment page.
    expect((await t.app.inject({ url: '/api/payments/config' })).json()).toEqual({ gateway: 'sslcommerz', publishableKey: null, testMode: true });
    const page = await fetch(redirectUrl);
    expect(await page.text()).toContain('bKash');
  });

  it('paid by bKash on the hosted page: the IPN confirms the bookings and records bKash; the browser lands on her receipt', async () => {
    const { who, intent, redirectUrl } = await checkout();
    const back = await atHostedPage(redirectUrl, 'bkash', 'success');
    expect(fake.ipns.at(-1)!.status).toBe(200);
    await expectPaid(who, intent.paymentId, 'bkash');
    expect(await browserReturns(back)).toEqual({ status: 303, location: `/dashboard/appointment/done?payment=${intent.paymentId}` });
    await expectPaid(who, intent.paymentId, 'bkash');
    // Confirmed through the validation API, not on the posted fields' word.
    expect(fake.calls.some((c) => c.call === 'validate' && c.params.val_id === back.fields.val_id)).toBe(true);
  });

  it('paid by card with no IPN: the browser return alone, validated, confirms it and records card', async () => {
    fake.switches.ipn = 'skip';
    const { who, intent, redirectUrl } = await checkout();
    const back = await atHostedPage(redirectUrl, 'card', 'success');
    expect((await statusOf(who, intent.paymentId)).status).toBe('pending');
    expect(await browserReturns(back)).toMatchObject({ status: 303 });
    await expectPaid(who, intent.paymentId, 'card');
  });

  it('a failed payment leaves the payment payable; Pay again opens a new page for the same transaction, and paying there confirms', async () => {
    const { who, intent, redirectUrl } = await checkout();
    const back = await atHostedPage(redirectUrl, 'nagad', 'fail');
    expect(fake.ipns.at(-1)!.status).toBe(200);
    expect(await browserReturns(back)).toEqual({ status: 303, location: `/dashboard/appointment/done?payment=${intent.paymentId}` });
    const failed = await statusOf(who, intent.paymentId);
    expect(failed).toMatchObject({ status: 'failed', failureMessage: 'Your payment did not go through. You can try again.' });
    expect(failed.services.map((s) => s.status)).toEqual(['pending', 'pending']);
    // The IPN and the return told of one failed attempt: one decline.
    expect(failed.declines).toHaveLength(1);

    const again = intentSchema.parse((await asUser(t.app, who).post('/api/create-payment-intent', { price: 3700 })).json());
    expect(again.paymentId).toBe(intent.paymentId);
    expect(again.redirectUrl).not.toBe(redirectUrl);
    expect(fake.sessionOf(again.redirectUrl!)!.get('tran_id')).toBe(fake.sessionOf(redirectUrl)!.get('tran_id'));
    await atHostedPage(again.redirectUrl!, 'rocket', 'success');
    await expectPaid(who, intent.paymentId, 'rocket');
  });

  it('a cancelled payment says so and stays payable', async () => {
    const { who, intent, redirectUrl } = await checkout();
    await browserReturns(await atHostedPage(redirectUrl, 'card', 'cancel'));
    expect(await statusOf(who, intent.paymentId)).toMatchObject({ status: 'failed', failureMessage: 'You cancelled the payment. You can pay when you are ready.' });
  });
});

describe('outcomes that must not be believed, or applied twice', () => {
  it('refuses a forged IPN (bad verify_sign) and one without a signature: 400, nothing changes', async () => {
    fake.switches.ipn = 'forge';
    const { intent, redirectUrl } = await checkout();
    const before = await ledger(intent.paymentId);
    const back = await atHostedPage(redirectUrl, 'bkash', 'success');
    expect(fake.ipns.at(-1)!.status).toBe(400);
    const { verify_sign: _sign, ...unsigned } = back.fields;
    expect(await postIpn(unsigned)).toBe(400);
    expect(await postIpn({ ...back.fields, amount: '1.00' })).toBe(400);
    expect(await ledger(intent.paymentId)).toEqual(before);
    expect(fake.calls.filter((c) => c.call === 'validate' && c.params.val_id === back.fields.val_id)).toHaveLength(0);
  });

  it('a browser return saying VALID with a made-up val_id, for a payment nobody paid, changes nothing', async () => {
    const { intent, redirectUrl } = await checkout();
    const before = await ledger(intent.paymentId);
    const tranId = fake.sessionOf(redirectUrl)!.get('tran_id')!;
    const forged = { tran_id: tranId, val_id: 'val_made_up', status: 'VALID', amount: '3700.00', currency: 'BDT', card_type: 'BKASH-BKash' };
    expect(await browserReturns({ returnUrl: `${publicUrl}/api/payments/sslcommerz/success`, fields: forged })).toMatchObject({ status: 303 });
    expect(await ledger(intent.paymentId)).toEqual(before);
  });

  it('a replayed IPN is applied once', async () => {
    fake.switches.ipn = 'replay';
    const { who, intent, redirectUrl } = await checkout();
    await atHostedPage(redirectUrl, 'bkash', 'success');
    expect(fake.ipns.slice(-2).map((i) => i.status)).toEqual([200, 200]);
    await expectPaid(who, intent.paymentId, 'bkash');
    const settled = await ledger(intent.paymentId);
    expect((await fake.redeliver(fake.ipns.at(-1)!)).status).toBe(200);
    expect(await ledger(intent.paymentId)).toEqual(settled);
  });

  it.each([
    ['at once', 'both'],
    ['IPN first', 'ipn'],
    ['return first', 'return'],
  ] as const)('the IPN and the success return both arriving (%s) apply the payment once', async (_name, order) => {
    fake.switches.ipn = 'skip';
    const { who, intent, redirectUrl } = await checkout();
    const back = await atHostedPage(redirectUrl, 'bkash', 'success');
    // The browser's return carries the same signed fields the IPN does.
    if (order === 'both') {
      const [ipn, ret] = await Promise.all([postIpn(back.fields), browserReturns(back)]);
      expect([ipn, ret.status]).toEqual([200, 303]);
    } else if (order === 'ipn') {
      expect(await postIpn(back.fields)).toBe(200);
      expect((await browserReturns(back)).status).toBe(303);
    } else {
      expect((await browserReturns(back)).status).toBe(303);
      expect(await postIpn(back.fields)).toBe(200);
    }
    await expectPaid(who, intent.paymentId, 'bkash');
  });

  it('refuses a payment SSLCommerz validates for another amount: nothing is confirmed, by the IPN, the return or the reconciler', async () => {
    fake.switches.reportAmount = '37.00';
    const { who, intent, redirectUrl } = await checkout();
    const before = await ledger(intent.paymentId);
    const back = await atHostedPage(redirectUrl, 'bkash', 'success');
    expect(fake.ipns.at(-1)!.status).toBe(200);
    expect((await browserReturns(back)).status).toBe(303);
    await t.app.payments.reconcile();
    const after = await ledger(intent.paymentId);
    expect(after.payment).toEqual(before.payment);
    expect(after.bookings).toEqual(before.bookings);
    expect(after.confirmations).toEqual([]);
    expect((await statusOf(who, intent.paymentId)).status).toBe('pending');
  });

  it('a payment SSLCommerz calls risky waits for a person: nothing is confirmed, by the IPN or the reconciler', async () => {
    fake.switches.risky = true;
    const { who, intent, redirectUrl } = await checkout();
    const before = await ledger(intent.paymentId);
    await browserReturns(await atHostedPage(redirectUrl, 'card', 'success'));
    expect(fake.ipns.at(-1)!.status).toBe(200);
    await t.app.payments.reconcile();
    expect(await ledger(intent.paymentId)).toEqual(before);
    expect((await statusOf(who, intent.paymentId)).status).toBe('pending');
  });

  it('a payment whose IPN never comes (and whose customer never returns) is applied by the reconciler', async () => {
    fake.switches.ipn = 'skip';
    const { who, intent, redirectUrl } = await checkout();
    const back = await atHostedPage(redirectUrl, 'bkash', 'success');
    expect((await statusOf(who, intent.paymentId)).status).toBe('pending');
    await t.app.payments.reconcile();
    expect(fake.calls.some((c) => c.call === 'query' && c.params.tran_id === back.fields.tran_id)).toBe(true);
    const paid = await statusOf(who, intent.paymentId);
    expect(paid.status).toBe('succeeded');
    expect(paid.services.map((s) => s.status)).toEqual(['confirmed', 'confirmed']);
  });

  it('a return for a transaction we do not know changes nothing and goes to her payment history', async () => {
    expect(await browserReturns({ returnUrl: `${publicUrl}/api/payments/sslcommerz/success`, fields: { tran_id: 'prlnosuchtransaction', val_id: 'val1' } })).toEqual({
      status: 303,
      location: '/dashboard/paymentHistory',
    });
    const res = await fetch(`${publicUrl}/api/payments/sslcommerz/success`, { method: 'POST', headers: FORM, body: new URLSearchParams({ status: 'VALID' }) });
    expect(res.status).toBe(400);
  });
});

describe('refunds through SSLCommerz', () => {
  it('cancelling a paid booking asks the refund API with the bank transaction id, keeps refund_ref_id, and the reconciler records the later status', async () => {
    const { who, intent, redirectUrl } = await checkout();
    const back = await atHostedPage(redirectUrl, 'bkash', 'success');
    await expectPaid(who, intent.paymentId, 'bkash');
    const booking = (await statusOf(who, intent.paymentId)).services[0]!;
    const cancelled = await asUser(t.app, who).post(`/api/bookings/${booking.bookingId}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const asked = fake.calls.filter((c) => c.call === 'refund');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.params).toMatchObject({ bank_tran_id: back.fields.bank_tran_id, refund_amount: `${booking.price}.00` });
    const refund = fake.refunds.find((r) => r.bankTranId === back.fields.bank_tran_id)!;
    const ledgerRow = async () =>
      (await rowsOf(t.database.db, sql`select idempotency_key, refund_ref_id, status, amount_minor from sslcommerz_refunds where tran_id = ${back.fields.tran_id}`))[0];
    expect(await ledgerRow()).toEqual({ idempotency_key: `refund:${booking.bookingId}`, refund_ref_id: refund.refId, status: 'processing', amount_minor: booking.price * 100 });
    expect((await statusOf(who, intent.paymentId)).refunded).toBe(booking.price);

    // Asked again with the same key (a double click, the reconciler): no second refund.
    await t.app.payments.refundBooking(booking.bookingId, back.fields.tran_id!, booking.price * 100);
    expect(fake.calls.filter((c) => c.call === 'refund')).toHaveLength(1);

    fake.settleRefund(refund.refId);
    expect(await t.app.payments.reconcileRefunds()).toEqual({ recorded: 0, reissued: 0, unmatched: 0 });
    expect(fake.calls.some((c) => c.call === 'refund-status' && c.params.refund_ref_id === refund.refId)).toBe(true);
    expect(await ledgerRow()).toMatchObject({ status: 'refunded' });
  });
});

describe('refunds SSLCommerz does not make at once', () => {
  const ledgerRows = (tranId: string) => rowsOf(t.database.db, sql`select idempotency_key, status, refund_ref_id from sslcommerz_refunds where tran_id = ${tranId}`);

  it('a refused refund keeps the cancellation decided; the reconciler asks again with the same key, once', async () => {
    const { who, intent, redirectUrl } = await checkout();
    const back = await atHostedPage(redirectUrl, 'bkash', 'success');
    const booking = (await statusOf(who, intent.paymentId)).services[0]!;
    fake.switches.fail = { call: 'refund', how: 'refuse' };
    const refused = await asUser(t.app, who).post(`/api/bookings/${booking.bookingId}/cancel`, {});
    expect(refused.statusCode, refused.body).toBe(503);
    expect(await ledgerRows(back.fields.tran_id!)).toEqual([{ idempotency_key: `refund:${booking.bookingId}`, status: 'failed', refund_ref_id: null }]);
    expect((await statusOf(who, intent.paymentId)).refunded).toBe(0);

    fake.reset();
    await t.database.db.execute(sql`update bookings set cancel_requested_at = now() - interval '2 minutes' where id = ${booking.bookingId}`);
    expect(await t.app.bookings.finishDecidedCancellations()).toBe(1);
    const made = fake.refunds.filter((r) => r.bankTranId === back.fields.bank_tran_id);
    expect(made).toHaveLength(1);
    expect(await ledgerRows(back.fields.tran_id!)).toEqual([{ idempotency_key: `refund:${booking.bookingId}`, status: 'processing', refund_ref_id: made[0]!.refId }]);
    expect((await statusOf(who, intent.paymentId)).refunded).toBe(booking.price);
  });

  it('a refund request that never got its answer is not asked again blindly: a person is asked to check it', async () => {
    const { who, intent, redirectUrl } = await checkout();
    const back = await atHostedPage(redirectUrl, 'bkash', 'success');
    const booking = (await statusOf(who, intent.paymentId)).services[0]!;
    const key = `refund:${booking.bookingId}`;
    // As if the process had died after claiming the key and sending the request.
    await t.database.db.execute(
      sql`insert into sslcommerz_refunds (idempotency_key, tran_id, amount_minor, status, updated_at) values (${key}, ${back.fields.tran_id!}, ${booking.price * 100}, 'requested', now() - interval '10 minutes')`,
    );
    const asked = fake.calls.filter((c) => c.call === 'refund').length;
    await expect(t.app.payments.refundBooking(booking.bookingId, back.fields.tran_id!, booking.price * 100)).rejects.toThrow(/check the transaction in SSLCommerz/);
    expect(fake.calls.filter((c) => c.call === 'refund')).toHaveLength(asked);
  });
});

describe('SSLCommerz configured', () => {
  it('documents its routes in the API document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
    for (const way of ['ipn', 'success', 'fail', 'cancel']) expect(doc.paths).toHaveProperty([`/api/payments/sslcommerz/${way}`]);
  });

  it('a production server on the sandbox says so loudly at start', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: { ...t.config, nodeEnv: 'production' },
      database: t.database,
      clientDir: undefined,
      logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      await app.ready();
      expect(lines.map((line) => JSON.parse(line) as { level: number; msg: string })).toContainEqual(
        expect.objectContaining({ level: 40, msg: expect.stringMatching(/^SSLCOMMERZ_SANDBOX is on in production/) }),
      );
      expect(lines.join('\n')).not.toContain(fake.storePassword);
    } finally {
      await app.close();
    }
  });
});

describe('SSLCommerz failing', () => {
  it('a session SSLCommerz refuses answers a 500 that names no secret, and Pay again works once it is back', async () => {
    const { who } = await checkout();
    fake.switches.fail = { call: 'session', how: 'refuse' };
    const res = await asUser(t.app, who).post('/api/create-payment-intent', { price: 3700 });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(fake.storePassword);
    fake.reset();
    const again = await asUser(t.app, who).post('/api/create-payment-intent', { price: 3700 });
    expect(again.statusCode).toBe(200);
    expect(intentSchema.parse(again.json()).redirectUrl).toMatch(/EasyCheckOut/);
  });

  it('an IPN that cannot be validated just now answers 503 (SSLCommerz sends it again) and changes nothing', async () => {
    const { intent, redirectUrl } = await checkout();
    fake.switches.ipn = 'skip';
    const back = await atHostedPage(redirectUrl, 'bkash', 'success');
    const before = await ledger(intent.paymentId);
    fake.switches.fail = { call: 'validate', how: 'http500' };
    expect(await postIpn(back.fields)).toBe(503);
    // Her browser still lands on the receipt, which waits for the outcome.
    expect(await browserReturns(back)).toEqual({ status: 303, location: `/dashboard/appointment/done?payment=${intent.paymentId}` });
    expect(await ledger(intent.paymentId)).toEqual(before);
  });
});
