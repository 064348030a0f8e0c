/**
 * What the payment code needs from a card processor. Three implementations drive the same states:
 * Stripe (configured by STRIPE_* keys), SSLCommerz (PAYMENTS=sslcommerz; its hosted page takes
 * cards, bKash, Nagad, Rocket and internet banking) and the built-in test gateway (the default).
 * Whichever, the outcome of a charge reaches the app through one path,
 * `PaymentService.applyOutcome`, never through the browser's word.
 */
import type { PaymentMethod } from '../../shared/payments.js';

export type GatewayIntent = { ref: string; clientSecret: string };

/** A refund as the processor's ledger holds it; `key` is the idempotency key we asked it with. */
export type GatewayRefund = { ref: string; amountMinor: number; key: string | null };

export interface PaymentGateway {
  readonly name: 'test' | 'stripe' | 'sslcommerz';
  /** What the browser needs to show the processor's card form (Stripe's publishable key). */
  readonly publishableKey: string | null;
  /** Whether no real money moves (the test gateway, a processor's sandbox): the payment page says Test mode. */
  readonly testMode: boolean;
  /** Same key, same intent: a retried request never opens a second charge. */
  createIntent(input: { amountMinor: number; currency: string; idempotencyKey: string; metadata: Record<string, string> }): Promise<GatewayIntent>;
  /**
   * Only a processor whose customer pays on its own hosted page (SSLCommerz) has it: the page where
   * she pays this open intent now. Asked for on every checkout, a reused intent's too, after the
   * payment is written (so no outcome can arrive for an intent we do not know): such a page serves
   * one visit, and after a declined attempt the same intent is paid on a new one.
   */
  openPaymentPage?(intent: { ref: string; amountMinor: number; currency: string }): Promise<string>;
  /** Gives up an intent nobody will pay (the booking list changed); an already-paid one is left alone. */
  cancelIntent(ref: string): Promise<void>;
  /** Same key, one refund. The key is kept with the refund, so the reconciler can tell what it was for. */
  refund(input: { ref: string; amountMinor: number; idempotencyKey: string }): Promise<void>;
  /**
   * The refunds the processor made since `since` (one list call at Stripe): enough to see that a
   * payment's refunds agree with ours without asking about each payment.
   */
  refundedSince(since: Date): Promise<GatewayRefund[]>;
  /** Every refund the processor made of these intents: what the reconciler compares with our records. */
  refundsOf(refs: readonly string[]): Promise<GatewayRefund[]>;
  /**
   * Which of these intents the processor has charged, with the amount charged and how it was paid
   * (null when the processor does not say): what the reconciler compares with our payments when
   * an outcome may never have been applied.
   */
  succeededAmong(refs: readonly string[]): Promise<Map<string, { amountMinor: number; method: PaymentMethod | null }>>;
}

export class GatewayError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayError';
  }
}
