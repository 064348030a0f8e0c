import { minutesOfDay, type SalonSettings } from '../../shared/salon-settings.js';
import {
  bookableDates,
  instantToZoned,
  wallClockTime,
  weekdayOfDate,
  zonedBoundaryInstant,
  zonedTimeToInstant,
} from '../../shared/calendar.js';

/**
 * Appointment times, computed without a database or a clock: the caller passes `now` and the
 * intervals already taken, so every rule here can be tested with fixed instants.
 *
 * Times of day are salon wall-clock times in `settings.timeZone`; instants are `Date`s. The
 * conversion between them is the shared calendar module's (src/shared/calendar.ts), the same code
 * the browser uses to offer dates.
 */

export interface TimeInterval {
  startsAt: Date;
  endsAt: Date;
}

export type SlotRejection = 'closed' | 'off-grid' | 'outside-hours' | 'too-soon' | 'too-far' | 'full' | 'overlaps-own';

export type StartCheck = { ok: true } | { ok: false; reason: SlotRejection };

const MINUTE = 60_000;

function assertInstant(instant: Date, name: string): void {
  if (Number.isNaN(instant.getTime())) throw new RangeError(`${name} is an invalid Date`);
}

// --- capacity ---------------------------------------------------------------------------------

/**
 * The most intervals that overlap at any single instant inside `window`. Intervals are
 * half-open [start, end), so one that ends exactly when another starts does not overlap it, and
 * only the part of each interval inside the window counts.
 */
export function maxConcurrent(intervals: readonly TimeInterval[], window: TimeInterval): number {
  const windowStart = window.startsAt.getTime();
  const windowEnd = window.endsAt.getTime();
  const events: [time: number, delta: 1 | -1][] = [];
  for (const interval of intervals) {
    const start = Math.max(interval.startsAt.getTime(), windowStart);
    const end = Math.min(interval.endsAt.getTime(), windowEnd);
    if (start < end) events.push([start, 1], [end, -1]);
  }
  // At equal times the end goes first: that is what half-open means.
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let current = 0;
  let max = 0;
  for (const [, delta] of events) {
    current += delta;
    if (current > max) max = current;
  }
  return max;
}

// --- the booking rules ------------------------------------------------------------------------

export interface SlotRequest {
  settings: SalonSettings;
  durationMinutes: number;
  /** The current instant; passed in so the rules are deterministic. */
  now: Date;
  /** Intervals already holding a place (confirmed bookings, live holds). */
  occupied?: readonly TimeInterval[];
  /** The customer's own other appointments: she cannot be in two chairs at once. */
  own?: readonly TimeInterval[];
}

function assertDuration(durationMinutes: number): void {
  if (!Number.isInteger(durationMinutes) || durationMinutes <= 0) {
    throw new RangeError(`durationMinutes must be a positive whole number, got ${durationMinutes}`);
  }
}

/**
 * The rules availableSlots and checkStart share, bound to one request. availableSlots offers
 * exactly the starts checkStart accepts, so a time shown to a client is never refused for a
 * reason other than someone else taking it first. Exported for the stylist engine
 * (staff-slots.ts), which runs the same salon rules for every stylist of a start.
 */
export function bookingRules({ settings, durationMinutes, now, occupied = [], own = [] }: SlotRequest) {
  assertDuration(durationMinutes);
  assertInstant(now, 'now');
  const { timeZone } = settings;
  const earliestStart = now.getTime() + settings.minNoticeMinutes * MINUTE;
  const lastBookableDate = bookableDates(settings, now.getTime()).max;
  const closedDates = new Set(settings.closedDates);

  type DayHours = { open: number; close: number; openTime: string; closeTime: string } | undefined;
  // check() runs once per grid candidate of the same day; the boundaries are worth remembering.
  const hoursByDate = new Map<string, DayHours>();

  /** Opening hours of a salon-local date, as instants; undefined when the salon is closed. */
  function hoursOn(date: string): DayHours {
    if (hoursByDate.has(date)) return hoursByDate.get(date);
    const hours = settings.openingHours[weekdayOfDate(date)];
    const result =
      !hours || closedDates.has(date)
        ? undefined
        : {
            open: zonedBoundaryInstant(date, hours.open, timeZone).getTime(),
            close: zonedBoundaryInstant(date, hours.close, timeZone).getTime(),
            openTime: hours.open,
            closeTime: hours.close,
          };
    hoursByDate.set(date, result);
    return result;
  }

  /**
   * `onGrid: false` is for a start that another item fixes (the second of two back-to-back
   * services starts when the first ends, wherever that falls); every other rule still applies.
   */
  function check(startsAt: Date, { onGrid = true }: { onGrid?: boolean } = {}): StartCheck {
    assertInstant(startsAt, 'startsAt');
    const start = startsAt.getTime();
    const local = instantToZoned(startsAt, timeZone);
    const hours = hoursOn(local.date);
    if (!hours) return { ok: false, reason: 'closed' };

    // On the grid: whole minutes, a multiple of slotMinutes after opening on the wall clock, and
    // the instant that wall time maps to (the second 01:30 of a fall-back night is not offered).
    const fromOpening = minutesOfDay(local.time) - minutesOfDay(hours.openTime);
    if (
      onGrid &&
      (start % MINUTE !== 0 ||
        fromOpening % settings.slotMinutes !== 0 ||
        zonedTimeToInstant(local.date, local.time, timeZone)?.getTime() !== start)
    ) {
      return { ok: false, reason: 'off-grid' };
    }

    // Elapsed time, not wall-clock arithmetic: on a DST day 60 minutes after 00:30 is not 01:30.
    const end = start + durationMinutes * MINUTE;
    if (start < hours.open || end > hours.close) return { ok: false, reason: 'outside-hours' };
    if (start < earliestStart) return { ok: false, reason: 'too-soon' };
    if (local.date > lastBookableDate) return { ok: false, reason: 'too-far' };

    // The new client fits when fewer than `capacity` are present at every instant of their visit.
    const window = { startsAt: startsAt, endsAt: new Date(end) };
    if (maxConcurrent(occupied, window) >= settings.capacity) return { ok: false, reason: 'full' };
    if (maxConcurrent(own, window) > 0) return { ok: false, reason: 'overlaps-own' };
    return { ok: true };
  }

  return { hoursOn, check, lastBookableDate };
}

/**
 * Start instants a client can book on a salon-local `date` for a service of `durationMinutes`,
 * ascending. Candidates are the wall-clock grid from opening time in steps of slotMinutes;
 * wall times that do not exist that day (DST gap) are skipped. Throws RangeError for a malformed
 * date or a non-positive duration.
 */
export function availableSlots(request: SlotRequest & { date: string }): Date[] {
  const { settings, date } = request;
  // Throws RangeError for a malformed date before any work.
  weekdayOfDate(date);
  const rules = bookingRules(request);
  if (date > rules.lastBookableDate) return [];
  const hours = rules.hoursOn(date);
  if (!hours) return [];

  const starts = new Set<number>();
  for (
    let minute = minutesOfDay(hours.openTime);
    minute < minutesOfDay(hours.closeTime);
    minute += settings.slotMinutes
  ) {
    const candidate = zonedTimeToInstant(date, wallClockTime(minute), settings.timeZone);
    if (candidate && rules.check(candidate).ok) starts.add(candidate.getTime());
  }
  return [...starts].sort((a, b) => a - b).map((ms) => new Date(ms));
}

/**
 * Whether a client may start an appointment at `startsAt`, by the same rules as availableSlots.
 * `occupied` may be left out when the caller lets the database enforce capacity (then 'full'
 * never comes back from here).
 */
export function checkStart(request: SlotRequest & { startsAt: Date }): StartCheck {
  return bookingRules(request).check(request.startsAt);
}

// --- locking ----------------------------------------------------------------------------------

/**
 * The start instants of the fixed cells (`cellMinutes` long, aligned to the Unix epoch, not to
 * the salon's clock) that the half-open interval [startsAt, endsAt) touches.
 *
 * The database layer locks one row per cell before counting occupants. Why that is enough: if two
 * intervals overlap, some instant lies in both, and the cell containing that instant is in both
 * lists, so two overlapping bookings always contend for at least one common row and are
 * serialised. (The converse does not hold: back-to-back bookings inside one cell also share a row;
 * that only costs a little waiting, never a wrong answer.) Aligning to the epoch rather than to
 * local time keeps cells identical across DST changes and settings edits, as long as every writer
 * uses the same cellMinutes.
 */
export function occupancyCells(startsAt: Date, endsAt: Date, cellMinutes = 15): Date[] {
  assertInstant(startsAt, 'startsAt');
  assertInstant(endsAt, 'endsAt');
  if (!Number.isInteger(cellMinutes) || cellMinutes <= 0) {
    throw new RangeError(`cellMinutes must be a positive whole number, got ${cellMinutes}`);
  }
  const start = startsAt.getTime();
  const end = endsAt.getTime();
  if (end < start) throw new RangeError('endsAt is before startsAt');
  // An empty interval overlaps nothing, so it needs no lock.
  if (end === start) return [];
  const cell = cellMinutes * MINUTE;
  const cells: Date[] = [];
  for (let cellStart = Math.floor(start / cell) * cell; cellStart < end; cellStart += cell) {
    cells.push(new Date(cellStart));
  }
  return cells;
}
