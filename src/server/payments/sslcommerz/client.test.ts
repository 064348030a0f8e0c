/**
 * The SSLCommerz client against the fake on loopback: its answers typed, its failures GatewayErrors
 * that never carry the store password; and the IPN signature rule checked against a string
 * written out by hand from SSLCommerz's samples (not from our own function).
 */
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError } from '../gateway.js';
import { SslCommerzClient, amountFromMinor, hasValidIpnSignature, ipnSignatureOf, minorFromAmount, type SessionRequest } from './client.js';
import { methodOf } from './sslcommerz-gateway.js';
import { startFakeSslCommerz, type FakeSslCommerz } from './fake-server.js';

let fake: FakeSslCommerz;
let client: SslCommerzClient;
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

const session: SessionRequest = {
  tranId: 'prltest0001',
  amountMinor: 120050,
  currency: 'BDT',
  successUrl: 'http://127.0.0.1:1/s',
  failUrl: 'http://127.0.0.1:1/f',
  cancelUrl: 'http://127.0.0.1:1/c',
  ipnUrl: 'http://127.0.0.1:1/ipn',
  customer: { name: 'Nusrat', email: 'nusrat@example.com', phone: 'Not collected' },
  productName: 'Haircut',
  numOfItems: 1,
};

beforeAll(async () => {
  fake = await startFakeSslCommerz();
  // Time enough for the fake on a loaded machine (300 ms ran out under CI's load on a call the fake
  // answers); the hanging call has its own short limit below.
  client = new SslCommerzClient({ storeId: fake.storeId, storePassword: fake.storePassword, apiBase: new URL(fake.base), timeoutMs: 10_000 });
});
afterAll(async () => fake?.close());
afterEach(() => fake.reset());

/** The error a call fails with, checked to be a GatewayError that names no secret. */
async function failureOf(call: Promise<unknown>): Promise<GatewayError> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GatewayError);
  const error = err as GatewayError;
  const everything = `${error.message} ${String(error.stack)} ${String(error.cause)} ${JSON.stringify(error)}`;
  expect(everything).not.toContain(fake.storePassword);
  return error;
}

describe('IPN signature', () => {
  const password = 'store@ssl';
  const fields = { tran_id: 'T1', val_id: 'V1', amount: '100.00', status: 'VALID', card_type: 'BKASH-BKash', verify_key: 'tran_id,val_id,amount,status' };
  // Signed fields and md5(password), sorted by key, joined as key=value&...; card_type is not in verify_key.
  const expected = md5(`amount=100.00&status=VALID&store_passwd=${md5(password)}&tran_id=T1&val_id=V1`);

  it('is the md5 of the sorted key=value string of the verify_key fields plus store_passwd=md5(password)', () => {
    expect(ipnSignatureOf(fields, password)).toBe(expected);
    expect(hasValidIpnSignature({ ...fields, verify_sign: expected }, password)).toBe(true);
  });

  it('refuses a wrong password, a changed field, a missing signature or verify_key', () => {
    expect(hasValidIpnSignature({ ...fields, verify_sign: expected }, 'other')).toBe(false);
    expect(hasValidIpnSignature({ ...fields, amount: '1.00', verify_sign: expected }, password)).toBe(false);
    expect(hasValidIpnSignature(fields, password)).toBe(false);
    const { verify_key: _key, ...withoutKey } = fields;
    expect(hasValidIpnSignature({ ...withoutKey, verify_sign: expected }, password)).toBe(false);
  });
});

describe('amounts and methods', () => {
  it('reads and writes taka strings as poisha without floating point', () => {
    expect(minorFromAmount('1200.50')).toBe(120050);
    expect(minorFromAmount('1200.5')).toBe(120050);
    expect(minorFromAmount('3700')).toBe(370000);
    expect(minorFromAmount('0.07')).toBe(7);
    expect(minorFromAmount('abc')).toBeNull();
    expect(minorFromAmount('-5.00')).toBeNull();
    expect(amountFromMinor(120050)).toBe('1200.50');
    expect(amountFromMinor(7)).toBe('0.07');
  });

  it('maps card_type and card_brand to how she paid', () => {
    expect(methodOf('BKASH-BKash', 'MOBILEBANKING')).toBe('bkash');
    expect(methodOf('NAGAD-Nagad', 'MOBILEBANKING')).toBe('nagad');
    expect(methodOf('DBBLMOBILEB-Dbbl Mobile Banking', 'MOBILEBANKING')).toBe('rocket');
    expect(methodOf('VISA-Dutch Bangla', 'VISA')).toBe('card');
    expect(methodOf('MASTER-City Bank', 'MASTERCARD')).toBe('card');
    expect(methodOf('CITYTOUCH-City Bank', 'IB')).toBe('bank');
    expect(methodOf('UPAY-Upay', 'MOBILEBANKING')).toBeNull();
  });
});

describe('SSLCommerz client', () => {
  it('opens a session and reads the validation and the transaction query', async () => {
    const opened = await client.openSession(session);
    expect(opened.gatewayPageUrl).toMatch(new RegExp(`^${fake.base}/EasyCheckOut/`));
    expect(fake.sessionOf(opened.gatewayPageUrl)!.get('total_amount')).toBe('1200.50');
    expect(await client.attemptsOf(session.tranId)).toEqual([]);
    const paid = await fetch(opened.gatewayPageUrl, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'method=bkash&outcome=success',
    });
    const { fields } = (await paid.json()) as { fields: Record<string, string> };
    expect(await client.validate(fields.val_id!)).toMatchObject({ status: 'VALID', tranId: session.tranId, amountMinor: 120050, currency: 'BDT', cardType: 'BKASH-BKash' });
    // Validated once, SSLCommerz says VALIDATED after.
    expect((await client.validate(fields.val_id!)).status).toBe('VALIDATED');
    expect(await client.attemptsOf(session.tranId)).toEqual([expect.objectContaining({ status: 'VALIDATED', valId: fields.val_id, amountMinor: 120050 })]);
    expect((await client.validate('no-such-val')).status).toBe('INVALID_TRANSACTION');
  });

  it('a session SSLCommerz refuses is a GatewayError with its reason', async () => {
    fake.switches.fail = { call: 'session', how: 'refuse' };
    expect((await failureOf(client.openSession(session))).message).toBe('SSLCommerz refused to open a payment session: Store is under maintenance');
    fake.reset();
    const wrong = new SslCommerzClient({ storeId: fake.storeId, storePassword: 'not-the-password', apiBase: new URL(fake.base) });
    expect((await failureOf(wrong.openSession(session))).message).toContain('Store Credential Error');
  });

  it('HTTP 500, no answer in time and no server at all are GatewayErrors naming the call, never the password', async () => {
    fake.switches.fail = { call: 'validate', how: 'http500' };
    expect((await failureOf(client.validate('v'))).message).toBe('SSLCommerz answered HTTP 500 when asked to validate a payment');
    fake.switches.fail = { call: 'query', how: 'hang' };
    const impatient = new SslCommerzClient({ storeId: fake.storeId, storePassword: fake.storePassword, apiBase: new URL(fake.base), timeoutMs: 300 });
    expect((await failureOf(impatient.attemptsOf('t'))).message).toBe('SSLCommerz did not answer in time (300 ms) to look up a transaction');
    fake.switches.fail = { call: 'refund', how: 'refuse' };
    expect((await failureOf(client.refund({ bankTranId: 'b', amountMinor: 100, remarks: 'r', refeId: 'x' }))).message).toBe(
      'SSLCommerz refused the refund: Refund is not allowed now',
    );
    const nowhere = new SslCommerzClient({ storeId: fake.storeId, storePassword: fake.storePassword, apiBase: new URL('http://127.0.0.1:9/') });
    expect((await failureOf(nowhere.refundState('r'))).message).toBe('SSLCommerz could not be reached to look up a refund');
  });
});
