import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { maxConcurrent, occupancyCells, type TimeInterval } from './slots.js';

type Rows<T> = { rows: T[] };

/**
 * Capacity is enforced inside the database transaction that places a hold or a booking:
 *
 * 1. every 15-minute cell the new visit touches is locked `for update` (rows are created on
 *    demand, always in ascending order so two writers cannot deadlock on them);
 * 2. with those locks held, the visits already in those cells are read and counted;
 * 3. the write happens only if fewer than `capacity` clients are present at every instant.
 *
 * Any other writer whose visit overlaps this one needs at least one of the same rows (see
 * occupancyCells), so it waits until this transaction commits and then counts this visit too. No
 * interleaving of requests, on one app instance or many sharing one PostgreSQL, can push a slot
 * past capacity. On PGlite, transactions already run one at a time; the same code serves both.
 */
export async function lockCells(tx: Db, startsAt: Date, endsAt: Date): Promise<void> {
  const cells = occupancyCells(startsAt, endsAt).map((cell) => cell.toISOString());
  if (cells.length === 0) return;
  const list = sql.join(cells.map((cell) => sql`(${cell}::timestamptz)`), sql`, `);
  await tx.execute(sql`insert into slot_cells (cell_start) values ${list} on conflict do nothing`);
  await tx.execute(sql`
    select cell_start from slot_cells
    where cell_start in (${sql.join(cells.map((cell) => sql`${cell}::timestamptz`), sql`, `)})
    order by cell_start
    for update`);
}

/** What a count leaves out: the hold being re-timed, or the booking being moved (its own old place). */
type Except = { exceptCartItemId?: string | undefined; exceptBookingId?: string | undefined };

/**
 * Visits that take room in [startsAt, endsAt) at `now`: live holds in booking lists (except the
 * item being re-timed) and confirmed or completed bookings. Expired holds simply stop counting, and
 * a hold whose item is already a confirmed booking counts once, as the booking: while a payment
 * confirms its items one by one, the list is emptied only at the end, and counting both would
 * make her own earlier item fill the place of the next.
 */
export async function occupiedIntervals(
  tx: Db,
  window: TimeInterval,
  now: Date,
  options: Except = {},
): Promise<TimeInterval[]> {
  const start = window.startsAt.toISOString();
  const end = window.endsAt.toISOString();
  const except = options.exceptCartItemId ?? null;
  const exceptBooking = options.exceptBookingId ?? null;
  const result = (await tx.execute(sql`
    select c.starts_at, c.ends_at from cart_items c
    where c.hold_expires_at > ${now.toISOString()}::timestamptz
      and c.starts_at < ${end}::timestamptz and c.ends_at > ${start}::timestamptz
      and (${except}::uuid is null or c.id <> ${except}::uuid)
      and not exists (
        select 1 from bookings b where b.cart_item_id = c.id and b.status in ('confirmed', 'completed'))
    union all
    select starts_at, ends_at from bookings
    where status in ('confirmed', 'completed')
      and starts_at < ${end}::timestamptz and ends_at > ${start}::timestamptz
      and (${exceptBooking}::uuid is null or id <> ${exceptBooking}::uuid)`)) as unknown as Rows<{
    starts_at: string | Date;
    ends_at: string | Date;
  }>;
  return result.rows.map((row) => ({ startsAt: new Date(row.starts_at), endsAt: new Date(row.ends_at) }));
}

/** One of the customer's own appointments: a live hold in her list or a confirmed booking. */
export type OwnAppointment = TimeInterval & { title: string };

/**
 * The customer's own appointments overlapping `window` (she cannot sit in two chairs at once):
 * her live holds, except `exceptCartItemId` (the item being re-timed), and her confirmed bookings.
 * Called with the window's cells locked, two of her own overlapping requests are serialised by the
 * same cell rows as everyone else's, so the check cannot be raced.
 */
export async function ownAppointments(
  tx: Db,
  userId: string,
  window: TimeInterval,
  now: Date,
  options: Except = {},
): Promise<OwnAppointment[]> {
  const start = window.startsAt.toISOString();
  const end = window.endsAt.toISOString();
  const except = options.exceptCartItemId ?? null;
  const exceptBooking = options.exceptBookingId ?? null;
  const result = (await tx.execute(sql`
    select s.title, c.starts_at, c.ends_at from cart_items c join services s on s.id = c.service_id
    where c.user_id = ${userId}::uuid
      and c.hold_expires_at > ${now.toISOString()}::timestamptz
      and c.starts_at < ${end}::timestamptz and c.ends_at > ${start}::timestamptz
      and (${except}::uuid is null or c.id <> ${except}::uuid)
      and not exists (
        select 1 from bookings b where b.cart_item_id = c.id and b.status in ('confirmed', 'completed'))
    union all
    select title, starts_at, ends_at from bookings
    where user_id = ${userId}::uuid and status = 'confirmed'
      and starts_at < ${end}::timestamptz and ends_at > ${start}::timestamptz
      and (${exceptBooking}::uuid is null or id <> ${exceptBooking}::uuid)
    order by 2`)) as unknown as Rows<{ title: string; starts_at: string | Date; ends_at: string | Date }>;
  return result.rows.map((row) => ({ title: row.title, startsAt: new Date(row.starts_at), endsAt: new Date(row.ends_at) }));
}

/** True when one more visit fits in the window; call with the window's cells locked. */
export async function hasRoom(tx: Db, window: TimeInterval, capacity: number, now: Date, options: Except = {}) {
  const occupied = await occupiedIntervals(tx, window, now, options);
  return maxConcurrent(occupied, window) < capacity;
}

/** The database's clock, so every app instance judges holds by the same time. */
export async function databaseNow(tx: Db): Promise<Date> {
  const result = (await tx.execute(sql`select now() as now`)) as unknown as Rows<{ now: string | Date }>;
  return new Date(result.rows[0]!.now);
}

const RETRYABLE = new Set(['40P01', '40001']);

function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/**
 * Runs a transaction again when PostgreSQL broke a deadlock or a serialisation conflict by
 * aborting it: the work is then redone from the start against the winner's committed result.
 */
export async function withRetry<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= attempts || !RETRYABLE.has(pgCode(err) ?? '')) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
