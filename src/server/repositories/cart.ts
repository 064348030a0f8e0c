import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { cartItems, services, user } from '../db/schema.js';
import { fromMinorUnits } from '../../shared/money.js';
import { MAX_CART_ITEMS, type CartItem } from '../../shared/cart.js';

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
