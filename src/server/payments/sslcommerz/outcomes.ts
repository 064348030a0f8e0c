import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { paymentByRef } from '../../repositories/payments.js';
import type { PaymentService } from '../payment-service.js';
import { PAID_STATUSES, type SslCommerzClient, type TransactionAttempt } from './client.js';
import { methodOf, paidAttempt } from './sslcommerz-gateway.js';

type Deps = { db: Db; payments: PaymentService; client: SslCommerzClient; log: FastifyBaseLogger };

const FAILURE_MESSAGES: Record<string, string> = {
  FAILED: 'Your payment did not go through. You can try again.',
  CANCELLED: 'You cancelled the payment. You can pay when you are ready.',
};

/**
 * Settles a transaction SSLCommerz told us about (its IPN, or the browser coming back from the
 * hosted page), on SSLCommerz's own word only: the posted val_id is checked with the validation
 * API, and without a paid one (a failed or cancelled attempt) the transaction query says what
 * happened.
 * The posted fields are pointers, never facts. A paid attempt is applied only when its tran_id,
 * currency and amount are the payment's and SSLCommerz does not call it risky.
 *
 * The IPN and the return carry the same attempt, in either order or at once: the event id comes
 * from the attempt (its val_id, or its place among the tran_id's attempts), and applyOutcome
 * applies each event id once. Answers the payment's id; undefined for a tran_id we do not know.
 */
export async function settleTransaction(deps: Deps, notice: { tranId: string; valId: string | undefined }): Promise<string | undefined> {
  const payment = await paymentByRef(deps.db, 'sslcommerz', notice.tranId);
  if (!payment) {
    deps.log.warn({ tranId: notice.tranId }, 'SSLCommerz told of a transaction we do not know');
    return undefined;
  }
  if (notice.valId) {
    const validation = await deps.client.validate(notice.valId);
    if (PAID_STATUSES.has(validation.status)) {
      if (validation.tranId === notice.tranId) await applyPaid(deps, payment, notice.tranId, validation);
      else deps.log.error({ paymentId: payment.id }, 'SSLCommerz validated a payment of another transaction: not applied');
      return payment.id;
    }
    // Not a paid val_id (a failed attempt's, or a made-up one): what happened is the transaction query's to say.
  }
  const attempts = await deps.client.attemptsOf(notice.tranId);
  const paid = paidAttempt(attempts);
  if (paid) {
    await applyPaid(deps, payment, notice.tranId, paid);
    return payment.id;
  }
  const last = attempts.at(-1);
  const message = last && FAILURE_MESSAGES[last.status];
  if (message) {
    await deps.payments.applyOutcome({ eventId: `sslcommerz_${notice.tranId}_${attempts.length}_${last.status}`, ref: notice.tranId, outcome: 'failed', message });
  }
  return payment.id;
}

async function applyPaid(deps: Deps, payment: { id: string; amountMinor: number; currency: string }, tranId: string, paid: TransactionAttempt) {
  if (paid.currency !== payment.currency || paid.amountMinor !== payment.amountMinor) {
    // Never confirm bookings on a payment of another amount; a person must look at it.
    deps.log.error(
      { paymentId: payment.id, reported: { amountMinor: paid.amountMinor, currency: paid.currency }, expected: { amountMinor: payment.amountMinor, currency: payment.currency } },
      'SSLCommerz reports another amount or currency than the payment: not confirmed',
    );
    return;
  }
  if (paid.riskLevel === '1') {
    deps.log.error({ paymentId: payment.id }, 'SSLCommerz marks this payment as risky: not confirmed; check it in the merchant panel');
    return;
  }
  await deps.payments.applyOutcome({
    eventId: `sslcommerz_${paid.valId}`,
    ref: tranId,
    outcome: 'succeeded',
    amountMinor: paid.amountMinor,
    method: methodOf(paid.cardType, paid.cardBrand) ?? undefined,
  });
}
