import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { cartItems, services } from '../db/schema.js';
import type { SalonSettings } from '../../shared/salon-settings.js';
import { checkStart, type SlotRejection } from './slots.js';
import { databaseNow, hasRoom, lockCells, ownAppointments, withRetry, type OwnAppointment } from './capacity.js';

export type TimeOutcome =
  | { ok: true; item: { startsAt: Date | null; endsAt: Date | null; holdExpiresAt: Date | null } }
  | { ok: false; reason: 'not-found' | 'taken' | Exclude<SlotRejection, 'overlaps-own'> }
  | { ok: false; reason: 'overlaps-own'; other: OwnAppointment };

/**
 * Sets an item's appointment time and holds it for `holdMinutes`, or (startsAt null) lets the time
 * go. The salon's rules, her own other appointments and capacity are all checked under the time
 * cells' row locks in one transaction (capacity.ts), retried when PostgreSQL breaks a deadlock.
 */
export async function holdTime(
  db: Db,
  request: { userId: string; itemId: string; startsAt: Date | null; settings: SalonSettings },
): Promise<TimeOutcome> {
  const { userId, itemId, startsAt, settings } = request;
  return withRetry(() =>
    db.transaction(async (tx): Promise<TimeOutcome> => {
      const [found] = await tx
        .select({ id: cartItems.id, duration: services.durationMinutes })
        .from(cartItems)
        .innerJoin(services, eq(services.id, cartItems.serviceId))
        .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, userId), isNull(services.deletedAt)))
        .for('update', { of: cartItems });
      if (!found) return { ok: false, reason: 'not-found' };

      if (startsAt === null) {
        await tx.update(cartItems).set({ startsAt: null, endsAt: null, holdExpiresAt: null }).where(eq(cartItems.id, itemId));
        return { ok: true, item: { startsAt: null, endsAt: null, holdExpiresAt: null } };
      }

      const now = await databaseNow(tx);
      const rules = checkStart({ settings, startsAt, durationMinutes: found.duration, now, occupied: [] });
      // Her own appointments are checked below, under the cell locks, where the other one is named.
      if (!rules.ok && rules.reason !== 'overlaps-own') return { ok: false, reason: rules.reason };

      const endsAt = new Date(startsAt.getTime() + found.duration * 60_000);
      await lockCells(tx, startsAt, endsAt);
      const [other] = await ownAppointments(tx, userId, { startsAt, endsAt }, now, { exceptCartItemId: itemId });
      if (other) return { ok: false, reason: 'overlaps-own', other };
      if (!(await hasRoom(tx, { startsAt, endsAt }, settings.capacity, now, { exceptCartItemId: itemId }))) {
        return { ok: false, reason: 'taken' };
      }
      const holdExpiresAt = new Date(now.getTime() + settings.holdMinutes * 60_000);
      await tx.update(cartItems).set({ startsAt, endsAt, holdExpiresAt }).where(eq(cartItems.id, itemId));
      return { ok: true, item: { startsAt, endsAt, holdExpiresAt } };
    }),
  );
}
