import { z } from 'zod';
import type { App } from '../types.js';
import { errorResponses } from '../../shared/errors.js';
import { HttpError } from '../http-error.js';
import { GatewayError } from '../payments/gateway.js';
import { paymentByRef } from '../repositories/payments.js';
import { hasValidIpnSignature } from '../payments/sslcommerz/client.js';
import { settleTransaction } from '../payments/sslcommerz/outcomes.js';
import type { SslCommerzGateway } from '../payments/sslcommerz/sslcommerz-gateway.js';

/**
 * What SSLCommerz posts: its IPN, and the browser's return from the hosted page. Only tran_id and
 * val_id are read (as pointers: settleTransaction asks SSLCommerz itself); the other fields are
 * kept because the IPN's signature covers them. Loose on purpose, the exception to decision 055
 * (unknown fields refused): SSLCommerz decides which fields it sends, and adds new ones when it
 * likes; a notice refused for a field we do not list would be a payment never applied.
 */
const noticeSchema = z.looseObject({
  tran_id: z.string().min(1, 'tran_id is required').max(64),
  val_id: z.string().max(64).optional(),
  status: z.string().max(40).optional(),
});

/** The receipt page the test gateway's flow also ends on (the client's paths.dashboard.appointmentDone); it polls a pending payment. */
const receiptPath = (paymentId: string) => `/dashboard/appointment/done?payment=${encodeURIComponent(paymentId)}`;
const PAYMENT_HISTORY_PATH = '/dashboard/paymentHistory';

export async function sslcommerzRoutes(app: App, options: { gateway: SslCommerzGateway; storePassword: string }) {
  const deps = { db: app.db, payments: app.payments, client: options.gateway.client, log: app.log };
  // SSLCommerz posts forms; this scope alone reads them (the rest of the API takes JSON).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });
  const stringFields = (body: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));

  app.post(
    '/payments/sslcommerz/ipn',
    {
      schema: {
        tags: ['payments'],
        summary: "SSLCommerz's signed payment notification (IPN): confirmed through its validation API before it is applied",
        body: noticeSchema,
        response: { 200: z.object({ received: z.boolean() }), ...errorResponses },
      },
    },
    async (request) => {
      if (!hasValidIpnSignature(stringFields(request.body), options.storePassword)) {
        request.log.warn({ tranId: request.body.tran_id }, 'refused an SSLCommerz IPN with a bad signature');
        throw new HttpError(400, 'Invalid signature');
      }
      try {
        await settleTransaction({ ...deps, log: request.log }, { tranId: request.body.tran_id, valId: request.body.val_id || undefined });
      } catch (err) {
        if (!(err instanceof GatewayError)) throw err;
        // SSLCommerz could not be asked: a 503 lets it send the IPN again; the reconciler asks later anyway.
        request.log.warn({ err, tranId: request.body.tran_id }, 'could not confirm an SSLCommerz IPN');
        throw new HttpError(503, 'The payment could not be confirmed with SSLCommerz just now.');
      }
      return { received: true };
    },
  );

  for (const way of ['success', 'fail', 'cancel'] as const) {
    app.post(
      `/payments/sslcommerz/${way}`,
      {
        // The hosted page posts this form from SSLCommerz's site. It is safe to take cross-site:
        // it acts on no session (cookies are not even sent) and changes only what SSLCommerz confirms.
        config: { crossSiteForm: true },
        schema: {
          tags: ['payments'],
          summary: `The browser's return from SSLCommerz's hosted page (${way}): settles what SSLCommerz confirms, then shows the receipt`,
          body: noticeSchema,
          response: { 303: z.null().describe('To the payment receipt'), ...errorResponses },
        },
      },
      async (request, reply) => {
        let paymentId: string | undefined;
        try {
          paymentId = await settleTransaction({ ...deps, log: request.log }, { tranId: request.body.tran_id, valId: request.body.val_id || undefined });
        } catch (err) {
          if (!(err instanceof GatewayError)) throw err;
          // The receipt waits for the outcome (the IPN, or the reconciler within a minute).
          request.log.warn({ err, tranId: request.body.tran_id }, 'could not confirm a return from SSLCommerz');
          paymentId = (await paymentByRef(app.db, 'sslcommerz', request.body.tran_id))?.id;
        }
        return reply.redirect(paymentId ? receiptPath(paymentId) : PAYMENT_HISTORY_PATH, 303);
      },
    );
  }
}
