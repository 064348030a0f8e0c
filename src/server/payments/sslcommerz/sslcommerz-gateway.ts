import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { payerOf } from '../../repositories/payments.js';
import { claimRefund, refundsCreatedSince, refundsOfTransactions, updateRefund, type SslRefundRow } from '../../repositories/sslcommerz-refunds.js';
import type { PaymentMethod } from '../../../shared/payments.js';
import { GatewayError, type GatewayIntent, type GatewayRefund, type PaymentGateway } from '../gateway.js';
import { PAID_STATUSES, type SslCommerzClient, type TransactionAttempt } from './client.js';

/** How long a refund request may be on its way before it counts as interrupted. */
const INTERRUPTED_AFTER_MS = 5 * 60_000;

/** The browser's ways back from the hosted page and the IPN, under the site's /api. */
export const SSLCOMMERZ_PATHS = {
  ipn: '/api/payments/sslcommerz/ipn',
  success: '/api/payments/sslcommerz/success',
  fail: '/api/payments/sslcommerz/fail',
  cancel: '/api/payments/sslcommerz/cancel',
} as const;

/**
 * How she paid, from the validation's card_type ('BKASH-BKash', 'DBBLMOBILEB-Dbbl Mobile Banking',
 * 'VISA-Dutch Bangla', 'CITYTOUCH-City Bank'...) and card_brand ('VISA', 'MASTER', 'AMEX', 'IB'
 * for internet banking, 'MOBILEBANKING'). A wallet we do not name (upay, OK Wallet...) is null:
 * the receipt then says nothing rather than something wrong.
 */
export function methodOf(cardType: string, cardBrand: string): PaymentMethod | null {
  const type = cardType.toUpperCase();
  const brand = cardBrand.toUpperCase();
  if (type.startsWith('BKASH')) return 'bkash';
  if (type.startsWith('NAGAD')) return 'nagad';
  if (type.startsWith('DBBLMOBILEB') || type.startsWith('ROCKET')) return 'rocket';
  if (/^(VISA|MASTER|AMEX|UNIONPAY|DINERS|DISCOVER|JCB)/.test(brand) || /^(VISA|MASTER|AMEX|UNIONPAY|QCASH|FASTCASH|DBBLNEXUS)/.test(type)) return 'card';
  if (brand === 'IB' || brand === 'INTERNETBANKING') return 'bank';
  return null;
}

/** The paid attempt among a tran_id's attempts (a customer may fail, then pay on a new page). */
export function paidAttempt(attempts: readonly TransactionAttempt[]): TransactionAttempt | undefined {
  return attempts.find((a) => PAID_STATUSES.has(a.status));
}

/**
 * SSLCommerz's hosted page. Our ref is the tran_id we give SSLCommerz; the customer pays on its
 * page, and the outcome arrives by IPN and by the browser's return (routes/payments-sslcommerz.ts),
 * each confirmed through the validation API before it is applied.
 */
export class SslCommerzGateway implements PaymentGateway {
  readonly name = 'sslcommerz' as const;
  readonly publishableKey = null;
  readonly testMode: boolean;

  constructor(
    private readonly db: Db,
    readonly client: SslCommerzClient,
    private readonly settings: { publicUrl: string; sandbox: boolean },
  ) {
    this.testMode = settings.sandbox;
  }

  /**
   * Nothing to ask SSLCommerz yet: an intent is our tran_id. It is made from the idempotency key
   * (the same key, the same tran_id) and kept to 30 characters, the API's limit. The page is
   * opened by openPaymentPage once the payment is written.
   */
  async createIntent(input: { idempotencyKey: string }): Promise<GatewayIntent> {
    const ref = `prl${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}`;
    // Nothing in the browser needs a secret (the page is SSLCommerz's); the column wants a value
    // nobody can guess from the ref.
    return { ref, clientSecret: `${ref}_page_${randomBytes(16).toString('hex')}` };
  }

  async openPaymentPage(intent: { ref: string; amountMinor: number; currency: string }): Promise<string> {
    const payer = await payerOf(this.db, intent.ref);
    if (!payer) throw new GatewayError('No payment to open a payment page for');
    const at = (path: string) => `${this.settings.publicUrl}${path}`;
    const session = await this.client.openSession({
      tranId: intent.ref,
      amountMinor: intent.amountMinor,
      currency: intent.currency,
      successUrl: at(SSLCOMMERZ_PATHS.success),
      failUrl: at(SSLCOMMERZ_PATHS.fail),
      cancelUrl: at(SSLCOMMERZ_PATHS.cancel),
      ipnUrl: at(SSLCOMMERZ_PATHS.ipn),
      // Parlour asks for no phone number; wallets ask the payer for theirs on the hosted page.
      customer: { name: payer.name, email: payer.email, phone: 'Not collected' },
      productName: payer.titles.join(', ').slice(0, 250) || 'Salon appointment',
      numOfItems: Math.max(1, payer.titles.length),
    });
    return session.gatewayPageUrl;
  }

  /** SSLCommerz has no way to cancel a session: an unpaid page simply expires. Nothing to do. */
  async cancelIntent(): Promise<void> {}

  /** One transaction query per ref: SSLCommerz answers about one tran_id at a time. */
  async succeededAmong(refs: readonly string[]): Promise<Map<string, { amountMinor: number; method: PaymentMethod | null }>> {
    const charged = new Map<string, { amountMinor: number; method: PaymentMethod | null }>();
    for (const ref of refs) {
      const paid = paidAttempt(await this.client.attemptsOf(ref));
      // A risky payment waits for a person, as it does when its IPN arrives (outcomes.ts).
      if (paid && paid.amountMinor !== null && paid.riskLevel !== '1') {
        charged.set(ref, { amountMinor: paid.amountMinor, method: methodOf(paid.cardType, paid.cardBrand) });
      }
    }
    return charged;
  }

  /**
   * SSLCommerz refunds by the bank's transaction id, which the transaction query gives. The key is
   * claimed in our ledger first (the API has no idempotency); SSLCommerz's refund_ref_id is kept
   * with it for the status checks that follow.
   */
  async refund(input: { ref: string; amountMinor: number; idempotencyKey: string }): Promise<void> {
    const claim = await claimRefund(this.db, { key: input.idempotencyKey, tranId: input.ref, amountMinor: input.amountMinor });
    if (!claim.claimed) {
      // A request that went out and never came back (the process died waiting) may or may not have
      // refunded: asking again could refund twice, so after a while a person is asked to look.
      if (claim.held.status === 'requested' && Date.now() - claim.held.updatedAt.getTime() > INTERRUPTED_AFTER_MS) {
        throw new GatewayError("An earlier SSLCommerz refund request got no answer: check the transaction in SSLCommerz's merchant panel");
      }
      return;
    }
    try {
      const paid = paidAttempt(await this.client.attemptsOf(input.ref));
      if (!paid?.bankTranId) throw new GatewayError('SSLCommerz has no paid transaction to refund');
      const answer = await this.client.refund({
        bankTranId: paid.bankTranId,
        amountMinor: input.amountMinor,
        remarks: 'Parlour appointment refund',
        refeId: createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 20),
      });
      await updateRefund(this.db, input.idempotencyKey, { status: 'processing', refundRefId: answer.refundRefId });
    } catch (err) {
      // Nothing moved: the same key may ask again (the refund reconciler does).
      await updateRefund(this.db, input.idempotencyKey, { status: 'failed' });
      throw err instanceof GatewayError ? err : new GatewayError('SSLCommerz could not refund the payment', { cause: err });
    }
  }

  /**
   * SSLCommerz has no list of refunds: what we know is what we asked for (our ledger), each
   * brought up to date with the refund query. A refund made by hand in SSLCommerz's merchant panel
   * is invisible here; the reconciler cannot see it.
   */
  async refundedSince(since: Date): Promise<GatewayRefund[]> {
    return this.moneyMoved(await refundsCreatedSince(this.db, since));
  }

  async refundsOf(refs: readonly string[]): Promise<GatewayRefund[]> {
    return this.moneyMoved(await refundsOfTransactions(this.db, refs));
  }

  /**
   * The refunds that moved (or are moving) money, after asking SSLCommerz about those still
   * processing. A request that died before its answer ('requested', no reference) is counted as
   * not made: the reconciler asks again with its key, and refund() then asks a person to look
   * rather than ask SSLCommerz blindly.
   */
  private async moneyMoved(rows: SslRefundRow[]): Promise<GatewayRefund[]> {
    const found: GatewayRefund[] = [];
    for (const row of rows) {
      let status = row.status;
      if (status === 'processing' && row.refundRefId) {
        const now = await this.client.refundState(row.refundRefId);
        if (now !== status) await updateRefund(this.db, row.idempotencyKey, { status: now });
        status = now;
      }
      if (status === 'processing' || status === 'refunded') found.push({ ref: row.tranId, amountMinor: row.amountMinor, key: row.idempotencyKey });
    }
    return found;
  }
}
