import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { cartItems, services } from '../db/schema.js';
import { statement } from './prepared.js';
import { fromMinorUnits } from '../../shared/money.js';
import { MAX_CART_ITEMS, type CartItem } from '../../shared/cart.js';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** An item as the API shows it: today's catalogue title, price and image (never what a client once sent). */
export function cartItemOf(
  item: { id: string; serviceId: string; title: string; priceMinor: number; imageUrl: string; durationMinutes: number; startsAt: Date | null; endsAt: Date | null; holdExpiresAt: Date | null },
  email: string,
): CartItem {
  return {
    _id: item.id,
    cartItemId: item.serviceId,
    email,
    title: item.title,
    price: fromMinorUnits(item.priceMinor),
    image_url: item.imageUrl,
    duration: item.durationMinutes,
    startsAt: iso(item.startsAt),
    endsAt: iso(item.endsAt),
    holdExpiresAt: iso(item.holdExpiresAt),
  };
}

/** The list query, built once per database handle and sent as a named prepared statement. */
const listQueries = new WeakMap<Db, ReturnType<typeof prepareList>>();

function prepareList(db: Db) {
  return db
    .select({
      id: cartItems.id,
      serviceId: services.id,
      title: services.title,
      priceMinor: services.priceMinor,
      imageUrl: services.imageUrl,
      durationMinutes: services.durationMinutes,
      startsAt: cartItems.startsAt,
      endsAt: cartItems.endsAt,
      holdExpiresAt: cartItems.holdExpiresAt,
    })
    .from(cartItems)
    .innerJoin(services, eq(services.id, cartItems.serviceId))
    .where(and(eq(cartItems.userId, sql.placeholder('userId')), isNull(services.deletedAt)))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
    .prepare('list_cart');
}

/**
 * `email`'s booking list (her user id is `userId`) with today's catalogue entries. Items whose
 * service was deleted are gone already (deleteService removes them). One statement, the most
 * frequent signed-in read: prepared once per connection.
 */
export async function listCart(db: Db, userId: string, email: string): Promise<CartItem[]> {
  let query = listQueries.get(db);
  if (!query) {
    query = prepareList(db);
    listQueries.set(db, query);
  }
  const rows = await query.execute({ userId });
  return rows.map((row) => cartItemOf(row, email));
}

/** drizzle/0008_add_to_list_function.sql: the lock, then the count and the insert, in one call. */
const ADD_ITEM = statement<{ userId: string; serviceId: string; limit: number }, { live_service: string | null; added_item: string | null }>('parlour_add_item')`
  select live_service, added_item from parlour_add_to_list(${'userId'}::uuid, ${'serviceId'}::uuid, ${'limit'}::int)`;

export type AddOutcome = { insertedId: string } | 'unknown-service' | 'full';

/**
 * Adds a live service to her list unless the list is full, in one statement of its own (one round
 * trip, its own transaction): a database function (drizzle/0008) locks her user row first, so two
 * quick clicks cannot both pass the size check, and counts in its next statement, which sees what
 * a click that held the lock before committed (a statement that waited for the lock itself would
 * not). The service is locked `for share` against a delete running at the same time.
 */
export async function addToCart(db: Db, userId: string, serviceId: string): Promise<AddOutcome> {
  const [row] = await ADD_ITEM.run(db, { userId, serviceId, limit: MAX_CART_ITEMS });
  if (!row?.live_service) return 'unknown-service';
  if (!row.added_item) return 'full';
  return { insertedId: row.added_item };
}

/** Deletes one of the user's own items; another user's item counts as not found. */
export async function removeFromCart(db: Db, userId: string, itemId: string): Promise<number> {
  const rows = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  return rows.length;
}
