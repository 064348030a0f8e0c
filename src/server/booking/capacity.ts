import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import type { PipelinedTransaction } from '../db/pipelined.js';
import { fragment, statement, verbatim, type Fragment } from '../repositories/prepared.js';
import { maxConcurrent, occupancyCells, type TimeInterval } from './slots.js';
import type { TakenInterval } from './staff-slots.js';

/** The grid of the capacity locks; every writer must use the same one. */
export const CELL_MINUTES = 15;

/**
 * Capacity is enforced inside the database transaction that places a hold or a booking:
 *
 * 1. every 15-minute cell the new visit touches is locked (rows are created on demand, always in
 *    ascending order so two writers cannot deadlock on them);
 * 2. with those locks held, the visits already in those cells are read and counted, in a later
 *    statement than the locks: a statement sees the database as it was when it began, so a count
 *    in the statement that waited for a lock would miss the visit its holder just committed;
 * 3. the write stands only if fewer than `capacity` clients are present at every instant (it may
 *    be made before the count, in the same transaction, and is rolled back if there is no room).
 *
 * Any other writer whose visit overlaps this one needs at least one of the same rows (see
 * occupancyCells), so it waits until this transaction commits and then counts this visit too. No
 * interleaving of requests, on one app instance or many sharing one PostgreSQL, can push a slot
 * past capacity.
 *
 * A row is locked by `on conflict do update ... where false`: an existing row is locked as by
 * `for update` and left unwritten, a missing one is created (and so held) by the insert; one
 * statement either way.
 */
export async function lockCells(tx: Db, startsAt: Date, endsAt: Date): Promise<void> {
  const cells = occupancyCells(startsAt, endsAt, CELL_MINUTES).map((cell) => cell.toISOString());
  if (cells.length === 0) return;
  const list = sql.join(cells.map((cell) => sql`(${cell}::timestamptz)`), sql`, `);
  await tx.execute(sql`insert into slot_cells (cell_start) values ${list} ${LOCK_ON_CONFLICT}`);
}

const LOCK_ON_CONFLICT_TEXT = 'on conflict (cell_start) do update set cell_start = excluded.cell_start where false';
const LOCK_ON_CONFLICT = sql.raw(LOCK_ON_CONFLICT_TEXT);

/**
 * The same locks as lockCells, for visits a statement finds itself (a `with` query `source` with
 * columns starts_at, ends_at and staff_free_at): for use as one `with` part of the statement that
 * finds them. A visit's cells run to when its stylist is free again (its buffer included), so two
 * visits that need the same stylist at once always share a cell, like two that need a chair. The
 * cells are occupancyCells' grid computed in SQL (capacity.test.ts holds the two together).
 */
export function lockCellsOf(source: string): SQL {
  return sql.raw(lockCellsText(source));
}

/** lockCellsOf's text, for a prepared statement (prepared.ts); `source` is a `with` part's name. */
export function lockCellsText(source: string): string {
  if (!/^[a-z_]+$/.test(source)) throw new Error(`not a with-query name: ${source}`);
  const seconds = CELL_MINUTES * 60;
  return `insert into slot_cells (cell_start)
    select distinct cell from ${source} v,
      generate_series(
        to_timestamp(floor(extract(epoch from v.starts_at) / ${seconds}) * ${seconds}),
        greatest(v.ends_at, coalesce(v.staff_free_at, v.ends_at)) - interval '1 microsecond',
        interval '${CELL_MINUTES} minutes') as cell
    where v.ends_at > v.starts_at
    order by cell
    ${LOCK_ON_CONFLICT_TEXT}`;
}

/** What a count leaves out: the holds being re-timed or paid, or the booking being moved (its own old place). */
type Except = { exceptCartItemId?: string | undefined; exceptCartItemIds?: readonly string[]; exceptBookingId?: string | undefined };

/** One of the customer's own appointments: a live hold in her list or a confirmed booking. */
export type OwnAppointment = TimeInterval & { title: string; titleBn: string | null };

/** `occupied`: the chairs' visits, each with its stylist and when she is free again. */
export type Occupancy = { occupied: TakenInterval[]; own: OwnAppointment[] };

/**
 * Everything that takes room in any of `windows` at `now`, in one statement:
 *
 * - `occupied`: live holds in booking lists (except the items named) and confirmed or completed
 *   bookings. Expired holds simply stop counting, and a hold whose item is already a confirmed
 *   booking counts once, as the booking: while a payment confirms its items, the list is emptied
 *   only at the end, and counting both would make her own earlier item fill the place of the next.
 * - `own`: those of them that are `userId`'s own appointments (she cannot sit in two chairs at
 *   once): her live holds and her confirmed bookings, earliest first. Called with the windows'
 *   cells locked, two of her own overlapping requests are serialised by the same cell rows as
 *   everyone else's, so the check cannot be raced.
 */
type OccupancyParams = { now: string; userId: string | null; exceptItems: string[]; exceptBooking: string | null };

/**
 * Two texts: one window as two scalars (a hold, the availability, a payment of one item), for
 * which PostgreSQL settles on one generic plan; several as arrays, where a generic plan cannot
 * know how many and every call is planned (0.3 ms).
 */
type OccupancyRow = {
  title: string | null;
  title_bn: string | null;
  starts_at: string | Date;
  ends_at: string | Date;
  staff_id: string | null;
  staff_free_at: string | Date | null;
  own: boolean | null;
};

/**
 * The longest a visit can keep a chair or a stylist: services.duration_minutes and a stylist's own
 * duration are checked to be between 15 and 480 by the database, the buffer after a service at
 * most 120, and every hold and booking takes its length from them. The counts below look only at
 * visits starting at most this long before a window, so they read the index's few rows around the
 * window instead of every booking the salon ever had.
 */
export const MAX_VISIT_MINUTES = 480;
export const MAX_BUFFER_MINUTES = 120;
const EARLIEST = `interval '${MAX_VISIT_MINUTES + MAX_BUFFER_MINUTES} minutes'`;

/**
 * What takes room in the windows at `now`, `overlaps(alias)` saying whether a visit overlaps them;
 * `now` a parameter or the transaction's own clock.
 */
function occupancyOf<P extends Omit<OccupancyParams, 'now' | 'exceptItems'>>(
  overlaps: (alias: 'c' | 'b') => Fragment<P>,
  now: Fragment<P>,
  exceptItems: Fragment<P>,
) {
  return fragment<P>`
    select s.title, s.title_bn, c.starts_at, c.ends_at, c.staff_id, c.staff_free_at, c.user_id = ${'userId'}::uuid as own
    from cart_items c left join services s on s.id = c.service_id
    where c.hold_expires_at > ${now}
      and ${overlaps('c')}
      and c.id <> all (${exceptItems})
      and not exists (
        select 1 from bookings b where b.cart_item_id = c.id and b.status in ('confirmed', 'completed'))
    union all
    select b.title, b.title_bn, b.starts_at, b.ends_at, b.staff_id, b.staff_free_at, b.user_id = ${'userId'}::uuid and b.status = 'confirmed' as own
    from bookings b
    where b.status in ('confirmed', 'completed')
      and ${overlaps('b')}
      and (${'exceptBooking'}::uuid is null or b.id <> ${'exceptBooking'}::uuid)`;
}

/** Until when visit `x` takes someone: its chair, or its stylist through the buffer after it. */
function busyUntil(x: 'c' | 'b') {
  return verbatim(`coalesce(${x}.staff_free_at, ${x}.ends_at)`);
}

type One = OccupancyParams & { start: string; end: string };
type Many = OccupancyParams & { starts: string[]; ends: string[] };

/**
 * Two texts: one window as two scalars (a hold, the availability, a payment of one item), for
 * which PostgreSQL settles on one generic plan; several as arrays, where a generic plan cannot
 * know how many and every call is planned (0.3 ms).
 */
const OCCUPANCY_ONE = statement<One, OccupancyRow>('parlour_occupancy_one')`${occupancyOf<One>(
  (x) => fragment<One>`${verbatim(x)}.starts_at >= ${'start'}::timestamptz - ${verbatim(EARLIEST)}
      and ${verbatim(x)}.starts_at < ${'end'}::timestamptz and ${busyUntil(x)} > ${'start'}::timestamptz`,
  fragment<One>`${'now'}::timestamptz`,
  fragment<One>`${'exceptItems'}::uuid[]`,
)}`;
/** Whether the visit `x` overlaps any of the windows of a `with` part `w (s, e)`. */
function overlapsAnyOfW<P extends Record<string, unknown>>(x: 'c' | 'b'): Fragment<P> {
  return fragment<P>`${verbatim(x)}.starts_at >= (select min(s) from w) - ${verbatim(EARLIEST)}
      and ${verbatim(x)}.starts_at < (select max(e) from w)
      and exists (select 1 from w where ${verbatim(x)}.starts_at < w.e and ${busyUntil(x)} > w.s)`;
}

const OCCUPANCY_MANY = statement<Many, OccupancyRow>('parlour_occupancy_many')`
    with w (s, e) as (select * from unnest(${'starts'}::timestamptz[], ${'ends'}::timestamptz[]))${occupancyOf<Many>(
  overlapsAnyOfW,
  fragment<Many>`${'now'}::timestamptz`,
  fragment<Many>`${'exceptItems'}::uuid[]`,
)}`;

type WithTimeOff = One & { staffIds: string[]; offStart: string; offEnd: string };

/**
 * OCCUPANCY_ONE and the time off of the stylists `staffIds` overlapping [offStart, offEnd), in one
 * statement (`off` tells the rows apart): what a hold with a stylist reads once its cells and her
 * row are locked.
 */
const OCCUPANCY_AND_TIME_OFF = statement<WithTimeOff, OccupancyRow & { off: boolean }>('parlour_occupancy_and_time_off')`
    select o.*, false as off from (${occupancyOf<WithTimeOff>(
      (x) => fragment<WithTimeOff>`${verbatim(x)}.starts_at >= ${'start'}::timestamptz - ${verbatim(EARLIEST)}
      and ${verbatim(x)}.starts_at < ${'end'}::timestamptz and ${busyUntil(x)} > ${'start'}::timestamptz`,
      fragment<WithTimeOff>`${'now'}::timestamptz`,
      fragment<WithTimeOff>`${'exceptItems'}::uuid[]`,
    )}) o
    union all
    select null, null, t.starts_at, t.ends_at, t.staff_id, null, null, true from staff_time_off t
    where t.staff_id = any(${'staffIds'}::uuid[]) and t.starts_at < ${'offEnd'}::timestamptz and t.ends_at > ${'offStart'}::timestamptz`;

/**
 * What takes room in one window and the stylists' time off in another, sent in a pipelined
 * transaction without waiting, after the statement that locks the window's cells and their rows
 * (never in the same one: see occupancy and shareStylists).
 */
export function occupancyAndTimeOffSent(
  tx: PipelinedTransaction,
  request: OccupancyRequest & { windows: readonly [TimeInterval] },
  timeOff: { staffIds: string[]; window: TimeInterval },
): Promise<{ present: Occupancy; off: Map<string, TimeInterval[]> }> {
  const [one] = request.windows;
  const params = {
    ...occupancyParams(request),
    start: one.startsAt.toISOString(),
    end: one.endsAt.toISOString(),
    staffIds: timeOff.staffIds,
    offStart: timeOff.window.startsAt.toISOString(),
    offEnd: timeOff.window.endsAt.toISOString(),
  };
  return tx.later(
    OCCUPANCY_AND_TIME_OFF.send(tx, params).then((rows) => {
      const off = new Map<string, TimeInterval[]>();
      for (const row of rows) {
        if (!row.off) continue;
        const list = off.get(row.staff_id!) ?? [];
        list.push({ startsAt: new Date(row.starts_at), endsAt: new Date(row.ends_at) });
        off.set(row.staff_id!, list);
      }
      return { present: occupancyFrom(rows.filter((row) => !row.off)), off };
    }),
  );
}

type OfItem = Omit<OccupancyParams, 'now'> & { itemId: string };

/**
 * The window as a booking-list item's time reads in this transaction (one a statement before just
 * wrote), at the transaction's clock: so the count can be sent behind that statement without
 * waiting for its answer (pipelined.ts).
 */
const OCCUPANCY_OF_ITEM = statement<OfItem, OccupancyRow>('parlour_occupancy_of_item')`
    with w (s, e) as (select starts_at, coalesce(staff_free_at, ends_at) from cart_items where id = ${'itemId'}::uuid and user_id = ${'userId'}::uuid)${occupancyOf<OfItem>(
  (x) => fragment<OfItem>`${verbatim(x)}.starts_at >= (select s from w) - ${verbatim(EARLIEST)}
      and ${verbatim(x)}.starts_at < (select e from w) and ${busyUntil(x)} > (select s from w)`,
  fragment<OfItem>`now()`,
  fragment<OfItem>`${'exceptItems'}::uuid[]`,
)}`;

type OfPayment = Omit<OccupancyParams, 'now' | 'exceptItems'> & { ref: string };

/**
 * The windows as the pending bookings of the payment `ref` (its processor's reference), leaving
 * out the booking-list items they were made from, at the transaction's clock: sent behind the
 * statement that locks those bookings' cells (the payment outcome's), without waiting for it.
 */
const OCCUPANCY_OF_PAYMENT = statement<OfPayment, OccupancyRow>('parlour_occupancy_of_payment')`
    with w (s, e, item) as (
      select b.starts_at, coalesce(b.staff_free_at, b.ends_at), b.cart_item_id from bookings b join payments p on p.id = b.payment_id
      where p.gateway_ref = ${'ref'}::text and b.status = 'pending'
    )${occupancyOf<OfPayment>(
  overlapsAnyOfW,
  fragment<OfPayment>`now()`,
  fragment<OfPayment>`array(select item from w)`,
)}`;

type OccupancyRequest = { windows: readonly TimeInterval[]; now: Date; userId?: string | undefined } & Except;

export async function occupancy(tx: Db, request: OccupancyRequest): Promise<Occupancy> {
  if (request.windows.length === 0) return { occupied: [], own: [] };
  const params = occupancyParams(request);
  const [one] = request.windows;
  const rows =
    request.windows.length === 1
      ? await OCCUPANCY_ONE.run(tx, { ...params, start: one!.startsAt.toISOString(), end: one!.endsAt.toISOString() })
      : await OCCUPANCY_MANY.run(tx, { ...params, starts: request.windows.map((w) => w.startsAt.toISOString()), ends: request.windows.map((w) => w.endsAt.toISOString()) });
  return occupancyFrom(rows);
}

/**
 * occupancy of one window, sent in a pipelined transaction without waiting: send it after the
 * statement that locks the window's cells, never in the same one.
 */
export function occupancySent(tx: PipelinedTransaction, request: OccupancyRequest & { windows: readonly [TimeInterval] }): Promise<Occupancy> {
  const [one] = request.windows;
  return tx.later(OCCUPANCY_ONE.send(tx, { ...occupancyParams(request), start: one.startsAt.toISOString(), end: one.endsAt.toISOString() }).then(occupancyFrom));
}

function occupancyParams(request: OccupancyRequest): OccupancyParams {
  return {
    now: request.now.toISOString(),
    userId: request.userId ?? null,
    exceptItems: [...(request.exceptCartItemIds ?? []), ...(request.exceptCartItemId ? [request.exceptCartItemId] : [])],
    exceptBooking: request.exceptBookingId ?? null,
  };
}

/**
 * What takes room at the time `itemId` (hers) holds in this transaction, leaving that item out,
 * sent without waiting (see OCCUPANCY_OF_ITEM). Send it after the statement that locks the
 * item's cells, never in the same one.
 */
export function occupancyOfItem(tx: PipelinedTransaction, request: { itemId: string; userId: string }): Promise<Occupancy> {
  // Awaited only once the write before it succeeded (holds.ts): see occupancyOfPayment.
  return tx.later(OCCUPANCY_OF_ITEM.send(tx, { itemId: request.itemId, userId: request.userId, exceptItems: [request.itemId], exceptBooking: null }).then(occupancyFrom));
}

/**
 * What takes room at the times of the pending bookings of the payment `ref`, leaving out the items
 * they were made from (see OCCUPANCY_OF_PAYMENT). Send it after the statement that locks their
 * cells, never in the same one.
 */
export function occupancyOfPayment(tx: PipelinedTransaction, ref: string): Promise<Occupancy> {
  // Sent at once and awaited only if the lock before it succeeds (applyOutcome): not an async
  // function, whose own promise would reject unheard, crashing the process, when the connection
  // dies first (PostgreSQL restarting).
  return tx.later(OCCUPANCY_OF_PAYMENT.send(tx, { ref, userId: null, exceptBooking: null }).then(occupancyFrom));
}

function occupancyFrom(rows: readonly OccupancyRow[]): Occupancy {
  const occupied: TakenInterval[] = [];
  const own: OwnAppointment[] = [];
  for (const row of rows) {
    const interval = { startsAt: new Date(row.starts_at), endsAt: new Date(row.ends_at) };
    occupied.push({ ...interval, staffId: row.staff_id, ...(row.staff_free_at === null ? {} : { staffFreeAt: new Date(row.staff_free_at) }) });
    if (row.own) own.push({ ...interval, title: row.title ?? '', titleBn: row.title_bn });
  }
  own.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return { occupied, own };
}

/** Visits that take room in `window` at `now` (see occupancy). */
export async function occupiedIntervals(tx: Db, window: TimeInterval, now: Date, options: Except = {}): Promise<TimeInterval[]> {
  return (await occupancy(tx, { windows: [window], now, ...options })).occupied;
}

/** The customer's own appointments overlapping `window` (see occupancy). */
export async function ownAppointments(tx: Db, userId: string, window: TimeInterval, now: Date, options: Except = {}): Promise<OwnAppointment[]> {
  return (await occupancy(tx, { windows: [window], now, userId, ...options })).own;
}

/** True when one more visit fits in the window; call with the window's cells locked. */
export async function hasRoom(tx: Db, window: TimeInterval, capacity: number, now: Date, options: Except = {}) {
  const occupied = await occupiedIntervals(tx, window, now, options);
  return maxConcurrent(occupied, window) < capacity;
}

/** The database's clock, so every app instance judges holds by the same time. */
export async function databaseNow(tx: Db): Promise<Date> {
  const [row] = await rowsOf<{ now: string | Date }>(tx, sql`select now() as now`);
  return new Date(row!.now);
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

/**
 * Whether the visit's stylist (when it has one) is in none of `taken` from its start until she is
 * free again: the payment outcome's check, for a hold that lapsed while its customer paid.
 */
export function stylistFree(taken: readonly TakenInterval[], visit: TakenInterval): boolean {
  if (visit.staffId == null) return true;
  const start = visit.startsAt.getTime();
  const end = (visit.staffFreeAt ?? visit.endsAt).getTime();
  return !taken.some((t) => t.staffId === visit.staffId && t.startsAt.getTime() < end && (t.staffFreeAt ?? t.endsAt).getTime() > start);
}
