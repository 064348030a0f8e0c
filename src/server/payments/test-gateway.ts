import { randomBytes } from 'node:crypto';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { testGatewayIntents, testGatewayRefunds } from '../db/schema.js';
import { statement } from '../repositories/prepared.js';
import { GatewayError, type GatewayIntent, type GatewayRefund, type PaymentGateway } from './gateway.js';

/**
 * The card numbers Stripe documents for testing, with the same outcomes, so a salon trying the
 * product sees what a real card would do. Any other valid number succeeds, as in Stripe's test mode.
 */
const CARD_OUTCOMES: Record<string, { outcome: 'failed'; message: string }> = {
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

export type ChargeResult =
  | { kind: 'unknown-intent' }
  | { kind: 'canceled'; ref: string }
  | { kind: 'already-paid'; ref: string }
  | { kind: 'charged'; ref: string; outcome: 'succeeded' }
  | { kind: 'charged'; ref: string; outcome: 'failed'; message: string };

/** The two statements of every test payment, prepared once per connection (prepared.ts). */
const CREATE_INTENT = statement<{ ref: string; clientSecret: string; key: string; amountMinor: number; currency: string }, { ref: string; client_secret: string }>(
  'parlour_test_create_intent',
)`
  insert into test_gateway_intents (ref, idempotency_key, client_secret, amount_minor, currency, status)
  values (${'ref'}::text, ${'key'}::text, ${'clientSecret'}::text, ${'amountMinor'}::int, ${'currency'}::text, 'requires_payment_method')
  on conflict (idempotency_key) do update set idempotency_key = excluded.idempotency_key
  returning ref, client_secret`;

const CHARGE = statement<{ clientSecret: string }, { ref: string }>('parlour_test_charge')`
  update test_gateway_intents set status = 'succeeded'
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

  async succeededAmong(refs: readonly string[]): Promise<Map<string, number>> {
    if (refs.length === 0) return new Map();
    const rows = await this.db
      .select({ ref: testGatewayIntents.ref, amountMinor: testGatewayIntents.amountMinor })
      .from(testGatewayIntents)
      .where(and(inArray(testGatewayIntents.ref, [...refs]), eq(testGatewayIntents.status, 'succeeded')));
    return new Map(rows.map((row) => [row.ref, row.amountMinor]));
  }

  /**
   * Charges the card for the intent behind `clientSecret`, once: a good card moves a payable
   * intent to succeeded in one update, which a second click waits for and then finds nothing to
   * move; an intent that already succeeded answers 'already-paid' without charging again (double
   * click, second tab). A failed attempt leaves it payable with another card.
   */
  async charge(clientSecret: string, cardNumber: string): Promise<ChargeResult> {
    const special = CARD_OUTCOMES[cardNumber];
    if (!special) {
      const [charged] = await CHARGE.run(this.db, { clientSecret });
      if (charged) return { kind: 'charged', ref: charged.ref, outcome: 'succeeded' };
    }
    const [intent] = await this.db.select().from(testGatewayIntents).where(eq(testGatewayIntents.clientSecret, clientSecret));
    if (!intent) return { kind: 'unknown-intent' };
    if (intent.status === 'succeeded') return { kind: 'already-paid', ref: intent.ref };
    if (intent.status === 'canceled') return { kind: 'canceled', ref: intent.ref };
    if (special) return { kind: 'charged', ref: intent.ref, outcome: 'failed', message: special.message };
    throw new GatewayError('The test gateway could not charge a payable intent');
  }
}
