import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { cartItems, services, staff } from '../db/schema.js';
import { statement, verbatim } from './prepared.js';
import { lockCellsText } from '../booking/capacity.js';
import { fromMinorUnits } from '../../shared/money.js';
import { MAX_CART_ITEMS, type CartItem } from '../../shared/cart.js';
import { onlineDueMinor, payPlanOf, type PaymentPolicy } from '../../shared/deposits.js';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** An item as the API shows it: today's catalogue title, price and image (never what a client once sent). */
export function cartItemOf(item: HeldItem, email: string, salonPolicy: PaymentPolicy): CartItem {
  const policy = item.paymentPolicy ?? salonPolicy;
  return {
    _id: item.id,
    cartItemId: item.serviceId,
    email,
    title: item.title,
    title_bn: item.titleBn,
    price: fromMinorUnits(item.priceMinor),
    image_url: item.imageUrl,
    duration: item.durationMinutes,
    startsAt: iso(item.startsAt),
    endsAt: iso(item.endsAt),
    holdExpiresAt: iso(item.holdExpiresAt),
    staffId: item.staffId,
    staffName: item.staffName,
    anyStylist: item.anyStylist,
    plan: payPlanOf(policy),
    payNow: fromMinorUnits(onlineDueMinor(item.priceMinor, policy)),
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
      titleBn: services.titleBn,
      priceMinor: services.priceMinor,
      imageUrl: services.imageUrl,
      durationMinutes: services.durationMinutes,
      startsAt: cartItems.startsAt,
      endsAt: cartItems.endsAt,
      holdExpiresAt: cartItems.holdExpiresAt,
      staffId: cartItems.staffId,
      staffName: staff.name,
      anyStylist: cartItems.anyStylist,
      paymentPolicy: services.paymentPolicy,
    })
    .from(cartItems)
    .innerJoin(services, eq(services.id, cartItems.serviceId))
    .leftJoin(staff, eq(staff.id, cartItems.staffId))
    // The front desk's items for her are the desk's, held only while it books them: not her list.
    .where(and(eq(cartItems.userId, sql.placeholder('userId')), eq(cartItems.desk, false), isNull(services.deletedAt)))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
    .prepare('list_cart');
}

/**
 * `email`'s booking list (her user id is `userId`) with today's catalogue entries. Items whose
 * service was deleted are gone already (deleteService removes them). One statement, the most
 * frequent signed-in read: prepared once per connection.
 */
export async function listCart(db: Db, userId: string, email: string, salonPolicy: PaymentPolicy): Promise<CartItem[]> {
  let query = listQueries.get(db);
  if (!query) {
    query = prepareList(db);
    listQueries.set(db, query);
  }
  const rows = await query.execute({ userId });
  return rows.map((row) => cartItemOf(row, email, salonPolicy));
}

/** drizzle/0008_add_to_list_function.sql: the lock, then the count and the insert, in one call. */
const ADD_ITEM = statement<{ userId: string; serviceId: string; limit: number }, { live_service: string | null; added_item: string | null }>('parlour_add_item')`
  select live_service, added_item from parlour_add_to_list(${'userId'}::uuid, ${'serviceId'}::uuid, ${'limit'}::int)`;

export type AddOutcome = { insertedId: string } | 'unknown-service' | 'full' | 'staff-gone' | 'staff-not-qualified';

/**
 * Her stylist for a 'Book again', locked `for share` until the add commits: retiring her or
 * changing her services (both lock her row for update) waits, so the item never names a stylist
 * who was already gone or no longer did the service when it was added.
 */
const CHECK_STYLIST = statement<{ staffId: string; serviceId: string }, { service_live: boolean; active: boolean | null; qualified: boolean }>('parlour_add_item_stylist')`
  select exists (select 1 from services where id = ${'serviceId'}::uuid and deleted_at is null) as service_live,
    (select st.retired_at is null from staff st where st.id = ${'staffId'}::uuid for share) as active,
    exists (select 1 from staff_services ss where ss.staff_id = ${'staffId'}::uuid and ss.service_id = ${'serviceId'}::uuid) as qualified`;

const SET_ITEM_STYLIST = statement<{ itemId: string; staffId: string }, never>('parlour_add_item_set_stylist')`
  update cart_items set staff_id = ${'staffId'}::uuid, any_stylist = false where id = ${'itemId'}::uuid`;

/**
 * Adds a live service to her list unless the list is full, in one statement of its own (one round
 * trip, its own transaction): a database function (drizzle/0008) locks her user row first, so two
 * quick clicks cannot both pass the size check, and counts in its next statement, which sees what
 * a click that held the lock before committed (a statement that waited for the lock itself would
 * not). The service is locked `for share` against a delete running at the same time.
 *
 * With `staffId` ('Book again' with the stylist she had), the stylist is checked and locked, the
 * same function adds the item and a second statement names her on it, all in one transaction: a
 * refused stylist adds nothing. (A rare path, so its extra round trips cost less than a second
 * version of the function would in migrations.)
 */
export async function addToCart(db: Db, userId: string, serviceId: string, staffId?: string): Promise<AddOutcome> {
  if (staffId === undefined) return addedOutcome(await ADD_ITEM.run(db, { userId, serviceId, limit: MAX_CART_ITEMS }));
  return db.transaction(async (tx) => {
    const [stylist] = await CHECK_STYLIST.run(tx, { staffId, serviceId });
    if (!stylist?.service_live) return 'unknown-service';
    // Unknown counts as gone: stylists are retired, never deleted, so an id she had was real.
    if (!stylist.active) return 'staff-gone';
    if (!stylist.qualified) return 'staff-not-qualified';
    const outcome = addedOutcome(await ADD_ITEM.run(tx, { userId, serviceId, limit: MAX_CART_ITEMS }));
    if (typeof outcome === 'object') await SET_ITEM_STYLIST.run(tx, { itemId: outcome.insertedId, staffId });
    return outcome;
  });
}

function addedOutcome(rows: { live_service: string | null; added_item: string | null }[]): AddOutcome {
  const [row] = rows;
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

/** A booking-list item as its hold left it (or the list reads it), with today's catalogue entry. */
export type HeldItem = {
  id: string;
  serviceId: string;
  title: string;
  titleBn: string | null;
  priceMinor: number;
  imageUrl: string;
  durationMinutes: number;
  startsAt: Date | null;
  endsAt: Date | null;
  holdExpiresAt: Date | null;
  staffId: string | null;
  staffName: string | null;
  anyStylist: boolean;
  /** The service's own payment policy; null: the salon's. */
  paymentPolicy: PaymentPolicy | null;
};

type ItemRow = {
  id: string;
  service_id: string;
  title: string;
  title_bn: string | null;
  price_minor: number;
  image_url: string;
  duration_minutes: number;
  starts_at: string | Date | null;
  ends_at: string | Date | null;
  hold_expires_at: string | Date | null;
  staff_id: string | null;
  staff_free_at: string | Date | null;
  staff_name: string | null;
  any_stylist: boolean;
  payment_policy: PaymentPolicy | null;
  now: string | Date;
};

const date = (value: string | Date | null) => (value === null ? null : new Date(value));

export function heldItem(row: ItemRow): HeldItem {
  return {
    id: row.id,
    serviceId: row.service_id,
    title: row.title,
    titleBn: row.title_bn,
    priceMinor: row.price_minor,
    imageUrl: row.image_url,
    durationMinutes: row.duration_minutes,
    startsAt: date(row.starts_at),
    endsAt: date(row.ends_at),
    holdExpiresAt: date(row.hold_expires_at),
    staffId: row.staff_id,
    staffName: row.staff_name,
    anyStylist: row.any_stylist,
    paymentPolicy: row.payment_policy,
  };
}

type SetTime = { itemId: string; userId: string; start: string | null; holdMinutes: number; staffId: string | null };

const RETURNING_ITEM = `c.id, c.service_id, s.title, s.title_bn, s.price_minor, s.image_url, s.duration_minutes, c.starts_at, c.ends_at, c.hold_expires_at,
        c.staff_id, c.staff_free_at, c.any_stylist, (select name from staff where staff.id = c.staff_id) as staff_name, s.payment_policy`;

/**
 * Sets `itemId`'s time to `start` with a hold of `holdMinutes` (or, start null, lets the time go)
 * in one statement: her own item of a live service only, with the stylist she asked for (null:
 * any; a stylist is given only when the time is let go, holdWithStylist holds with one). Given
 * `lockCells`, the same statement locks the new time's cells (booking/capacity.ts) and is sent by
 * booking/holds.ts, after the item's row.
 */
function setItemTime(name: string, lockCells: boolean) {
  return statement<SetTime, ItemRow>(name)`
    with item as (
      update cart_items c set
        starts_at = ${'start'}::timestamptz,
        ends_at = ${'start'}::timestamptz + make_interval(mins => s.duration_minutes),
        hold_expires_at = case when ${'start'}::timestamptz is null then null else now() + make_interval(mins => ${'holdMinutes'}::int) end,
        staff_id = ${'staffId'}::uuid,
        any_stylist = ${'staffId'}::uuid is null,
        staff_free_at = null
      from services s
      where c.id = ${'itemId'}::uuid and c.user_id = ${'userId'}::uuid and s.id = c.service_id and s.deleted_at is null
      returning ${verbatim(RETURNING_ITEM)}
    )${verbatim(lockCells ? `, cells as (${lockCellsText('item')})` : '')}
    select item.*, now() as now from item`;
}

export const HOLD_TIME = setItemTime('parlour_hold_time', true);
export const RELEASE_TIME = setItemTime('parlour_release_time', false);

/**
 * The hold with a stylist, written once its cells are locked and the stylist is decided
 * (booking/holds.ts): her visit of `minutes` (the stylist's own length for the service), the
 * stylist busy `buffer` minutes more.
 */
export const HOLD_WITH_STYLIST = statement<
  { itemId: string; userId: string; start: string; minutes: number; buffer: number; holdMinutes: number; staffId: string; anyStylist: boolean },
  ItemRow
>('parlour_hold_with_stylist')`
  update cart_items c set
    starts_at = ${'start'}::timestamptz,
    ends_at = ${'start'}::timestamptz + make_interval(mins => ${'minutes'}::int),
    staff_free_at = ${'start'}::timestamptz + make_interval(mins => ${'minutes'}::int + ${'buffer'}::int),
    hold_expires_at = now() + make_interval(mins => ${'holdMinutes'}::int),
    staff_id = ${'staffId'}::uuid,
    any_stylist = ${'anyStylist'}::boolean
  from services s
  where c.id = ${'itemId'}::uuid and c.user_id = ${'userId'}::uuid and s.id = c.service_id and s.deleted_at is null
  returning ${verbatim(RETURNING_ITEM)}, now() as now`;
