/**
 * The ledger of refunds asked of SSLCommerz (schema: sslcommerzRefunds): one row per idempotency
 * key, claimed before the request goes out, so a key asks SSLCommerz for one refund however many
 * times (and from however many instances) it is asked for.
 */
import { eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sslcommerzRefunds } from '../db/schema.js';

export type SslRefundStatus = 'requested' | 'processing' | 'refunded' | 'cancelled' | 'failed';
export type SslRefundRow = typeof sslcommerzRefunds.$inferSelect;

/**
 * Takes the key for a request to SSLCommerz: a new key, or one whose earlier refund failed or was
 * cancelled (nothing moved, so asking again is safe). Otherwise answers the row that holds the key
 * (a refund on its way or made).
 */
export async function claimRefund(db: Db, refund: { key: string; tranId: string; amountMinor: number }): Promise<{ claimed: true } | { claimed: false; held: SslRefundRow }> {
  const rows = await db
    .insert(sslcommerzRefunds)
    .values({ idempotencyKey: refund.key, tranId: refund.tranId, amountMinor: refund.amountMinor, status: 'requested' })
    .onConflictDoUpdate({
      target: sslcommerzRefunds.idempotencyKey,
      set: { status: 'requested', refundRefId: null, amountMinor: refund.amountMinor, updatedAt: sql`now()` },
      setWhere: inArray(sslcommerzRefunds.status, ['failed', 'cancelled']),
    })
    .returning({ key: sslcommerzRefunds.idempotencyKey });
  if (rows.length > 0) return { claimed: true };
  const [held] = await db.select().from(sslcommerzRefunds).where(eq(sslcommerzRefunds.idempotencyKey, refund.key));
  return { claimed: false, held: held! };
}

export async function updateRefund(db: Db, key: string, change: { status: SslRefundStatus; refundRefId?: string }): Promise<void> {
  await db
    .update(sslcommerzRefunds)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(sslcommerzRefunds.idempotencyKey, key));
}

export async function refundsOfTransactions(db: Db, tranIds: readonly string[]): Promise<SslRefundRow[]> {
  if (tranIds.length === 0) return [];
  return db.select().from(sslcommerzRefunds).where(inArray(sslcommerzRefunds.tranId, [...tranIds]));
}

export async function refundsCreatedSince(db: Db, since: Date): Promise<SslRefundRow[]> {
  return db.select().from(sslcommerzRefunds).where(gte(sslcommerzRefunds.createdAt, since));
}
