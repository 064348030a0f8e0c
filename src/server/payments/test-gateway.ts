import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { and, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { testGatewayIntents, testGatewayRefunds, testGatewayWalletAttempts } from '../db/schema.js';
import { statement } from '../repositories/prepared.js';
import { PAYMENT_METHOD_NAMES, TEST_WALLET, type PaymentMethod, type TestWallet } from '../../shared/payments.js';
import { GatewayError, type GatewayIntent, type GatewayRefund, type PaymentGateway } from './gateway.js';

/**
 * The card numbers Stripe documents for testing, with the same outcomes, so a salon trying the
 * product sees what a real card would do. Any other valid number succeeds, as in Stripe's test mode.
 */
const CARD_OUTCOMES: Partial<Record<string, { outcome: 'failed'; message: string }>> = {
  '4000000000000002': { outcome: 'failed', message: 'Your card was declined.' },
  '4000000000009995': { outcome: 'failed', message: 'Your card has insufficient funds.' },
  '4000000000000069': { outcome: 'failed', message: 'Your card has expired.' },
  '4000000000000127': { outcome: 'failed', message: "Your card's security code is incorrect." },
};

export type CardProblem = { path: 'cardNumber' | 'expiry' | 'cvc'; message: string };

/** The Luhn checksum every real card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Problems a card form shows under its fields before anything is charged. */
export function checkCard(card: { cardNumber: string; expiry: string; cvc: string }, now: Date): CardProblem[] {
  const problems: CardProblem[] = [];
  if (!passesLuhn(card.cardNumber)) problems.push({ path: 'cardNumber', message: 'Your card number is invalid.' });
  const [month, year] = card.expiry.split('/').map((part) => Number(part.trim()));
  // A card is valid through the last day of its expiry month.
  const endOfMonth = Date.UTC(2000 + year!, month!, 1);
  if (endOfMonth <= now.getTime()) problems.push({ path: 'expiry', message: 'Your card has expired.' });
  return problems;
}

/** How long the server waits for a wallet to answer a charge before it gives up (nothing charged). */
export const WALLET_ANSWER_WAIT_MS = 3_000;
/** How long the one-time code a wallet 'sent' can be used. */
export const WALLET_CODE_MINUTES = 5;
/** Wrong codes before the attempt ends and she starts again. */
export const WALLET_CODE_TRIES = 3;

/**
 * What the simulated wallet answers when asked to pay: the documented numbers decline or never
 * answer (the promise stays pending), any other number pays.
 */
function walletAnswer(number: string): Promise<'approved' | 'declined'> {
  if (number === TEST_WALLET.declined) return Promise.resolve('declined');
  if (number === TEST_WALLET.noAnswer) return new Promise(() => undefined);
  return Promise.resolve('approved');
}

export type ChargeResult =
  | { kind: 'unknown-intent' }
  | { kind: 'canceled'; ref: string }
  | { kind: 'already-paid'; ref: string; method: PaymentMethod }
  | { kind: 'charged'; ref: string; outcome: 'succeeded'; method: PaymentMethod }
  | { kind: 'charged'; ref: string; outcome: 'failed'; message: string };

export type WalletStart = { kind: 'unknown-intent' } | { kind: 'canceled' } | { kind: 'sent'; attemptId: string; expiresAt: Date };

/** The code check of a wallet attempt: right (go on and charge), wrong (tries left), or no longer usable. */
export type WalletCodeCheck =
  | { kind: 'unknown' }
  | { kind: 'expired' }
  | { kind: 'ended'; by: 'wrong-codes' | 'declined' | 'no-answer' }
  | { kind: 'wrong'; triesLeft: number }
  | { kind: 'right'; wallet: TestWallet; number: string };

/** The two statements of every test payment, prepared once per connection (prepared.ts). */
const CREATE_INTENT = statement<{ ref: string; clientSecret: string; key: string; amountMinor: number; currency: string }, { ref: string; client_secret: string }>(
  'parlour_test_create_intent',
)`
  insert into test_gateway_intents (ref, idempotency_key, client_secret, amount_minor, currency, status)
  values (${'ref'}::text, ${'key'}::text, ${'clientSecret'}::text, ${'amountMinor'}::int, ${'currency'}::text, 'requires_payment_method')
  on conflict (idempotency_key) do update set idempotency_key = excluded.idempotency_key
  returning ref, client_secret`;

const CHARGE = statement<{ clientSecret: string; method: PaymentMethod }, { ref: string }>('parlour_test_charge')`
  update test_gateway_intents set status = 'succeeded', method = ${'method'}::text
  where client_secret = ${'clientSecret'}::text and status not in ('succeeded', 'canceled')
  returning ref`;

export class TestGateway implements PaymentGateway {
  readonly name = 'test' as const;
  readonly publishableKey = null;
  readonly testMode = true;

  constructor(private readonly db: Db) {}

  async createIntent(input: { amountMinor: number; currency: string; idempotencyKey: string }): Promise<GatewayIntent> {
    const ref = `test_pi_${randomBytes(12).toString('hex')}`;
    const clientSecret = `${ref}_secret_${randomBytes(16).toString('hex')}`;
    // A repeated key answers the intent it made the first time (the no-op update returns that row).
    const [row] = await CREATE_INTENT.run(this.db, { ref, clientSecret, key: input.idempotencyKey, amountMinor: input.amountMinor, currency: input.currency });
    if (!row) throw new GatewayError('The test gateway lost an intent');
    return { ref: row.ref, clientSecret: row.client_secret };
  }

  async cancelIntent(ref: string): Promise<void> {
    await this.db
      .update(testGatewayIntents)
      .set({ status: 'canceled' })
      .where(and(eq(testGatewayIntents.ref, ref), sql`${testGatewayIntents.status} <> 'succeeded'`));
  }

  async refund(input: { ref: string; amountMinor: number; idempotencyKey: string }): Promise<void> {
    await this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(testGatewayRefunds)
        .values({ idempotencyKey: input.idempotencyKey, ref: input.ref, amountMinor: input.amountMinor })
        .onConflictDoNothing()
        .returning({ key: testGatewayRefunds.idempotencyKey });
      if (inserted.length === 0) return;
      const updated = await tx
        .update(testGatewayIntents)
        .set({ refundedMinor: sql`${testGatewayIntents.refundedMinor} + ${input.amountMinor}` })
        .where(
          and(
            eq(testGatewayIntents.ref, input.ref),
            eq(testGatewayIntents.status, 'succeeded'),
            sql`${testGatewayIntents.refundedMinor} + ${input.amountMinor} <= ${testGatewayIntents.amountMinor}`,
          ),
        )
        .returning({ ref: testGatewayIntents.ref });
      if (updated.length === 0) throw new GatewayError('The test gateway refused the refund (more than was paid)');
    });
  }

  async refundedSince(since: Date): Promise<GatewayRefund[]> {
    const rows = await this.db.select().from(testGatewayRefunds).where(gte(testGatewayRefunds.createdAt, since));
    return rows.map((row) => ({ ref: row.ref, amountMinor: row.amountMinor, key: row.idempotencyKey }));
  }

  async refundsOf(refs: readonly string[]): Promise<GatewayRefund[]> {
    if (refs.length === 0) return [];
    const rows = await this.db.select().from(testGatewayRefunds).where(inArray(testGatewayRefunds.ref, [...refs]));
    return rows.map((row) => ({ ref: row.ref, amountMinor: row.amountMinor, key: row.idempotencyKey }));
  }

  async succeededAmong(refs: readonly string[]): Promise<Map<string, { amountMinor: number; method: PaymentMethod | null }>> {
    if (refs.length === 0) return new Map();
    const rows = await this.db
      .select({ ref: testGatewayIntents.ref, amountMinor: testGatewayIntents.amountMinor, method: testGatewayIntents.method })
      .from(testGatewayIntents)
      .where(and(inArray(testGatewayIntents.ref, [...refs]), eq(testGatewayIntents.status, 'succeeded')));
    return new Map(rows.map((row) => [row.ref, { amountMinor: row.amountMinor, method: row.method }]));
  }

  /**
   * Charges the card for the intent behind `clientSecret`, once: a good card moves a payable
   * intent to succeeded in one update, which a second click waits for and then finds nothing to
   * move; an intent that already succeeded answers 'already-paid' without charging again (double
   * click, second tab). A failed attempt leaves it payable with another card.
   */
  async charge(clientSecret: string, cardNumber: string): Promise<ChargeResult> {
    return this.settle(clientSecret, 'card', CARD_OUTCOMES[cardNumber]?.message ?? null);
  }

  /**
   * Starts a wallet payment of the intent behind `clientSecret`: the wallet 'sends' her the code
   * (in test mode always the documented one). A cancelled intent (her list changed) sends nothing.
   */
  async startWallet(clientSecret: string, wallet: TestWallet, number: string): Promise<WalletStart> {
    const [attempt] = await rowsOf<{ id: string; expires_at: string | Date }>(
      this.db,
      sql`insert into test_gateway_wallet_attempts (ref, wallet, number, expires_at)
        select ref, ${wallet}, ${number}, now() + make_interval(mins => ${WALLET_CODE_MINUTES})
        from test_gateway_intents where client_secret = ${clientSecret} and status <> 'canceled'
        returning id, expires_at`,
    );
    if (attempt) return { kind: 'sent', attemptId: attempt.id, expiresAt: new Date(attempt.expires_at) };
    const [intent] = await this.db.select({ ref: testGatewayIntents.ref }).from(testGatewayIntents).where(eq(testGatewayIntents.clientSecret, clientSecret));
    return intent ? { kind: 'canceled' } : { kind: 'unknown-intent' };
  }

  /**
   * Counts a code against the attempt in one update of its row, so two tabs typing at once cannot
   * get more than three wrong codes between them; the third wrong one ends the attempt. A right
   * code leaves it open: two confirmations of one attempt both go on to the charge, which pays once.
   */
  async checkWalletCode(attemptId: string, code: string): Promise<WalletCodeCheck> {
    const wrong = code !== TEST_WALLET.code;
    const a = testGatewayWalletAttempts;
    const [counted] = await this.db
      .update(a)
      .set({
        wrongCodes: sql`${a.wrongCodes} + ${wrong ? 1 : 0}`,
        endedBy: wrong ? sql`case when ${a.wrongCodes} + 1 >= ${WALLET_CODE_TRIES} then 'wrong-codes' end` : sql`null`,
      })
      .where(and(eq(a.id, attemptId), isNull(a.endedBy), gt(a.expiresAt, sql`now()`)))
      .returning({ wrongCodes: a.wrongCodes, endedBy: a.endedBy, wallet: a.wallet, number: a.number });
    if (counted) {
      if (!wrong) return { kind: 'right', wallet: counted.wallet, number: counted.number };
      if (counted.endedBy) return { kind: 'ended', by: 'wrong-codes' };
      return { kind: 'wrong', triesLeft: WALLET_CODE_TRIES - counted.wrongCodes };
    }
    const [attempt] = await this.db.select({ endedBy: a.endedBy }).from(a).where(eq(a.id, attemptId));
    if (!attempt) return { kind: 'unknown' };
    if (attempt.endedBy === 'wrong-codes' || attempt.endedBy === 'declined' || attempt.endedBy === 'no-answer') return { kind: 'ended', by: attempt.endedBy };
    return { kind: 'expired' };
  }

  /**
   * Asks her wallet to pay, waiting at most WALLET_ANSWER_WAIT_MS for its answer: a wallet that
   * never answers charges nothing and the attempt fails with a clear message. Paying goes through
   * the card's charge statement, so a second confirmation (another tab) never pays twice. An
   * attempt whose charge failed ends; she starts again.
   */
  async chargeWallet(attemptId: string, clientSecret: string, wallet: TestWallet, number: string): Promise<ChargeResult> {
    const name = PAYMENT_METHOD_NAMES[wallet];
    const giveUp = new AbortController();
    const answer = await Promise.race([
      walletAnswer(number),
      delay(WALLET_ANSWER_WAIT_MS, 'no-answer' as const, { signal: giveUp.signal }),
    ]).finally(() => giveUp.abort());
    const refusal =
      answer === 'approved' ? null : answer === 'declined' ? `Insufficient balance in your ${name} account.` : `${name} did not answer. Nothing was charged; try again.`;
    const result = await this.settle(clientSecret, wallet, refusal);
    if (result.kind === 'charged' && result.outcome === 'failed') {
      await this.db
        .update(testGatewayWalletAttempts)
        .set({ endedBy: answer === 'declined' ? 'declined' : 'no-answer' })
        .where(and(eq(testGatewayWalletAttempts.id, attemptId), isNull(testGatewayWalletAttempts.endedBy)));
    }
    return result;
  }

  /**
   * One charge of the intent behind `clientSecret` by `method`, or its refusal: a payable intent
   * moves to succeeded in one update, which a second request waits for and then finds nothing to
   * move; an intent that already succeeded answers 'already-paid' with the method that paid it,
   * without charging again (double click, second tab). A refusal leaves it payable.
   */
  private async settle(clientSecret: string, method: PaymentMethod, refusal: string | null): Promise<ChargeResult> {
    if (refusal === null) {
      const [charged] = await CHARGE.run(this.db, { clientSecret, method });
      if (charged) return { kind: 'charged', ref: charged.ref, outcome: 'succeeded', method };
    }
    const [intent] = await this.db.select().from(testGatewayIntents).where(eq(testGatewayIntents.clientSecret, clientSecret));
    if (!intent) return { kind: 'unknown-intent' };
    if (intent.status === 'succeeded') return { kind: 'already-paid', ref: intent.ref, method: intent.method ?? method };
    if (intent.status === 'canceled') return { kind: 'canceled', ref: intent.ref };
    if (refusal !== null) return { kind: 'charged', ref: intent.ref, outcome: 'failed', message: refusal };
    throw new GatewayError('The test gateway could not charge a payable intent');
  }
}
