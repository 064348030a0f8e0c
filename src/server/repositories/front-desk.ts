/**
 * The front desk's reads and writes of customers and of the list items it books with
 * (docs/decisions/046): finding a customer by a part of her name, e-mail or number, recording a
 * walk-in, and the desk's own booking-list items, which never show in her online list.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { cartItems, services, user, userProfiles } from '../db/schema.js';
import { rowsOf } from '../db/rows.js';
import { DELETED_ACCOUNT_DOMAIN, WALK_IN_DOMAIN, isWalkInEmail } from '../../shared/account.js';
import type { DeskCustomer } from '../../shared/front-desk.js';
import { statement } from './prepared.js';
import type { ItemRow } from './payments.js';

type CustomerRow = { id: string; name: string; email: string; phone: string | null; phone_verified: boolean; has_sign_in: boolean };

function deskCustomerOf(row: CustomerRow): DeskCustomer {
  return {
    _id: row.id,
    name: row.name,
    email: isWalkInEmail(row.email) ? null : row.email,
    phone: row.phone,
    phoneVerified: row.phone_verified,
    hasSignIn: row.has_sign_in,
  };
}

const customerColumns = sql`u.id, u.name, u.email, p.phone, p.phone_verified_at is not null as phone_verified,
  exists (select 1 from account a where a.user_id = u.id) as has_sign_in`;

/** Not a deleted account (its row stays under a placeholder address: account/deletion.ts). */
const live = sql`lower(u.email) not like ${`%@${DELETED_ACCOUNT_DOMAIN}`}`;

/**
 * Up to 10 customers whose name or e-mail contains `query`, or whose number contains its digits
 * (typed as she says it: '01712', '1712 345'), names first. A search of the whole customer table
 * each time: a salon's few thousand customers are read in a millisecond or two, and the desk searches
 * as often as a person types.
 */
export async function searchCustomers(db: Db, query: string): Promise<DeskCustomer[]> {
  const needle = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
  // A Bangladeshi number is stored +8801…; typed from 01… its digits after the leading 0 match.
  const digits = query.replace(/\D/g, '').replace(/^0/, '');
  const byPhone = digits.length >= 4 ? sql`or p.phone like ${`%${digits}%`}` : sql``;
  const rows = await rowsOf<CustomerRow>(
    db,
    sql`select ${customerColumns}
      from "user" u left join user_profiles p on p.user_id = u.id
      where ${live} and (lower(u.name) like ${needle} or (lower(u.email) like ${needle} and lower(u.email) not like ${`%@${WALK_IN_DOMAIN}`}) ${byPhone})
      order by lower(u.name), u.id
      limit 10`,
  );
  return rows.map(deskCustomerOf);
}

export async function findDeskCustomer(db: Db, id: string): Promise<DeskCustomer | undefined> {
  const [row] = await rowsOf<CustomerRow>(
    db,
    sql`select ${customerColumns} from "user" u left join user_profiles p on p.user_id = u.id where u.id = ${id} and ${live}`,
  );
  return row && deskCustomerOf(row);
}

/**
 * Records a customer who gave her name and number at the desk (an e-mail if she has one): an
 * account she cannot sign in to (no password) until she sets one through 'Forgot password' with that
 * e-mail. Without an e-mail the account gets a placeholder address that no mail is sent to. Answers
 * undefined when another account has the e-mail (the unique index decides, so two desks recording
 * her at once make one account).
 */
export async function createDeskCustomer(db: Db, input: { name: string; phone: string; email?: string | undefined }): Promise<DeskCustomer | undefined> {
  return db.transaction(async (tx) => {
    const id = randomUUID();
    const email = input.email?.toLowerCase() ?? `walk-in-${id}@${WALK_IN_DOMAIN}`;
    const [created] = await tx
      .insert(user)
      .values({ id, name: input.name, email, emailVerified: false, role: 'user' })
      .onConflictDoNothing()
      .returning({ id: user.id });
    if (!created) return undefined;
    await tx.insert(userProfiles).values({ userId: id, phone: input.phone });
    return { _id: id, name: input.name, email: input.email?.toLowerCase() ?? null, phone: input.phone, phoneVerified: false, hasSignIn: false };
  });
}

/**
 * The desk's items for her, one per visit asked for, with the stylist asked for (null: any); held
 * next with holdTime like any item. Answers their ids in the order given, or undefined when one
 * of the services is gone (deleted).
 */
export async function addDeskItems(db: Db, userId: string, items: { serviceId: string; staffId: string | null }[]): Promise<string[] | undefined> {
  const found = await db
    .select({ id: services.id })
    .from(services)
    .where(and(inArray(services.id, items.map((i) => i.serviceId)), isNull(services.deletedAt)));
  if (items.some((i) => !found.some((s) => s.id === i.serviceId))) return undefined;
  const rows = await db
    .insert(cartItems)
    .values(items.map((i) => ({ userId, serviceId: i.serviceId, staffId: i.staffId, anyStylist: i.staffId === null, desk: true })))
    .returning({ id: cartItems.id, serviceId: cartItems.serviceId, staffId: cartItems.staffId });
  return idsInAskedOrder(items, rows);
}

type DeskItemKey = { serviceId: string; staffId: string | null };

/**
 * The new items' ids in the order the visits were asked. PostgreSQL does not promise that RETURNING
 * gives a multi-row insert's rows back in the order of its VALUES, and each id is held next at the
 * time asked for its visit: a swap would book a service at another's time. Rows are matched by
 * service and stylist; two rows alike in both are alike in every column (the times come later), so
 * either answers for either visit.
 */
export function idsInAskedOrder(items: DeskItemKey[], rows: (DeskItemKey & { id: string })[]): string[] {
  const keyOf = (row: DeskItemKey) => `${row.serviceId}/${row.staffId ?? 'any'}`;
  const unused = new Map<string, string[]>();
  for (const row of rows) unused.set(keyOf(row), [...(unused.get(keyOf(row)) ?? []), row.id]);
  return items.map((item) => {
    const id = unused.get(keyOf(item))?.shift();
    if (id === undefined) throw new Error('A desk item was not returned by its insert');
    return id;
  });
}

/** Removes the desk's items of a request that did not book (a refused time); booked ones are gone already. */
export async function removeDeskItems(db: Db, userId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.desk, true), inArray(cartItems.id, ids)));
}

/** The desk's held items, as the checkout reads a list (payments.ts READ_LIST), in the order asked. */
export const READ_DESK_ITEMS = statement<{ userId: string; itemIds: string[] }, ItemRow & { now: string | Date }>('parlour_read_desk_items')`
  select c.id, c.service_id, c.starts_at, c.ends_at, c.staff_id, c.staff_free_at, c.hold_expires_at, s.title, s.title_bn, s.price_minor, s.duration_minutes, s.image_url, s.payment_policy,
    now() as now
  from unnest(${'itemIds'}::uuid[]) with ordinality as asked (id, n)
    join cart_items c on c.id = asked.id
    join services s on s.id = c.service_id
  where c.user_id = ${'userId'}::uuid and c.desk and s.deleted_at is null
  order by asked.n`;
