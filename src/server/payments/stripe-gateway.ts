import Stripe from 'stripe';
import { GatewayError, type GatewayIntent, type GatewayRefund, type PaymentGateway } from './gateway.js';
import type { PaymentMethod } from '../../shared/payments.js';

export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Only for tests and stripe-mock: where the SDK sends its requests instead of api.stripe.com. */
  apiBase?: URL | undefined;
};

export function createStripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase;
  return new Stripe(settings.secretKey, {
    // A request that fails on the network is retried by the SDK with the same idempotency key.
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol === 'http:' ? 'http' : 'https',
    }),
  });
}

/** Stripe PaymentIntents; the outcome comes from the signed webhook (routes/payments.ts). */
export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  // Stripe's test keys are test mode too, but its own card form says so; no badge is added.
  readonly testMode = false;

  constructor(
    private readonly stripe: Stripe,
    settings: StripeSettings,
  ) {
    this.publishableKey = settings.publishableKey;
  }

  async createIntent(input: { amountMinor: number; currency: string; idempotencyKey: string; metadata: Record<string, string> }): Promise<GatewayIntent> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountMinor,
          currency: input.currency.toLowerCase(),
          automatic_payment_methods: { enabled: true },
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!intent.client_secret) throw new GatewayError('Stripe returned an intent without a client secret');
      return { ref: intent.id, clientSecret: intent.client_secret };
    } catch (err) {
      if (err instanceof GatewayError) throw err;
      throw new GatewayError('The card processor could not start the payment', { cause: err });
    }
  }

  async cancelIntent(ref: string): Promise<void> {
    try {
      await this.stripe.paymentIntents.cancel(ref);
    } catch (err) {
      // An intent that already succeeded or was canceled cannot be canceled: nothing to do.
      if (err instanceof Stripe.errors.StripeInvalidRequestError) return;
      throw new GatewayError('The card processor could not cancel the payment', { cause: err });
    }
  }

  async succeededAmong(refs: readonly string[]): Promise<Map<string, { amountMinor: number; method: PaymentMethod | null }>> {
    const charged = new Map<string, { amountMinor: number; method: PaymentMethod | null }>();
    for (const ref of refs) {
      try {
        const intent = await this.stripe.paymentIntents.retrieve(ref);
        // Our Stripe checkout takes cards only (Elements' card form).
        if (intent.status === 'succeeded') charged.set(ref, { amountMinor: intent.amount_received || intent.amount, method: 'card' });
      } catch (err) {
        throw new GatewayError('The card processor could not be asked about a payment', { cause: err });
      }
    }
    return charged;
  }

  async refund(input: { ref: string; amountMinor: number; idempotencyKey: string }): Promise<void> {
    try {
      // The key goes in the metadata too: Stripe does not return a request's idempotency key, and
      // the reconciler matches each refund to the booking it was for by it.
      await this.stripe.refunds.create(
        { payment_intent: input.ref, amount: input.amountMinor, metadata: { parlour_key: input.idempotencyKey } },
        { idempotencyKey: input.idempotencyKey },
      );
    } catch (err) {
      throw new GatewayError('The card processor could not refund the payment', { cause: err });
    }
  }

  async refundedSince(since: Date): Promise<GatewayRefund[]> {
    const found: GatewayRefund[] = [];
    try {
      for await (const refund of this.stripe.refunds.list({ created: { gte: Math.floor(since.getTime() / 1000) }, limit: 100 })) {
        const ref = typeof refund.payment_intent === 'string' ? refund.payment_intent : refund.payment_intent?.id;
        if (ref) found.push(...moneyMoved(ref, refund));
      }
    } catch (err) {
      throw new GatewayError('The card processor could not list its refunds', { cause: err });
    }
    return found;
  }

  async refundsOf(refs: readonly string[]): Promise<GatewayRefund[]> {
    const found: GatewayRefund[] = [];
    try {
      for (const ref of refs) {
        for await (const refund of this.stripe.refunds.list({ payment_intent: ref, limit: 100 })) found.push(...moneyMoved(ref, refund));
      }
    } catch (err) {
      throw new GatewayError('The card processor could not list its refunds', { cause: err });
    }
    return found;
  }
}

/** A refund of `ref` as the reconciler counts it: none when it moved no money (failed or canceled). */
function moneyMoved(ref: string, refund: Stripe.Refund): GatewayRefund[] {
  if (refund.status === 'failed' || refund.status === 'canceled') return [];
  return [{ ref, amountMinor: refund.amount, key: refund.metadata?.parlour_key ?? null }];
}
