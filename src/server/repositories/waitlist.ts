import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { wallClockTime } from '../../shared/calendar.js';
import type { AdminWish, Wish, WishStatus } from '../../shared/waitlist.js';

/** A wish as the sweep and the salon's offer work on it. */
export type OpenWish = {
  id: string;
  userId: string;
  serviceId: string;
  date: string;
  staffId: string | null;
  from: string | null;
  to: string | null;
  status: WishStatus;
};

type WishRow = {
  id: string;
  user_id: string;
  service_id: string;
  service_title: string;
  service_title_bn: string | null;
  date: string;
  staff_id: string | null;
  staff_name: string | null;
  from_minutes: number | null;
  to_minutes: number | null;
  status: WishStatus;
  place: number | string | null;
  offer_starts_at: string | Date | null;
  offer_expires_at: string | Date | null;
  created_at: string | Date;
  customer_name: string;
  customer_email: string;
};

const clock = (minutes: number | null) => (minutes === null ? null : wallClockTime(minutes));
const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function wishOf(row: WishRow): Wish {
  return {
    _id: row.id,
    serviceId: row.service_id,
    serviceTitle: row.service_title,
    serviceTitle_bn: row.service_title_bn,
    date: row.date,
    staffId: row.staff_id,
    staffName: row.staff_name,
    from: clock(row.from_minutes),
    to: clock(row.to_minutes),
    status: row.status,
    place: row.place === null ? null : Number(row.place),
    offerStartsAt: iso(row.offer_starts_at),
    offerExpiresAt: iso(row.offer_expires_at),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * An offer she has paid for reads as booked at once; the row itself closes at the day's next sweep
 * (settleOffers), which the payment does not wait for.
 */
const TAKEN = sql`(w.status = 'offered' and exists (select 1 from bookings b where b.cart_item_id = w.offer_item_id and b.status in ('confirmed', 'completed')))`;

/**
 * Wishes with what a reader needs: the service's title, the stylist's name, the customer's, and her
 * place among the day's open wishes for the service (first come first served, ties by id).
 */
function selectWishes(where: SQL, order: SQL): SQL {
  return sql`
    select w.id, w.user_id, w.service_id, s.title as service_title, s.title_bn as service_title_bn, w.date, w.staff_id, st.name as staff_name,
      w.from_minutes, w.to_minutes, case when ${TAKEN} then 'booked' else w.status end as status, w.offer_starts_at, w.offer_expires_at, w.created_at,
      u.name as customer_name, u.email as customer_email,
      case when w.status in ('waiting', 'offered') and not ${TAKEN} then (
        select count(*) from waitlist_wishes o
        where o.service_id = w.service_id and o.date = w.date and o.status in ('waiting', 'offered')
          and (o.created_at, o.id) <= (w.created_at, w.id)) end as place
    from waitlist_wishes w
    join services s on s.id = w.service_id
    join "user" u on u.id = w.user_id
    left join staff st on st.id = w.staff_id
    where ${where}
    order by ${order}`;
}

/** Adds a wish; 'duplicate' when she already has an open one for the service that day. */
export async function insertWish(
  db: Db,
  wish: { userId: string; serviceId: string; date: string; staffId: string | null; fromMinutes: number | null; toMinutes: number | null },
): Promise<string | 'duplicate'> {
  try {
    const [row] = await rowsOf<{ id: string }>(
      db,
      sql`insert into waitlist_wishes (user_id, service_id, date, staff_id, from_minutes, to_minutes)
        values (${wish.userId}, ${wish.serviceId}, ${wish.date}, ${wish.staffId}, ${wish.fromMinutes}, ${wish.toMinutes})
        returning id`,
    );
    return row!.id;
  } catch (err) {
    // The partial unique index on open wishes (drizzle/0019): the database decides, not a read first.
    if ((err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') return 'duplicate';
    throw err;
  }
}

/**
 * Her wishes from `fromDate` on (and every open one), the soonest day first; with no `fromDate`,
 * every wish she ever made (her data export).
 */
export async function wishesOfUser(db: Db, userId: string, fromDate?: string): Promise<Wish[]> {
  const since = fromDate === undefined ? sql`true` : sql`(w.date >= ${fromDate} or w.status in ('waiting', 'offered'))`;
  const rows = await rowsOf<WishRow>(db, selectWishes(sql`w.user_id = ${userId} and ${since}`, sql`w.date, w.created_at, w.id`));
  return rows.map(wishOf);
}

/** A day's wishes for the salon: the open ones in queue order, then the closed. */
export async function wishesOnDate(db: Db, date: string): Promise<AdminWish[]> {
  const rows = await rowsOf<WishRow>(
    db,
    selectWishes(sql`w.date = ${date}`, sql`(w.status in ('waiting', 'offered')) desc, w.service_id, w.created_at, w.id`),
  );
  return rows.map((row) => ({ ...wishOf(row), customerName: row.customer_name, customerEmail: row.customer_email }));
}

/**
 * Closes her open wish (status 'left'). Answers 'left', 'closed' (hers, already closed) or
 * undefined (not hers, or no such wish: the caller's 404). Locks the row, so a sweep offering it
 * at that moment finishes first (and the offer it made stays on her list, hers to book or drop).
 */
export async function leaveWish(db: Db, userId: string, wishId: string): Promise<'left' | 'closed' | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await rowsOf<{ status: WishStatus }>(tx, sql`select status from waitlist_wishes where id = ${wishId} and user_id = ${userId} for update`);
    if (!row) return undefined;
    if (row.status !== 'waiting' && row.status !== 'offered') return 'closed';
    await tx.execute(sql`update waitlist_wishes set status = 'left', closed_at = now() where id = ${wishId}`);
    return 'left';
  });
}

/**
 * The day's lock (schema.ts, waitlist_days): held until the caller's transaction ends, so the
 * offers of one day are decided one sweep at a time, on whichever instance. The row is made on
 * first use; `do update ... where false` locks an existing one without writing it.
 */
export async function lockWaitlistDay(tx: Db, date: string): Promise<void> {
  await tx.execute(sql`insert into waitlist_days (date) values (${date}) on conflict (date) do update set date = excluded.date where false`);
}

/**
 * Closes the day's offers that are over: booked (the item was paid and confirmed) or lapsed (its
 * hold ran out, its time was changed or it was removed, and no payment is in progress for it).
 * Wishes still waiting whose customer booked the service that day by herself close as booked.
 * Answers how many offers lapsed (their places may go to the next).
 */
export async function settleOffers(tx: Db, date: string, timeZone: string): Promise<number> {
  const booked = sql`exists (select 1 from bookings b where b.cart_item_id = w.offer_item_id and b.status in ('confirmed', 'completed'))`;
  const paying = sql`exists (select 1 from bookings b where b.cart_item_id = w.offer_item_id and b.status = 'pending')`;
  const held = sql`exists (select 1 from cart_items c where c.id = w.offer_item_id and c.starts_at = w.offer_starts_at and c.hold_expires_at > now())`;
  const rows = await rowsOf<{ status: WishStatus }>(
    tx,
    sql`update waitlist_wishes w set status = case when ${booked} then 'booked' else 'lapsed' end, closed_at = now()
      where w.date = ${date} and w.status = 'offered' and not ${held} and not ${paying}
      returning w.status`,
  );
  await tx.execute(sql`
    update waitlist_wishes w set status = 'booked', closed_at = now()
    where w.date = ${date} and w.status = 'waiting' and exists (
      select 1 from bookings b where b.user_id = w.user_id and b.service_id = w.service_id and b.status in ('confirmed', 'completed')
        and to_char(b.starts_at at time zone ${timeZone}, 'YYYY-MM-DD') = w.date)`);
  return rows.filter((r) => r.status === 'lapsed').length;
}

const OPEN_WISH_COLUMNS = sql`id, user_id, service_id, date, staff_id, from_minutes, to_minutes, status`;
type OpenWishRow = Pick<WishRow, 'id' | 'user_id' | 'service_id' | 'date' | 'staff_id' | 'from_minutes' | 'to_minutes' | 'status'>;
const openWishOf = (row: OpenWishRow): OpenWish => ({
  id: row.id,
  userId: row.user_id,
  serviceId: row.service_id,
  date: row.date,
  staffId: row.staff_id,
  from: clock(row.from_minutes),
  to: clock(row.to_minutes),
  status: row.status,
});

/**
 * The day's waiting wishes in queue order, locked for the caller's transaction. Skip locked: a
 * wish another transaction holds (her 'Leave', the salon's offer by hand) is not waited for; it
 * is decided there, and the next sweep sees how.
 */
export async function lockWaitingWishes(tx: Db, date: string): Promise<OpenWish[]> {
  const rows = await rowsOf<OpenWishRow>(
    tx,
    sql`select ${OPEN_WISH_COLUMNS} from waitlist_wishes where date = ${date} and status = 'waiting'
      order by created_at, id for update skip locked`,
  );
  return rows.map(openWishOf);
}

/** One wish, locked for the caller's transaction (the salon's offer by hand). */
export async function lockWish(tx: Db, wishId: string): Promise<OpenWish | undefined> {
  const [row] = await rowsOf<OpenWishRow>(tx, sql`select ${OPEN_WISH_COLUMNS} from waitlist_wishes where id = ${wishId} for update`);
  return row && openWishOf(row);
}

/** The date of a wish (to lock its day before the wish itself). */
export async function dateOfWish(db: Db, wishId: string): Promise<string | undefined> {
  const [row] = await rowsOf<{ date: string }>(db, sql`select date from waitlist_wishes where id = ${wishId}`);
  return row?.date;
}

export async function recordOffer(tx: Db, wishId: string, offer: { itemId: string; startsAt: Date; expiresAt: Date }): Promise<void> {
  await tx.execute(sql`
    update waitlist_wishes set status = 'offered', offer_item_id = ${offer.itemId}, offer_starts_at = ${offer.startsAt.toISOString()},
      offer_expires_at = ${offer.expiresAt.toISOString()}, offers_made = offers_made + 1
    where id = ${wishId}`);
}

/** Wishes for days before `today` still open: the day is gone, they close as lapsed. */
export async function closePastWishes(db: Db, today: string): Promise<void> {
  await db.execute(sql`update waitlist_wishes set status = 'lapsed', closed_at = now() where date < ${today} and status in ('waiting', 'offered')`);
}

/** The days from `today` on with a wish waiting or offered. */
export async function daysWithOpenWishes(db: Db, today: string): Promise<string[]> {
  const rows = await rowsOf<{ date: string }>(db, sql`select distinct date from waitlist_wishes where date >= ${today} and status in ('waiting', 'offered') order by date`);
  return rows.map((r) => r.date);
}

/**
 * Her booking-list item of `serviceId` with no time held (never given one, or its hold lapsed), the
 * oldest: she joined the waitlist from its time picker, so the offer gives it the time instead of
 * adding a second item she would have to remove before paying.
 */
export async function untimedItemOf(db: Db, userId: string, serviceId: string): Promise<string | undefined> {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`select id from cart_items where user_id = ${userId} and service_id = ${serviceId} and not desk
      and (starts_at is null or hold_expires_at is null or hold_expires_at <= now())
      -- Not one she is paying for: its pending booking was made from the time it has.
      and not exists (select 1 from bookings b where b.cart_item_id = cart_items.id and b.status = 'pending')
      order by created_at, id limit 1`,
  );
  return row?.id;
}

/** What the offer e-mail says, read when it is sent. */
export type OfferForMail = {
  userId: string;
  status: WishStatus;
  email: string;
  name: string;
  title: string;
  titleBn: string | null;
  staffName: string | null;
  startsAt: Date | null;
  expiresAt: Date | null;
};

export async function offerForMail(db: Db, wishId: string): Promise<OfferForMail | undefined> {
  const [row] = await rowsOf<{
    user_id: string;
    status: WishStatus;
    email: string;
    name: string;
    title: string;
    title_bn: string | null;
    staff_name: string | null;
    starts_at: string | Date | null;
    expires_at: string | Date | null;
  }>(
    db,
    sql`select w.user_id, w.status, u.email, u.name, s.title, s.title_bn, st.name as staff_name, c.starts_at, c.hold_expires_at as expires_at
      from waitlist_wishes w join "user" u on u.id = w.user_id join services s on s.id = w.service_id
      left join cart_items c on c.id = w.offer_item_id left join staff st on st.id = c.staff_id
      where w.id = ${wishId}`,
  );
  if (!row) return undefined;
  const date = (value: string | Date | null) => (value === null ? null : new Date(value));
  return { userId: row.user_id, status: row.status, email: row.email, name: row.name, title: row.title, titleBn: row.title_bn, staffName: row.staff_name, startsAt: date(row.starts_at), expiresAt: date(row.expires_at) };
}
