import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { cartItems, services, user } from '../db/schema.js';
import { fromMinorUnits } from '../../shared/money.js';
import { MAX_CART_ITEMS, type CartItem } from '../../shared/cart.js';
import type { SalonSettings } from '../../shared/salon-settings.js';
import { checkStart, type SlotRejection } from '../booking/slots.js';
import { databaseNow, hasRoom, lockCells, ownAppointments, withRetry, type OwnAppointment } from '../booking/capacity.js';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * The user's booking list with today's catalogue title, price and image (never what a client once
 * sent). Items whose service was deleted are gone already (deleteService removes them).
 */
export async function listCart(db: Db, userId: string): Promise<CartItem[]> {
  const rows = await db
    .select({ item: cartItems, service: services, email: user.email })
    .from(cartItems)
    .innerJoin(services, eq(services.id, cartItems.serviceId))
    .innerJoin(user, eq(user.id, cartItems.userId))
    .where(and(eq(cartItems.userId, userId), isNull(services.deletedAt)))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  return rows.map(({ item, service, email }) => ({
    _id: item.id,
    cartItemId: service.id,
    email,
    title: service.title,
    price: fromMinorUnits(service.priceMinor),
    image_url: service.imageUrl,
    duration: service.durationMinutes,
    startsAt: iso(item.startsAt),
    endsAt: iso(item.endsAt),
    holdExpiresAt: iso(item.holdExpiresAt),
  }));
}

export type AddOutcome = { insertedId: string } | 'unknown-service' | 'full';

export async function addToCart(db: Db, userId: string, serviceId: string): Promise<AddOutcome> {
  return db.transaction(async (tx) => {
    // The user's row is locked so two quick clicks cannot both pass the size check.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
    const [service] = await tx
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.id, serviceId), isNull(services.deletedAt)))
      .for('share');
    if (!service) return 'unknown-service';
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId));
    if (n >= MAX_CART_ITEMS) return 'full';
    const [row] = await tx.insert(cartItems).values({ userId, serviceId }).returning({ id: cartItems.id });
    return { insertedId: row!.id };
  });
}

/** Deletes one of the user's own items; another user's item counts as not found. */
export async function removeFromCart(db: Db, userId: string, itemId: string): Promise<number> {
  const rows = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  return rows.length;
}

export type TimeOutcome =
  | { ok: true; item: { startsAt: Date | null; endsAt: Date | null; holdExpiresAt: Date | null } }
  | { ok: false; reason: 'not-found' | 'taken' | Exclude<SlotRejection, 'overlaps-own'> }
  | { ok: false; reason: 'overlaps-own'; other: OwnAppointment };

/**
 * Sets an item's appointment time and holds it for `holdMinutes`, or (startsAt null) lets the time
 * go. Capacity is checked under row locks in the same transaction (booking/capacity.ts).
 */
export async function setCartTime(
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
