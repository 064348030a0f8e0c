import type { Db } from '../db/client.js';
import { statement, verbatim } from '../repositories/prepared.js';
import type { SalonSettings } from '../../shared/salon-settings.js';
import { checkStart, maxConcurrent, type SlotRejection } from './slots.js';
import { pipelinedTransaction } from '../db/pipelined.js';
import { lockCellsText, occupancyOfItem, withRetry, type OwnAppointment } from './capacity.js';

/** A booking-list item as its hold left it, with today's catalogue entry. */
export type HeldItem = {
  id: string;
  serviceId: string;
  title: string;
  priceMinor: number;
  imageUrl: string;
  durationMinutes: number;
  startsAt: Date | null;
  endsAt: Date | null;
  holdExpiresAt: Date | null;
};

export type TimeOutcome =
  | { ok: true; item: HeldItem }
  | { ok: false; reason: 'not-found' | 'taken' | Exclude<SlotRejection, 'overlaps-own'> }
  | { ok: false; reason: 'overlaps-own'; other: OwnAppointment };

type Refused = Exclude<TimeOutcome, { ok: true }>;

/** Thrown inside the transaction to undo the hold it already wrote, then answered as the outcome. */
class Refusal extends Error {
  constructor(readonly outcome: Refused) {
    super(outcome.reason);
  }
}

type ItemRow = {
  id: string;
  service_id: string;
  title: string;
  price_minor: number;
  image_url: string;
  duration_minutes: number;
  starts_at: string | Date | null;
  ends_at: string | Date | null;
  hold_expires_at: string | Date | null;
  now: string | Date;
};

const date = (value: string | Date | null) => (value === null ? null : new Date(value));

function heldItem(row: ItemRow): HeldItem {
  return {
    id: row.id,
    serviceId: row.service_id,
    title: row.title,
    priceMinor: row.price_minor,
    imageUrl: row.image_url,
    durationMinutes: row.duration_minutes,
    startsAt: date(row.starts_at),
    endsAt: date(row.ends_at),
    holdExpiresAt: date(row.hold_expires_at),
  };
}

type SetTime = { itemId: string; userId: string; start: string | null; holdMinutes: number };

/**
 * Sets `itemId`'s time to `start` with a hold of `holdMinutes` (or, start null, lets the time go)
 * in one statement: her own item of a live service only. Given `lockCells`, the same statement
 * locks the new time's cells (capacity.ts), after the item's row.
 */
function setItemTime(name: string, lockCells: boolean) {
  return statement<SetTime, ItemRow>(name)`
    with item as (
      update cart_items c set
        starts_at = ${'start'}::timestamptz,
        ends_at = ${'start'}::timestamptz + make_interval(mins => s.duration_minutes),
        hold_expires_at = case when ${'start'}::timestamptz is null then null else now() + make_interval(mins => ${'holdMinutes'}::int) end
      from services s
      where c.id = ${'itemId'}::uuid and c.user_id = ${'userId'}::uuid and s.id = c.service_id and s.deleted_at is null
      returning c.id, c.service_id, s.title, s.price_minor, s.image_url, s.duration_minutes, c.starts_at, c.ends_at, c.hold_expires_at
    )${verbatim(lockCells ? `, cells as (${lockCellsText('item')})` : '')}
    select item.*, now() as now from item`;
}

const HOLD_TIME = setItemTime('parlour_hold_time', true);
const RELEASE_TIME = setItemTime('parlour_release_time', false);

/**
 * Sets an item's appointment time and holds it for `holdMinutes`, or (startsAt null) lets the time
 * go. The time is written and its cells locked first, then the salon's rules, her own other
 * appointments and capacity are checked with the locks held, in one transaction (capacity.ts); a
 * refused time is rolled back. Retried when PostgreSQL breaks a deadlock. Four statements in all,
 * in two round trips: BEGIN, the write and the count go together (pipelined.ts), and only the
 * COMMIT (or ROLLBACK) waits for the decision.
 */
export async function holdTime(
  db: Db,
  request: { userId: string; itemId: string; startsAt: Date | null; settings: SalonSettings },
): Promise<TimeOutcome> {
  const { userId, itemId, startsAt, settings } = request;
  if (startsAt === null) {
    const rows = await RELEASE_TIME.run(db, { itemId, userId, start: null, holdMinutes: 0 });
    return rows[0] ? { ok: true, item: heldItem(rows[0]) } : { ok: false, reason: 'not-found' };
  }
  try {
    return await withRetry(() =>
      pipelinedTransaction(db, async (tx): Promise<TimeOutcome> => {
        const written = HOLD_TIME.send(tx, { itemId, userId, start: startsAt.toISOString(), holdMinutes: settings.holdMinutes });
        // Sent behind the write, so it runs with the new time's cells locked, and counts what their
        // previous holders committed.
        const counted = occupancyOfItem(tx, { itemId, userId });
        const row = (await written)[0];
        if (!row) throw new Refusal({ ok: false, reason: 'not-found' });
        const item = heldItem(row);
        const now = new Date(row.now);
        const rules = checkStart({ settings, startsAt, durationMinutes: item.durationMinutes, now, occupied: [] });
        // Her own appointments are checked below, under the cell locks, where the other one is named.
        if (!rules.ok && rules.reason !== 'overlaps-own') throw new Refusal({ ok: false, reason: rules.reason });

        const present = await counted;
        const [other] = present.own;
        if (other) throw new Refusal({ ok: false, reason: 'overlaps-own', other });
        if (maxConcurrent(present.occupied, { startsAt, endsAt: item.endsAt! }) >= settings.capacity) throw new Refusal({ ok: false, reason: 'taken' });
        return { ok: true, item };
      }),
    );
  } catch (err) {
    if (err instanceof Refusal) return err.outcome;
    throw err;
  }
}
