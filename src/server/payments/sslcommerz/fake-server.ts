/**
 * A local SSLCommerz for tests and for trying the payment flow on one machine (`npm run
 * fake-sslcommerz`; README "SSLCommerz"). It answers the calls Parlour makes as the documented API
 * v4 does (session, validation, transaction query, refund, refund query) and serves a minimal
 * hosted page where the tester picks bKash, Nagad, Rocket, a card or internet banking and succeeds,
 * fails or cancels: the page then sends the signed IPN to the session's ipn_url and returns the
 * browser to success_url, fail_url or cancel_url by a POSTed form, as SSLCommerz does.
 * `switches` make it misbehave on purpose. Never started by `npm start`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { amountFromMinor, ipnSignatureOf, minorFromAmount } from './client.js';

export type FakeMethod = 'bkash' | 'nagad' | 'rocket' | 'card' | 'bank';
export type FakeOutcome = 'success' | 'fail' | 'cancel';
export type FakeCall = 'session' | 'validate' | 'query' | 'refund' | 'refund-status';

export type FakeSwitches = {
  /** What the hosted page does with the IPN: send it, not at all, signed with a wrong password, or twice. */
  ipn: 'send' | 'skip' | 'forge' | 'replay';
  /** Validation and transaction query report this amount (taka, as the API writes it) instead of the paid one. */
  reportAmount: string | undefined;
  /** Validation and transaction query call every payment risky (risk_level 1), as SSLCommerz's fraud check may. */
  risky: boolean;
  /** Makes one kind of call fail until cleared: refused in the API's own words, HTTP 500, or no answer at all. */
  fail: { call: FakeCall; how: 'refuse' | 'http500' | 'hang' } | undefined;
};

/** The card_type (and card_brand) SSLCommerz reports for each way of paying. */
const CARD_TYPES: Record<FakeMethod, { type: string; brand: string; label: string }> = {
  bkash: { type: 'BKASH-BKash', brand: 'MOBILEBANKING', label: 'bKash' },
  nagad: { type: 'NAGAD-Nagad', brand: 'MOBILEBANKING', label: 'Nagad' },
  rocket: { type: 'DBBLMOBILEB-Dbbl Mobile Banking', brand: 'MOBILEBANKING', label: 'Rocket' },
  card: { type: 'VISA-Dutch Bangla', brand: 'VISA', label: 'Visa card' },
  bank: { type: 'CITYTOUCH-City Bank', brand: 'IB', label: 'Internet banking' },
};

type Session = { key: string; fields: URLSearchParams; used: boolean };
type Attempt = {
  tranId: string;
  valId: string;
  status: 'VALID' | 'VALIDATED' | 'FAILED' | 'CANCELLED';
  amount: string;
  currency: string;
  bankTranId: string;
  method: FakeMethod;
};
type Refund = { refId: string; bankTranId: string; amountMinor: number; refeId: string; status: 'processing' | 'refunded' | 'cancelled' };
export type DeliveredIpn = { url: string; fields: Record<string, string>; status: number | 'unreachable' };
export type RecordedCall = { call: FakeCall; params: Record<string, string> };

export async function startFakeSslCommerz(options: { storeId?: string; storePassword?: string; port?: number; host?: string } = {}) {
  const storeId = options.storeId ?? 'parlourtest0001';
  const storePassword = options.storePassword ?? 'parlourtest0001@ssl';
  const switches: FakeSwitches = { ipn: 'send', reportAmount: undefined, risky: false, fail: undefined };
  const sessions = new Map<string, Session>();
  const attempts: Attempt[] = [];
  const refunds: Refund[] = [];
  const ipns: DeliveredIpn[] = [];
  const calls: RecordedCall[] = [];
  const id = (prefix: string) => `${prefix}${randomBytes(8).toString('hex')}`;

  const read = (req: IncomingMessage) =>
    new Promise<URLSearchParams>((resolve, reject) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => resolve(new URLSearchParams(body)));
      req.on('error', reject);
    });
  const json = (res: ServerResponse, body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const html = (res: ServerResponse, body: string) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>SSLCommerz (fake)</title>` +
        `<style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:28rem;padding:1rem}fieldset{border:1px solid #ccc;border-radius:.5rem}label{display:block;padding:.4rem 0}` +
        `button{display:block;width:100%;margin:.5rem 0;padding:.8rem;font-size:1rem;border-radius:.5rem}</style></head><body>${body}</body></html>`,
    );
  const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  /** Whether a switch says this call misbehaves; if so it has answered (or never will). */
  const misbehaves = (call: FakeCall, res: ServerResponse, refusal: unknown): boolean => {
    if (switches.fail?.call !== call) return false;
    if (switches.fail.how === 'http500') res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
    else if (switches.fail.how === 'refuse') json(res, refusal);
    // 'hang': no answer; the socket is closed when the fake stops.
    return true;
  };

  const reported = (attempt: Attempt) => ({
    status: attempt.status,
    tran_date: '2026-11-28 12:00:00',
    tran_id: attempt.tranId,
    val_id: attempt.valId,
    amount: switches.reportAmount ?? attempt.amount,
    store_amount: switches.reportAmount ?? attempt.amount,
    currency: attempt.currency,
    bank_tran_id: attempt.bankTranId,
    card_type: attempt.status === 'FAILED' || attempt.status === 'CANCELLED' ? '' : CARD_TYPES[attempt.method].type,
    card_brand: CARD_TYPES[attempt.method].brand,
    risk_level: switches.risky ? '1' : '0',
    risk_title: switches.risky ? 'High' : 'Safe',
  });

  async function deliverIpn(url: string, fields: Record<string, string>): Promise<DeliveredIpn> {
    let status: DeliveredIpn['status'];
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
        signal: AbortSignal.timeout(10_000),
      });
      await response.body?.cancel();
      status = response.status;
    } catch {
      status = 'unreachable';
    }
    const delivered = { url, fields, status };
    ipns.push(delivered);
    return delivered;
  }

  /**
   * The customer finishes on the hosted page: the attempt is recorded, the IPN goes out (as the
   * switch says), and the browser's way back is answered: the URL and the fields it POSTs there.
   */
  async function finish(sessionKey: string, method: FakeMethod, outcome: FakeOutcome) {
    const session = sessions.get(sessionKey);
    if (!session) return undefined;
    const get = (name: string) => session.fields.get(name) ?? '';
    const attempt: Attempt = {
      tranId: get('tran_id'),
      valId: outcome === 'success' ? id('val') : '',
      status: outcome === 'success' ? 'VALID' : outcome === 'fail' ? 'FAILED' : 'CANCELLED',
      amount: amountFromMinor(minorFromAmount(get('total_amount')) ?? 0),
      currency: get('currency'),
      bankTranId: id('bank'),
      method,
    };
    attempts.push(attempt);
    session.used = true;
    const fields: Record<string, string> = { ...reported(attempt), store_id: storeId, value_a: get('value_a') };
    if (outcome !== 'success') fields.error = outcome === 'fail' ? 'Transaction failed by the payer\u2019s bank' : 'Cancelled by the customer';
    const keys = Object.keys(fields).sort();
    const ipn = { ...fields, verify_key: keys.join(',') };
    const signedIpn = { ...ipn, verify_sign: ipnSignatureOf(ipn, switches.ipn === 'forge' ? `${storePassword}-forged` : storePassword)! };
    if (switches.ipn !== 'skip') await deliverIpn(get('ipn_url'), signedIpn);
    if (switches.ipn === 'replay') await deliverIpn(get('ipn_url'), signedIpn);
    const returnUrl = get(outcome === 'success' ? 'success_url' : outcome === 'fail' ? 'fail_url' : 'cancel_url');
    // The browser's return carries the same fields, signed the same way (an app must not trust them).
    return { returnUrl, fields: { ...ipn, verify_sign: ipnSignatureOf(ipn, storePassword)! }, attempt };
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const q = Object.fromEntries(url.searchParams);
      const credentialsOk = (store: string | undefined, password: string | undefined) => store === storeId && password === storePassword;

      if (req.method === 'POST' && url.pathname === '/gwprocess/v4/api.php') {
        const form = await read(req);
        calls.push({ call: 'session', params: Object.fromEntries(form) });
        if (misbehaves('session', res, { status: 'FAILED', failedreason: 'Store is under maintenance', sessionkey: '', GatewayPageURL: '' })) return;
        if (!credentialsOk(form.get('store_id') ?? undefined, form.get('store_passwd') ?? undefined)) {
          return json(res, { status: 'FAILED', failedreason: 'Store Credential Error Or Store is De-active', sessionkey: '', GatewayPageURL: '' });
        }
        const missing = ['total_amount', 'currency', 'tran_id', 'success_url', 'fail_url', 'cancel_url', 'cus_name', 'cus_email', 'cus_phone', 'product_name'].filter(
          (name) => !form.get(name),
        );
        const amountMinor = minorFromAmount(form.get('total_amount') ?? '');
        if (missing.length > 0 || amountMinor === null || amountMinor < 1000) {
          return json(res, { status: 'FAILED', failedreason: missing.length > 0 ? `Invalid Information: ${missing.join(', ')}` : 'Invalid amount (at least 10.00)', sessionkey: '', GatewayPageURL: '' });
        }
        const key = id('SESS').toUpperCase();
        sessions.set(key, { key, fields: form, used: false });
        return json(res, { status: 'SUCCESS', failedreason: '', sessionkey: key, GatewayPageURL: `${base}/EasyCheckOut/testcde${key}`, storeBanner: '', storeLogo: '' });
      }

      const page = /^\/EasyCheckOut\/testcde([A-Z0-9]+)$/.exec(url.pathname);
      if (page) {
        const session = sessions.get(page[1]!);
        if (!session) return res.writeHead(404, { 'content-type': 'text/plain' }).end('This payment session does not exist.');
        if (req.method === 'GET') {
          if (session.used) return html(res, '<h1>Session expired</h1><p>This payment page has been used. Go back to the shop and try again.</p>');
          const choices = (Object.keys(CARD_TYPES) as FakeMethod[])
            .map((method, i) => `<label><input type="radio" name="method" value="${method}"${i === 0 ? ' checked' : ''}> ${CARD_TYPES[method].label}</label>`)
            .join('');
          return html(
            res,
            `<p><strong>Fake SSLCommerz</strong> (sandbox on this machine)</p><h1>Pay ${escapeHtml(session.fields.get('currency') ?? '')} ${escapeHtml(session.fields.get('total_amount') ?? '')}</h1>` +
              `<form method="post"><fieldset><legend>Pay with</legend>${choices}</fieldset>` +
              `<button name="outcome" value="success">Pay now</button><button name="outcome" value="fail">Make it fail</button>` +
              `<button name="outcome" value="cancel">Cancel</button></form>`,
          );
        }
        const form = await read(req);
        const method = (form.get('method') ?? 'card') as FakeMethod;
        const outcome = (form.get('outcome') ?? 'success') as FakeOutcome;
        if (!(method in CARD_TYPES) || !['success', 'fail', 'cancel'].includes(outcome)) return res.writeHead(400).end('Pick a way to pay');
        if (session.used) return html(res, '<h1>Session expired</h1>');
        const done = await finish(session.key, method, outcome);
        if (!done) return res.writeHead(404).end();
        if ((req.headers.accept ?? '').includes('application/json')) return json(res, { returnUrl: done.returnUrl, fields: done.fields });
        const inputs = Object.entries(done.fields)
          .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
          .join('');
        return html(
          res,
          `<form id="back" method="post" action="${escapeHtml(done.returnUrl)}">${inputs}<button>Back to the shop</button></form>` +
            `<script>document.getElementById('back').submit()</script>`,
        );
      }

      if (req.method === 'GET' && url.pathname === '/validator/api/validationserverAPI.php') {
        calls.push({ call: 'validate', params: q });
        if (misbehaves('validate', res, { status: 'INVALID_TRANSACTION' })) return;
        const attempt = attempts.find((a) => a.valId !== '' && a.valId === q.val_id);
        if (!credentialsOk(q.store_id, q.store_passwd) || !attempt || (attempt.status !== 'VALID' && attempt.status !== 'VALIDATED')) {
          return json(res, { status: 'INVALID_TRANSACTION' });
        }
        const answer = reported(attempt);
        attempt.status = 'VALIDATED';
        return json(res, answer);
      }

      if (req.method === 'GET' && url.pathname === '/validator/api/merchantTransIDvalidationAPI.php') {
        if (q.refund_amount !== undefined || q.bank_tran_id !== undefined) {
          calls.push({ call: 'refund', params: q });
          if (misbehaves('refund', res, { APIConnect: 'DONE', status: 'failed', refund_ref_id: '', errorReason: 'Refund is not allowed now' })) return;
          if (!credentialsOk(q.store_id, q.store_passwd)) return json(res, { APIConnect: 'INVALID_REQUEST', status: 'failed', errorReason: 'Invalid store' });
          const paid = attempts.find((a) => a.bankTranId === q.bank_tran_id && (a.status === 'VALID' || a.status === 'VALIDATED'));
          const amountMinor = minorFromAmount(q.refund_amount ?? '');
          const refunded = refunds.filter((r) => r.bankTranId === q.bank_tran_id && r.status !== 'cancelled').reduce((sum, r) => sum + r.amountMinor, 0);
          if (!paid || amountMinor === null || amountMinor <= 0 || refunded + amountMinor > (minorFromAmount(paid.amount) ?? 0)) {
            return json(res, { APIConnect: 'DONE', bank_tran_id: q.bank_tran_id, status: 'failed', refund_ref_id: '', errorReason: 'Invalid refund request' });
          }
          const refund: Refund = { refId: id('ref'), bankTranId: paid.bankTranId, amountMinor, refeId: q.refe_id ?? '', status: 'processing' };
          refunds.push(refund);
          return json(res, { APIConnect: 'DONE', bank_tran_id: paid.bankTranId, trans_id: paid.tranId, refund_ref_id: refund.refId, status: 'success', errorReason: '' });
        }
        if (q.refund_ref_id !== undefined) {
          calls.push({ call: 'refund-status', params: q });
          if (misbehaves('refund-status', res, { APIConnect: 'FAILED', status: '', errorReason: 'Try later' })) return;
          const refund = refunds.find((r) => r.refId === q.refund_ref_id);
          if (!credentialsOk(q.store_id, q.store_passwd) || !refund) return json(res, { APIConnect: 'INVALID_REQUEST', status: '', errorReason: 'No such refund' });
          return json(res, { APIConnect: 'DONE', bank_tran_id: refund.bankTranId, refund_ref_id: refund.refId, status: refund.status, errorReason: '' });
        }
        calls.push({ call: 'query', params: q });
        if (misbehaves('query', res, { APIConnect: 'FAILED', no_of_trans_found: 0, element: [] })) return;
        if (!credentialsOk(q.store_id, q.store_passwd)) return json(res, { APIConnect: 'INVALID_REQUEST' });
        const found = attempts.filter((a) => a.tranId === q.tran_id).map(reported);
        return json(res, { APIConnect: 'DONE', no_of_trans_found: found.length, element: found });
      }
      // The browser asks every site for its icon; the fake has none, and says so without an error.
      if (url.pathname === '/favicon.ico') return res.writeHead(204).end();
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    })().catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(err));
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  const base = `http://${options.host ?? '127.0.0.1'}:${address.port}`;

  return {
    base,
    storeId,
    storePassword,
    /** The app's environment for talking to this fake. */
    env: { PAYMENTS: 'sslcommerz', SSLCOMMERZ_STORE_ID: storeId, SSLCOMMERZ_STORE_PASSWORD: storePassword, SSLCOMMERZ_API_BASE: base } as Record<string, string>,
    switches,
    /** The IPNs the hosted page sent, in order, with the app's answer. */
    ipns,
    /** Every API call the app made, with its parameters. */
    calls,
    refunds,
    /** The session request of a hosted page (what the app sent to open it). */
    sessionOf: (gatewayPageUrl: string) => sessions.get(/testcde([A-Z0-9]+)$/.exec(gatewayPageUrl)?.[1] ?? '')?.fields,
    /** Sends an IPN again, as SSLCommerz may (or as a replaying attacker would). */
    redeliver: (ipn: DeliveredIpn) => deliverIpn(ipn.url, ipn.fields),
    /** The bank finished a refund: the refund query answers 'refunded' from now on. */
    settleRefund: (refId: string) => {
      const refund = refunds.find((r) => r.refId === refId);
      if (refund) refund.status = 'refunded';
    },
    reset: () => Object.assign(switches, { ipn: 'send', reportAmount: undefined, risky: false, fail: undefined } satisfies FakeSwitches),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeSslCommerz = Awaited<ReturnType<typeof startFakeSslCommerz>>;
