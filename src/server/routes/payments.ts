import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type Stripe from 'stripe';
import type { App } from '../types.js';
import { apiErrorSchema, guardedErrorResponses } from '../../shared/errors.js';
import { idParamsSchema } from '../../shared/ids.js';
import {
  confirmResultSchema,
  createIntentSchema,
  intentSchema,
  listFilterSchema,
  paymentConfigSchema,
  paymentListSchema,
  paymentSchema,
  testConfirmSchema,
  startWalletSchema,
  walletAttemptSchema,
  confirmWalletSchema,
  BOOKING_LIST_CHANGED_MESSAGE,
  type ConfirmResult,
} from '../../shared/payments.js';
import { currentUser, requireUser } from '../plugins/auth.js';
import { HttpError, notFound } from '../http-error.js';
import { TestGateway, WALLET_CODE_TRIES, checkCard, type ChargeResult } from '../payments/test-gateway.js';
import { EXPORT_ROW_LIMIT, findPayment, listPayments } from '../repositories/bookings.js';
import { ownPaymentBySecret, ownWalletAttempt } from '../repositories/payments.js';
import { consumeThrottle } from '../repositories/throttles.js';
import { attachmentName, listOrCsv, sendCsv } from '../csv.js';
import { paymentsCsv } from '../csv-exports.js';
import { requestLanguage } from '../messages.js';
import { englishMessage } from '../../shared/i18n/message-templates.js';

/** Codes a customer may have sent to her wallet in a window: a few retries, not a loop. */
const WALLET_CODES_PER_WINDOW = 10;
const WALLET_CODE_WINDOW_SECONDS = 15 * 60;
// Three: WALLET_CODE_TRIES.
const WRONG_CODES_MESSAGE = 'Three wrong codes: this payment attempt has ended. Start again to get a new code.';

export async function paymentRoutes(app: App, options: { stripe?: Stripe | undefined }) {
  const service = app.payments;

  app.get(
    '/payments/config',
    { schema: { tags: ['payments'], summary: 'Which card processor the payment page talks to', response: { 200: paymentConfigSchema } } },
    async () => ({ gateway: service.gateway.name, publishableKey: service.gateway.publishableKey, testMode: service.gateway.testMode }),
  );

  app.post(
    '/create-payment-intent',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payments'],
        summary: "Starts paying the signed-in user's whole booking list; the amount is computed here",
        body: createIntentSchema,
        response: { 200: intentSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      const me = await currentUser(request);
      return service.createIntent(me.id, request.body.price);
    },
  );

  if (service.gateway instanceof TestGateway) {
    const gateway = service.gateway;
    app.post(
      '/payments/test/confirm',
      {
        onRequest: requireUser,
        schema: {
          tags: ['payments'],
          summary: "The built-in test gateway's card form: charges the intent and applies the outcome",
          body: testConfirmSchema,
          response: { 200: confirmResultSchema, ...guardedErrorResponses },
        },
      },
      async (request) => {
        const me = await currentUser(request);
        const { clientSecret, ...card } = request.body;
        const owned = await ownPaymentBySecret(app.db, clientSecret, me.id);
        if (!owned) throw notFound('Payment');
        // A card's expiry is a month: this server's clock judges it as well as the database's.
        const problems = checkCard(card, new Date());
        if (problems.length > 0) throw new HttpError(400, problems[0]!.message, problems);

        return applyCharge(await gateway.charge(clientSecret, card.cardNumber), owned.id);
      },
    );

    app.post(
      '/payments/test/wallet',
      {
        onRequest: requireUser,
        schema: {
          tags: ['payments'],
          summary: "The built-in test gateway's bKash and Nagad: sends the one-time code to her wallet number",
          body: startWalletSchema,
          response: { 200: walletAttemptSchema, ...guardedErrorResponses, 429: apiErrorSchema },
        },
      },
      async (request) => {
        const me = await currentUser(request);
        const { clientSecret, wallet, number } = request.body;
        const owned = await ownPaymentBySecret(app.db, clientSecret, me.id);
        if (!owned) throw notFound('Payment');
        // A real wallet sends a text message for each code: the same limit keeps a loop from sending many.
        const verdict = await consumeThrottle(app.db, `wallet-code:${me.id}`, WALLET_CODES_PER_WINDOW, WALLET_CODE_WINDOW_SECONDS);
        if (!verdict.allowed) {
          const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
          throw new HttpError(429, `You have asked for several codes in a short time. Please wait ${minutes} minute${minutes === 1 ? '' : 's'}, or pay by card.`);
        }
        const started = await gateway.startWallet(clientSecret, wallet, number);
        if (started.kind === 'unknown-intent') throw notFound('Payment');
        if (started.kind === 'canceled') throw new HttpError(409, BOOKING_LIST_CHANGED_MESSAGE);
        return { attemptId: started.attemptId, wallet, number, expiresAt: started.expiresAt.toISOString(), triesLeft: WALLET_CODE_TRIES };
      },
    );

    app.post(
      '/payments/test/wallet/confirm',
      {
        onRequest: requireUser,
        schema: {
          tags: ['payments'],
          summary: "The built-in test gateway's bKash and Nagad: checks the one-time code, charges the wallet and applies the outcome",
          body: confirmWalletSchema,
          response: { 200: confirmResultSchema, ...guardedErrorResponses },
        },
      },
      async (request) => {
        const me = await currentUser(request);
        const { attemptId, code } = request.body;
        const owned = await ownWalletAttempt(app.db, attemptId, me.id);
        if (!owned) throw notFound('Payment');
        const check = await gateway.checkWalletCode(attemptId, code);
        switch (check.kind) {
          case 'unknown':
            throw notFound('Payment');
          case 'expired':
            throw new HttpError(409, 'This code has expired. Start again to get a new one.');
          case 'ended':
            throw new HttpError(409, check.by === 'wrong-codes' ? WRONG_CODES_MESSAGE : 'This payment attempt has ended. Start again.');
          case 'wrong':
            throw new HttpError(400, 'That code is not right.', [
              {
                path: 'code',
                message: englishMessage(
                  { one: 'That code is not right. {{count, number}} try left.', other: 'That code is not right. {{count, number}} tries left.' },
                  { count: check.triesLeft },
                ),
              },
            ]);
          case 'right':
            return applyCharge(await gateway.chargeWallet(attemptId, owned.clientSecret, check.wallet, check.number), owned.id);
        }
      },
    );
  }

  /**
   * A test-gateway charge's outcome, through the same path Stripe's webhook takes; each attempt is
   * its own event. A second click on a paid intent sends the success event again: it waits on the
   * payment row until the first click's confirmation commits, then changes nothing and answers the
   * settled status.
   */
  async function applyCharge(charge: ChargeResult, paymentId: string): Promise<ConfirmResult> {
    if (charge.kind === 'unknown-intent') throw notFound('Payment');
    if (charge.kind === 'canceled') throw new HttpError(409, BOOKING_LIST_CHANGED_MESSAGE);
    const applied =
      charge.kind === 'already-paid' || charge.outcome === 'succeeded'
        ? await service.applyOutcome({ eventId: `test_evt_${charge.ref}_succeeded`, ref: charge.ref, outcome: 'succeeded', method: charge.method })
        : await service.applyOutcome({ eventId: `test_evt_${randomUUID()}`, ref: charge.ref, outcome: 'failed', message: charge.message });
    return {
      status: applied?.status ?? 'failed',
      message: charge.kind === 'charged' && charge.outcome === 'failed' ? charge.message : null,
      paymentId,
    };
  }

  const stripe = options.stripe;
  const webhookSecret = app.config.stripe?.webhookSecret;
  if (stripe && webhookSecret) {
    await app.register(async (scope) => {
      // The signature covers the exact bytes Stripe sent, so this route keeps the raw body. No body
      // schema, so no unknown-field check either (decision 055): Stripe's events carry fields we
      // never list, and the signature, not a schema, says the body is Stripe's.
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      scope.post(
        '/payments/stripe/webhook',
        { schema: { tags: ['payments'], summary: "Stripe's signed payment events", response: { 200: z.object({ received: z.boolean() }), ...guardedErrorResponses } } },
        async (request) => {
          const signature = request.headers['stripe-signature'];
          let event: Stripe.Event;
          try {
            if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new Error('missing signature');
            event = stripe.webhooks.constructEvent(request.body, signature, webhookSecret);
          } catch (err) {
            request.log.warn({ err }, 'refused a Stripe webhook with a bad signature');
            throw new HttpError(400, 'Invalid signature');
          }
          if (event.type === 'payment_intent.succeeded') {
            const intent = event.data.object;
            // Our Stripe checkout offers cards only (Elements' card form).
            await service.applyOutcome({ eventId: event.id, ref: intent.id, outcome: 'succeeded', amountMinor: intent.amount, method: 'card' });
          } else if (event.type === 'payment_intent.payment_failed') {
            const intent = event.data.object;
            await service.applyOutcome({
              eventId: event.id,
              ref: intent.id,
              outcome: 'failed',
              message: intent.last_payment_error?.message ?? 'Your payment failed.',
            });
          }
          return { received: true };
        },
      );
    });
  }

  app.get(
    '/payments',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Payment history: your own, or (admin) everyone’s, filterable by date and status; format=csv downloads it',
        querystring: listFilterSchema,
        response: { 200: listOrCsv(paymentListSchema, 'The payments; with format=csv, the same rows as a CSV file'), ...guardedErrorResponses },
      },
    },
    async (request, reply) => {
      const me = await currentUser(request);
      const settings = await app.salonSettings.get();
      const list = await listPayments(app.db, me, request.query, settings, request.query.format === 'csv' ? EXPORT_ROW_LIMIT : undefined);
      if (request.query.format === 'csv') return sendCsv(reply, paymentsCsv(list, settings.timeZone, request.query.lang ?? requestLanguage(request)), attachmentName('parlour-payments', request.query));
      return list;
    },
  );

  app.get(
    '/payments/:id',
    {
      onRequest: requireUser,
      schema: { tags: ['payments'], summary: 'One payment (yours, or any for an admin)', params: idParamsSchema, response: { 200: paymentSchema, ...guardedErrorResponses } },
    },
    async (request) => {
      const me = await currentUser(request);
      const payment = await findPayment(app.db, me, request.params.id);
      if (!payment) throw notFound('Payment');
      return payment;
    },
  );
}
