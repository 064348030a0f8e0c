import {
  isCalendarDate,
  isWallClockTime,
  minutesOfDay,
  type SalonSettings,
} from '../../shared/salon-settings.js';

/**
 * Appointment times, computed without a database or a clock: the caller passes `now` and the
 * intervals already taken, so every rule here can be tested with fixed instants.
 *
 * Times of day are salon wall-clock times in `settings.timeZone`; instants are `Date`s. The
 * conversion uses Intl only (no time-zone library): Intl carries the IANA database the runtime
 * ships, which is what a library would bundle anyway.
 */

export interface TimeInterval {
  startsAt: Date;
  endsAt: Date;
}

export interface ZonedDateTime {
  /** Salon-local calendar date, YYYY-MM-DD. */
  date: string;
  /** Salon-local wall-clock time, HH:MM (seconds dropped). */
  time: string;
  /** 0 = Sunday ... 6 = Saturday, the index into `openingHours`. */
  weekday: number;
}

export type SlotRejection = 'closed' | 'off-grid' | 'outside-hours' | 'too-soon' | 'too-far' | 'full' | 'overlaps-own';

export type StartCheck = { ok: true } | { ok: false; reason: SlotRejection };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

// --- calendar arithmetic on wall-clock values (treated as if they were UTC) -----------------

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Milliseconds of a wall-clock reading as if it were UTC; setUTCFullYear keeps years < 100 literal. */
function wallClockMs(w: WallClock): number {
  const d = new Date(0);
  d.setUTCFullYear(w.year, w.month - 1, w.day);
  d.setUTCHours(w.hour, w.minute, w.second, 0);
  return d.getTime();
}

/** Wall-clock ms of a validated YYYY-MM-DD and HH:MM. */
function wallClockMsOf(date: string, time: string): number {
  const { year, month, day } = parseDate(date);
  assertTime(time);
  return wallClockMs({ year, month, day, hour: Number(time.slice(0, 2)), minute: Number(time.slice(3, 5)), second: 0 });
}

function parseDate(date: string): { year: number; month: number; day: number } {
  if (!isCalendarDate(date)) throw new RangeError(`Invalid date "${date}", expected YYYY-MM-DD`);
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

function assertTime(time: string): void {
  if (!isWallClockTime(time)) throw new RangeError(`Invalid time "${time}", expected HH:MM`);
}

function assertInstant(instant: Date, name: string): void {
  if (Number.isNaN(instant.getTime())) throw new RangeError(`${name} is an invalid Date`);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function formatDate(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** YYYY-MM-DD plus whole days; on plain calendar dates, so no time zone is involved. */
function addDays(date: string, days: number): string {
  const { year, month, day } = parseDate(date);
  return formatDate(wallClockMs({ year, month, day, hour: 0, minute: 0, second: 0 }) + days * DAY);
}

function weekdayOf(date: string): number {
  const { year, month, day } = parseDate(date);
  return new Date(wallClockMs({ year, month, day, hour: 0, minute: 0, second: 0 })).getUTCDay();
}

// --- time-zone conversion ---------------------------------------------------------------------

// Building a DateTimeFormat is far slower than using one, and availableSlots converts hundreds
// of instants per call; the set of zones in use is tiny, so the cache stays small.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      // h23, not hour12: false: the latter prints midnight as "24" on some ICU versions.
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClockAt(ms: number, timeZone: string): WallClock {
  const w: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    if (part.type in w) w[part.type as keyof WallClock] = Number(part.value);
  }
  if (w.hour === 24) w.hour = 0;
  return w;
}

/** The zone's UTC offset in ms at an instant (wall clock minus UTC), to the second. */
function offsetAt(ms: number, timeZone: string): number {
  const wholeSecond = Math.floor(ms / 1000) * 1000;
  return wallClockMs(wallClockAt(wholeSecond, timeZone)) - wholeSecond;
}

/**
 * Every instant whose wall clock in the zone reads exactly `local` (wall-clock ms): none in a
 * spring-forward gap, two in a fall-back overlap, otherwise one. An instant `local - offset`
 * matches when the zone's offset at that instant is `offset`, so it is enough to try every offset
 * the zone uses near `local`. Sampling 36 hours either side (plus the offsets at the first
 * guesses) covers any zone's offset, which stays within ±14 hours, and the transitions around it.
 */
function instantsAtWallClock(local: number, timeZone: string): number[] {
  const offsets = new Set<number>();
  for (const probe of [local - 1.5 * DAY, local, local + 1.5 * DAY]) offsets.add(offsetAt(probe, timeZone));
  for (const offset of [...offsets]) offsets.add(offsetAt(local - offset, timeZone));
  const matches = new Set<number>();
  for (const offset of offsets) {
    const candidate = local - offset;
    if (offsetAt(candidate, timeZone) === offset) matches.add(candidate);
  }
  return [...matches].sort((a, b) => a - b);
}

/**
 * The instant when the wall clock in `timeZone` reads `date` `time`. Undefined when that local
 * time does not exist (the hour skipped when clocks go forward); for a time that happens twice
 * (clocks go back) the earlier instant, so one wall-clock slot maps to one appointment.
 * Throws RangeError for a malformed date or time, or an unknown zone.
 */
export function zonedTimeToInstant(date: string, time: string, timeZone: string): Date | undefined {
  const [earliest] = instantsAtWallClock(wallClockMsOf(date, time), timeZone);
  return earliest === undefined ? undefined : new Date(earliest);
}

/**
 * Like zonedTimeToInstant, but a time the clock skips resolves to the moment of the jump: the
 * first instant at which the wall clock reads that time or later. Used for opening and closing
 * times, which are wall-clock promises: a salon that opens at 02:30 opens when the clock jumps
 * from 02:00 to 03:00, since by then it is past 02:30 on the clock on the wall.
 */
function boundaryInstant(date: string, time: string, timeZone: string): number {
  const exact = zonedTimeToInstant(date, time, timeZone);
  if (exact) return exact.getTime();
  const local = wallClockMsOf(date, time);
  // A gap only opens when the offset grows: before the jump the wall clock reads earlier than
  // `local`, after it later. Bisect (to the second) for the first instant reading `local` or later.
  const early = offsetAt(local - 1.5 * DAY, timeZone);
  const late = offsetAt(local + 1.5 * DAY, timeZone);
  let before = Math.floor((local - Math.max(early, late)) / 1000);
  let after = Math.ceil((local - Math.min(early, late)) / 1000);
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (middle * 1000 + offsetAt(middle * 1000, timeZone) >= local) after = middle;
    else before = middle;
  }
  return after * 1000;
}

/** The salon-local date, time (HH:MM, seconds dropped) and weekday of an instant. */
export function instantToZoned(instant: Date, timeZone: string): ZonedDateTime {
  assertInstant(instant, 'instant');
  const w = wallClockAt(instant.getTime(), timeZone);
  const date = `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
  return { date, time: `${pad(w.hour)}:${pad(w.minute)}`, weekday: weekdayOf(date) };
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

interface SlotRequest {
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
 * reason other than someone else taking it first.
 */
function bookingRules({ settings, durationMinutes, now, occupied = [], own = [] }: SlotRequest) {
  assertDuration(durationMinutes);
  assertInstant(now, 'now');
  const { timeZone } = settings;
  const earliestStart = now.getTime() + settings.minNoticeMinutes * MINUTE;
  const lastBookableDate = addDays(instantToZoned(now, timeZone).date, settings.horizonDays);
  const closedDates = new Set(settings.closedDates);

  type DayHours = { open: number; close: number; openTime: string; closeTime: string } | undefined;
  // check() runs once per grid candidate of the same day; the boundaries are worth remembering.
  const hoursByDate = new Map<string, DayHours>();

  /** Opening hours of a salon-local date, as instants; undefined when the salon is closed. */
  function hoursOn(date: string): DayHours {
    if (hoursByDate.has(date)) return hoursByDate.get(date);
    const hours = settings.openingHours[weekdayOf(date)];
    const result =
      !hours || closedDates.has(date)
        ? undefined
        : {
            open: boundaryInstant(date, hours.open, timeZone),
            close: boundaryInstant(date, hours.close, timeZone),
            openTime: hours.open,
            closeTime: hours.close,
          };
    hoursByDate.set(date, result);
    return result;
  }

  function check(startsAt: Date): StartCheck {
    assertInstant(startsAt, 'startsAt');
    const start = startsAt.getTime();
    const local = instantToZoned(startsAt, timeZone);
    const hours = hoursOn(local.date);
    if (!hours) return { ok: false, reason: 'closed' };

    // On the grid: whole minutes, a multiple of slotMinutes after opening on the wall clock, and
    // the instant that wall time maps to (the second 01:30 of a fall-back night is not offered).
    const fromOpening = minutesOfDay(local.time) - minutesOfDay(hours.openTime);
    if (
      start % MINUTE !== 0 ||
      fromOpening % settings.slotMinutes !== 0 ||
      zonedTimeToInstant(local.date, local.time, timeZone)?.getTime() !== start
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
  parseDate(date);
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
    const candidate = zonedTimeToInstant(date, `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`, settings.timeZone);
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
