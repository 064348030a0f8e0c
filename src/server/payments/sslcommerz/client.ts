/**
 * A small typed client for SSLCommerz's API v4, on Node's fetch. Why not the `sslcommerz-lts`
 * package: docs/decisions/040-sslcommerz.md. The endpoints, fields and answers are the ones
 * SSLCommerz documents at developer.sslcommerz.com/doc/v4/ (session, validation, transaction
 * query, refund and refund query); every call has a timeout, and every failure is a GatewayError
 * whose message names the call, never the store password (which travels in the query string of
 * the GET calls, as the API asks, so no URL is ever put in a message).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { GatewayError } from '../gateway.js';

export type SslCommerzSettings = {
  storeId: string;
  storePassword: string;
  /** https://sandbox.sslcommerz.com, https://securepay.sslcommerz.com, or a fake's address. */
  apiBase: URL;
  /** Per call; the hosted page waits for nothing of ours, so a slow answer is a failed one. */
  timeoutMs?: number;
};

export type SessionRequest = {
  tranId: string;
  amountMinor: number;
  currency: string;
  successUrl: string;
  failUrl: string;
  cancelUrl: string;
  ipnUrl: string;
  customer: { name: string; email: string; phone: string };
  productName: string;
  numOfItems: number;
};


/** One attempt to pay a tran_id (a customer may try, fail and try again on a new page). */
export type TransactionAttempt = {
  status: string;
  valId: string;
  amountMinor: number | null;
  currency: string;
  bankTranId: string;
  cardType: string;
  cardBrand: string;
  /** '0' safe, '1' risky: SSLCommerz asks merchants to hold the service until they have checked it. */
  riskLevel: string;
};

/** A validated (or refused) payment, as the validation API reports it. */
export type Validation = TransactionAttempt & { tranId: string };

export type RefundAnswer = { status: 'success' | 'processing'; refundRefId: string };
export type RefundState = 'refunded' | 'processing' | 'cancelled';

/** Statuses of a paid transaction: VALID until the merchant has validated it once, VALIDATED after. */
export const PAID_STATUSES: ReadonlySet<string> = new Set(['VALID', 'VALIDATED']);

/** '1200.50' (the API's amounts are decimal strings in taka) as 120050 poisha; null if it is not one. */
export function minorFromAmount(amount: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2})\d*)?$/.exec(amount.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 120050 poisha as '1200.50', without floating point. */
export function amountFromMinor(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/**
 * The IPN's `verify_sign`: the md5 of `key=value&...` over the fields named in `verify_key` (those
 * present), plus `store_passwd` = md5(store password), sorted by key. This is the rule of
 * SSLCommerz's own integration samples (the PHP `_SSLCOMMERZ_hash_verify`/`ipn_hash_varify` in
 * its SDKs and in sslcommerz/SSLCommerz-WHMCS): values are taken as posted (no URL encoding),
 * keys sorted as PHP's ksort sorts strings. Undefined when the fields carry no verify_key.
 */
export function ipnSignatureOf(fields: Readonly<Record<string, string>>, storePassword: string): string | undefined {
  const verifyKey = fields.verify_key;
  if (!verifyKey) return undefined;
  const signed = new Map<string, string>();
  for (const key of verifyKey.split(',')) {
    const value = fields[key];
    if (value !== undefined) signed.set(key, value);
  }
  signed.set('store_passwd', md5(storePassword));
  const keys = [...signed.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return md5(keys.map((key) => `${key}=${signed.get(key)}`).join('&'));
}

/** Whether an IPN's fields carry a verify_sign made with our store password. */
export function hasValidIpnSignature(fields: Readonly<Record<string, string>>, storePassword: string): boolean {
  const expected = ipnSignatureOf(fields, storePassword);
  const given = fields.verify_sign;
  if (!expected || !given || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given.toLowerCase()), Buffer.from(expected));
}

const text = z.preprocess((v) => (v === null || v === undefined ? '' : String(v)), z.string());

const sessionAnswer = z.object({ status: text, failedreason: text, sessionkey: text, GatewayPageURL: text });
const validationAnswer = z.object({
  status: text,
  tran_id: text,
  val_id: text,
  amount: text,
  currency: text,
  card_type: text,
  card_brand: text,
  bank_tran_id: text,
  risk_level: text,
});
const queryAnswer = z.object({
  APIConnect: text,
  no_of_trans_found: z.coerce.number().optional(),
  element: z.array(validationAnswer.omit({ tran_id: true })).nullish(),
});
const refundAnswer = z.object({ APIConnect: text, status: text, refund_ref_id: text, errorReason: text });
const refundStateAnswer = z.object({ APIConnect: text, status: text, errorReason: text });

export class SslCommerzClient {
  private readonly timeoutMs: number;

  constructor(private readonly settings: SslCommerzSettings) {
    this.timeoutMs = settings.timeoutMs ?? 15_000;
  }

  /** Opens a hosted-page session: where the customer is sent to pay `tranId`. */
  async openSession(request: SessionRequest): Promise<{ sessionKey: string; gatewayPageUrl: string }> {
    const form = new URLSearchParams({
      store_id: this.settings.storeId,
      store_passwd: this.settings.storePassword,
      total_amount: amountFromMinor(request.amountMinor),
      currency: request.currency,
      tran_id: request.tranId,
      success_url: request.successUrl,
      fail_url: request.failUrl,
      cancel_url: request.cancelUrl,
      ipn_url: request.ipnUrl,
      cus_name: request.customer.name,
      cus_email: request.customer.email,
      cus_phone: request.customer.phone,
      // The API requires an address; a salon visit ships nothing, so the salon's city stands in.
      cus_add1: 'Dhaka',
      cus_city: 'Dhaka',
      cus_country: 'Bangladesh',
      shipping_method: 'NO',
      num_of_item: String(request.numOfItems),
      product_name: request.productName,
      product_category: 'Beauty services',
      product_profile: 'non-physical-goods',
    });
    const answer = sessionAnswer.parse(await this.call('open a payment session', '/gwprocess/v4/api.php', { method: 'POST', body: form }));
    if (answer.status !== 'SUCCESS' || !answer.GatewayPageURL) {
      throw new GatewayError(`SSLCommerz refused to open a payment session: ${answer.failedreason || answer.status || 'no reason given'}`);
    }
    return { sessionKey: answer.sessionkey, gatewayPageUrl: answer.GatewayPageURL };
  }

  /** The validation API: what SSLCommerz says of the payment behind `valId`. */
  async validate(valId: string): Promise<Validation> {
    const answer = validationAnswer.parse(
      await this.call('validate a payment', '/validator/api/validationserverAPI.php', { query: { val_id: valId, v: '1' } }),
    );
    return { ...attemptOf(answer), tranId: answer.tran_id };
  }

  /** Every attempt to pay `tranId` (the transaction query by tran_id); none when nobody tried. */
  async attemptsOf(tranId: string): Promise<TransactionAttempt[]> {
    const answer = queryAnswer.parse(
      await this.call('look up a transaction', '/validator/api/merchantTransIDvalidationAPI.php', { query: { tran_id: tranId } }),
    );
    if (answer.APIConnect !== 'DONE') throw new GatewayError(`SSLCommerz could not look up a transaction: ${answer.APIConnect || 'no answer'}`);
    return (answer.element ?? []).map(attemptOf);
  }

  /** Asks for a refund of a paid transaction (named by its bank_tran_id); answers SSLCommerz's reference. */
  async refund(input: { bankTranId: string; amountMinor: number; remarks: string; refeId: string }): Promise<RefundAnswer> {
    const answer = refundAnswer.parse(
      await this.call('refund a payment', '/validator/api/merchantTransIDvalidationAPI.php', {
        query: { bank_tran_id: input.bankTranId, refund_amount: amountFromMinor(input.amountMinor), refund_remarks: input.remarks, refe_id: input.refeId },
      }),
    );
    if (answer.APIConnect !== 'DONE' || (answer.status !== 'success' && answer.status !== 'processing') || !answer.refund_ref_id) {
      throw new GatewayError(`SSLCommerz refused the refund: ${answer.errorReason || answer.status || answer.APIConnect || 'no reason given'}`);
    }
    return { status: answer.status, refundRefId: answer.refund_ref_id };
  }

  /** Where a refund asked for earlier stands. */
  async refundState(refundRefId: string): Promise<RefundState> {
    const answer = refundStateAnswer.parse(
      await this.call('look up a refund', '/validator/api/merchantTransIDvalidationAPI.php', { query: { refund_ref_id: refundRefId } }),
    );
    if (answer.APIConnect !== 'DONE' || !['refunded', 'processing', 'cancelled'].includes(answer.status)) {
      throw new GatewayError(`SSLCommerz could not look up a refund: ${answer.errorReason || answer.status || answer.APIConnect || 'no answer'}`);
    }
    return answer.status as RefundState;
  }

  /** One call: the store's credentials added, JSON asked for and parsed; every failure a GatewayError. */
  private async call(what: string, path: string, request: { method?: 'POST'; body?: URLSearchParams; query?: Record<string, string> }): Promise<unknown> {
    const url = new URL(path, this.settings.apiBase);
    if (request.query) {
      for (const [key, value] of Object.entries({ ...request.query, store_id: this.settings.storeId, store_passwd: this.settings.storePassword, format: 'json' })) {
        url.searchParams.set(key, value);
      }
    }
    let response: Response;
    try {
      response = await fetch(url, {
        method: request.method ?? 'GET',
        body: request.body,
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      if (err instanceof Error && err.name === 'TimeoutError') throw new GatewayError(`SSLCommerz did not answer in time (${this.timeoutMs} ms) to ${what}`);
      // fetch's own error says 'fetch failed'; its cause (a refused connection, a DNS failure) names
      // the host and port, never the query string.
      throw new GatewayError(`SSLCommerz could not be reached to ${what}`, { cause: err instanceof Error ? (err.cause ?? err) : undefined });
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new GatewayError(`SSLCommerz answered HTTP ${response.status} when asked to ${what}`);
    }
    try {
      return await response.json();
    } catch (err) {
      if (err instanceof Error && err.name === 'TimeoutError') throw new GatewayError(`SSLCommerz did not answer in time (${this.timeoutMs} ms) to ${what}`);
      throw new GatewayError(`SSLCommerz answered something other than JSON when asked to ${what}`);
    }
  }
}

function attemptOf(answer: Omit<z.infer<typeof validationAnswer>, 'tran_id'>): TransactionAttempt {
  return {
    status: answer.status,
    valId: answer.val_id,
    amountMinor: minorFromAmount(answer.amount),
    currency: answer.currency,
    bankTranId: answer.bank_tran_id,
    cardType: answer.card_type,
    cardBrand: answer.card_brand,
    riskLevel: answer.risk_level,
  };
}
