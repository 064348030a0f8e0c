/**
 * A local server that answers as the Stripe API does for the calls Parlour makes (the SDK is
 * pointed at it with its host, port and protocol options), with Stripe's idempotency: the same key
 * answers the first response again. `succeed(ref)` plays the customer paying in Stripe's frame.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export type RecordedStripeRequest = { method: string; path: string; form: URLSearchParams; idempotencyKey: string | undefined; auth: string | undefined };

type Intent = { id: string; amount: number; currency: string; client_secret: string; status: string };
type Refund = { id: string; object: 'refund'; amount: number; payment_intent: string; status: string; created: number; metadata: Record<string, string> };

export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_parlour_test_secret';

export async function startFakeStripe() {
  const requests: RecordedStripeRequest[] = [];
  const intents = new Map<string, Intent>();
  const byKey = new Map<string, string>();
  const refunds: Refund[] = [];
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
    const object = (intent: Intent) => ({ object: 'payment_intent', metadata: {}, amount_received: intent.status === 'succeeded' ? intent.amount : 0, ...intent });
    if (req.method === 'POST' && req.url === '/v1/payment_intents') {
      const id = `pi_fake_${counter}`;
      const intent = { id, amount: Number(form.get('amount')), currency: form.get('currency') ?? 'bdt', client_secret: `${id}_secret_${counter}`, status: 'requires_payment_method' };
      intents.set(id, intent);
      return send(200, object(intent));
    }
    const one = /^\/v1\/payment_intents\/([^/?]+)(\/cancel)?/.exec(req.url ?? '');
    const intent = one ? intents.get(one[1]!) : undefined;
    if (one && !intent) return send(404, { error: { type: 'invalid_request_error', message: `No such payment_intent: '${one[1]}'` } });
    if (req.method === 'GET' && intent && !one![2]) return send(200, object(intent));
    if (req.method === 'POST' && intent && one![2]) {
      if (intent.status === 'succeeded') {
        return send(400, { error: { type: 'invalid_request_error', message: 'This PaymentIntent has already succeeded.' } });
      }
      intent.status = 'canceled';
      return send(200, object(intent));
    }
    if (req.method === 'POST' && req.url === '/v1/refunds') {
      const metadata: Record<string, string> = {};
      for (const [name, value] of form) {
        const key = /^metadata\[(.+)\]$/.exec(name)?.[1];
        if (key) metadata[key] = value;
      }
      const refund: Refund = {
        id: `re_fake_${counter}`,
        object: 'refund',
        amount: Number(form.get('amount')),
        payment_intent: form.get('payment_intent') ?? '',
        status: 'succeeded',
        created: Math.floor(Date.now() / 1000),
        metadata,
      };
      refunds.push(refund);
      return send(200, refund);
    }
    if (req.method === 'GET' && req.url?.startsWith('/v1/refunds')) {
      // Stripe's list: newest first, filtered by intent or creation time; one page is enough here.
      const query = new URL(req.url, 'http://fake').searchParams;
      const intentId = query.get('payment_intent');
      const since = Number(query.get('created[gte]') ?? 0);
      const data = refunds.filter((r) => (!intentId || r.payment_intent === intentId) && r.created >= since).reverse();
      return send(200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url})` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const signer = new Stripe('sk_test_for_signing_only');

  return {
    requests,
    /** The refunds made, as Stripe's ledger holds them. */
    refunds,
    /** The environment that points the app at this server. */
    env: {
      STRIPE_SECRET_KEY: 'sk_test_parlour',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_parlour',
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_BASE: `http://127.0.0.1:${port}`,
    },
    /** The customer pays in Stripe's frame: the intent succeeds at Stripe. */
    succeed(ref: string) {
      const found = intents.get(ref);
      if (!found) throw new Error(`unknown intent ${ref}`);
      found.status = 'succeeded';
      return found;
    },
    /** A signed `payment_intent.succeeded` event for the intent, as Stripe would post it. */
    succeededEvent(ref: string, eventId = `evt_${ref}_succeeded`) {
      const found = intents.get(ref);
      if (!found) throw new Error(`unknown intent ${ref}`);
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        type: 'payment_intent.succeeded',
        api_version: '2026-10-28',
        created: Math.floor(Date.now() / 1000),
        data: { object: { ...found, object: 'payment_intent', amount_received: found.amount } },
      });
      return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret: FAKE_STRIPE_WEBHOOK_SECRET }) };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
