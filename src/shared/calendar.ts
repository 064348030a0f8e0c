import { isCalendarDate, isWallClockTime, type SalonSettings } from './salon-settings.js';

/**
 * The salon's calendar and clock, for the server and the browser alike: calendar dates, the
 * conversion between instants and the salon's wall-clock time, and how both are written.
 *
 * A customer may open the site from another country (or with a phone set to the wrong zone); what
 * matters is when to walk through the door in Dhaka, so every instant is read in the salon's zone
 * (settings.timeZone), never the runtime's. The conversion uses Intl only (no time-zone library):
 * Intl carries the IANA database the runtime ships, which is what a library would bundle anyway.
 *
 * Calendar dates are plain YYYY-MM-DD strings, computed on as UTC midnights where no zone can shift
 * them; times of day are HH:MM strings; instants are `Date`s.
 */

export interface ZonedDateTime {
  /** Salon-local calendar date, YYYY-MM-DD. */
  date: string;
  /** Salon-local wall-clock time, HH:MM (seconds dropped). */
  time: string;
  /** 0 = Sunday ... 6 = Saturday, the index into `openingHours`. */
  weekday: number;
}

/** Anything `new Date()` reads: a Date, an ISO string from the API, or epoch milliseconds. */
export type InstantLike = Date | string | number;

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

function parseDate(date: string): { year: number; month: number; day: number } {
  if (!isCalendarDate(date)) throw new RangeError(`Invalid date "${date}", expected YYYY-MM-DD`);
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

/** Wall-clock ms of a YYYY-MM-DD and HH:MM; RangeError when either is malformed. */
function wallClockMsOf(date: string, time: string): number {
  const { year, month, day } = parseDate(date);
  if (!isWallClockTime(time)) throw new RangeError(`Invalid time "${time}", expected HH:MM`);
  return wallClockMs({ year, month, day, hour: Number(time.slice(0, 2)), minute: Number(time.slice(3, 5)), second: 0 });
}

function dateMs(date: string): number {
  return wallClockMs({ ...parseDate(date), hour: 0, minute: 0, second: 0 });
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function formatDate(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** A calendar date plus whole days (no zone involved, so no daylight-saving surprises). */
export function addCalendarDays(date: string, days: number): string {
  return formatDate(dateMs(date) + days * DAY);
}

/** Whole days from one calendar date to another (negative when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dateMs(to) - dateMs(from)) / DAY);
}

/** 0 = Sunday, the index into `openingHours`. */
export function weekdayOfDate(date: string): number {
  return new Date(dateMs(date)).getUTCDay();
}

/** 'HH:MM' of a number of minutes since midnight. */
export function wallClockTime(minutesOfDay: number): string {
  return `${pad(Math.floor(minutesOfDay / 60))}:${pad(minutesOfDay % 60)}`;
}

// --- time-zone conversion ---------------------------------------------------------------------

// Building a DateTimeFormat is far slower than using one: the slot computation converts hundreds
// of instants per call and the booking list formats a few per row every second. The set of zones
// in use is tiny, so the cache stays small.
const formatters = new Map<string, Intl.DateTimeFormat>();

const formatOptions = {
  // Numeric fields in a locale whose digits are ASCII, read back into numbers.
  numeric: {
    locale: 'en-US',
    // h23, not hour12: false: the latter prints midnight as "24" on some ICU versions.
    options: { hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' },
  },
  // The words people read: 'Sun', 'Dec'.
  words: {
    locale: 'en-GB',
    options: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  },
} satisfies Record<string, { locale: string; options: Intl.DateTimeFormatOptions }>;

function formatterFor(timeZone: string, kind: keyof typeof formatOptions): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const { locale, options } = formatOptions[kind];
    formatter = new Intl.DateTimeFormat(locale, { timeZone, ...options });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Answers kept by key, computed on first ask; when `limit` are kept, all are dropped and it starts
 * again (the answers these keep never change, so dropping one only costs its next computation).
 */
function boundedCache<V>(limit: number): (key: string, compute: () => V) => V {
  const kept = new Map<string, V>();
  return (key, compute) => {
    if (kept.has(key)) return kept.get(key) as V;
    const value = compute();
    if (kept.size >= limit) kept.clear();
    kept.set(key, value);
    return value;
  };
}

/**
 * The wall clock in `timeZone` at an instant, to the second. The last few answers are kept by
 * zone and second: a request asks about the same moment several times (a hold's rules read 'now'
 * and 'now plus the notice' for each check), and each answer is a pass through Intl. Every zone's
 * offset is a whole number of seconds, so all instants of one second read the same wall clock.
 */
function wallClockAt(ms: number, timeZone: string): Readonly<WallClock> {
  return recentWallClocks(`${timeZone} ${Math.floor(ms / 1000)}`, () => {
    const read: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
    for (const part of formatterFor(timeZone, 'numeric').formatToParts(ms)) {
      if (part.type in read) read[part.type as keyof WallClock] = Number(part.value);
    }
    if (read.hour === 24) read.hour = 0;
    return Object.freeze(read);
  });
}

const recentWallClocks = boundedCache<Readonly<WallClock>>(1000);

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
  const local = wallClockMsOf(date, time);
  // The same few wall-clock times (a day's opening and closing, the starts on its grid) are asked
  // for again and again, and each answer takes several passes through Intl; the answer never
  // changes (the zone rules are those of this process), so it is kept, within a bound.
  const earliest = earliestInstants(`${timeZone} ${local}`, () => instantsAtWallClock(local, timeZone)[0] ?? null);
  return earliest === null ? undefined : new Date(earliest);
}

/** zonedTimeToInstant's answers by zone and wall-clock ms; null where that time does not exist. */
const earliestInstants = boundedCache<number | null>(20_000);

/**
 * Like zonedTimeToInstant, but a time the clock skips resolves to the moment of the jump: the
 * first instant at which the wall clock reads that time or later. For opening and closing times,
 * which are wall-clock promises: a salon that opens at 02:30 opens when the clock jumps from 02:00
 * to 03:00, since by then it is past 02:30 on the clock on the wall.
 */
export function zonedBoundaryInstant(date: string, time: string, timeZone: string): Date {
  const exact = zonedTimeToInstant(date, time, timeZone);
  if (exact) return exact;
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
  return new Date(after * 1000);
}

/** The first instant of a salon-local day: midnight, or the first minute that exists on a DST day. */
export function salonDayStart(date: string, timeZone: string): Date {
  return zonedBoundaryInstant(date, '00:00', timeZone);
}

function toDate(instant: InstantLike): Date {
  const d = new Date(instant);
  if (Number.isNaN(d.getTime())) throw new RangeError(`Invalid instant ${String(instant)}`);
  return d;
}

/** The salon-local date, time (HH:MM, seconds dropped) and weekday of an instant. RangeError for an invalid one. */
export function instantToZoned(instant: InstantLike, timeZone: string): ZonedDateTime {
  const w = wallClockAt(toDate(instant).getTime(), timeZone);
  const date = `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
  return { date, time: `${pad(w.hour)}:${pad(w.minute)}`, weekday: weekdayOfDate(date) };
}

/** The salon's calendar date (YYYY-MM-DD) at an instant. */
export function salonDateOf(instant: InstantLike, timeZone: string): string {
  return instantToZoned(instant, timeZone).date;
}

/** 'Today' on the salon's calendar, whatever day it is where the code runs. */
export function salonToday(timeZone: string, now: number = Date.now()): string {
  return salonDateOf(now, timeZone);
}

// --- how dates and times are written ---------------------------------------------------------

interface SalonClockReading {
  weekday: string;
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
}

function readClock(instant: InstantLike, timeZone: string): SalonClockReading {
  const reading: SalonClockReading = { weekday: '', day: '', month: '', year: '', hour: '', minute: '' };
  for (const part of formatterFor(timeZone, 'words').formatToParts(toDate(instant))) {
    if (part.type in reading) reading[part.type as keyof SalonClockReading] = part.value;
  }
  return reading;
}

/**
 * The two halves of formatSalonDateTime, { date: 'Sun, 6 Dec 2026', time: '10:30' }, for layouts
 * that keep each half on one line. Assembled from parts because ICU versions differ in the
 * punctuation they put between the pieces ("Sun 6 Dec" or "… at 10:30").
 */
export function salonDateTimeParts(instant: InstantLike, timeZone: string): { date: string; time: string } {
  const { weekday, day, month, year, hour, minute } = readClock(instant, timeZone);
  return { date: `${weekday}, ${day} ${month} ${year}`, time: `${hour}:${minute}` };
}

/** 'Sun, 6 Dec 2026, 10:30' in the salon's zone. */
export function formatSalonDateTime(instant: InstantLike, timeZone: string): string {
  const { date, time } = salonDateTimeParts(instant, timeZone);
  return `${date}, ${time}`;
}

/** 'Sat 28 Nov 11:30' in the salon's zone: the short form a confirmation question names a visit by. */
export function formatSalonShortDateTime(instant: InstantLike, timeZone: string): string {
  const { weekday, day, month, hour, minute } = readClock(instant, timeZone);
  return `${weekday} ${day} ${month} ${hour}:${minute}`;
}

/** 'Sun, 6 Dec 2026' for a calendar date (YYYY-MM-DD) of the salon's calendar. */
export function formatCalendarDate(date: string): string {
  // A calendar date has no zone of its own: read it at UTC noon in UTC so nothing can move it.
  const { weekday, day, month, year } = readClock(dateMs(date) + DAY / 2, 'UTC');
  return `${weekday}, ${day} ${month} ${year}`;
}

/** '10:30', the salon's wall-clock time of an instant. */
export function formatSalonTime(instant: InstantLike, timeZone: string): string {
  return instantToZoned(instant, timeZone).time;
}

/** '2026-12-06 10:30', which spreadsheets read as a date and time. */
export function salonLocalDateTime(instant: InstantLike, timeZone: string): string {
  const { date, time } = instantToZoned(instant, timeZone);
  return `${date} ${time}`;
}

/**
 * A readable name for the zone: 'Dhaka time (Asia/Dhaka)'. The city is the last part of the IANA
 * id, which is what people recognise; the id itself is kept for the unambiguous record.
 */
export function timeZoneLabel(timeZone: string): string {
  const city = timeZone.split('/').pop()?.replaceAll('_', ' ') ?? timeZone;
  return city === timeZone ? timeZone : `${city} time (${timeZone})`;
}

/** The sentence shown near every list of times. */
export function timesAreInZone(timeZone: string): string {
  return `Times are in ${timeZoneLabel(timeZone)}`;
}

// --- which dates can be booked ------------------------------------------------------------------

export interface BookableDates {
  /** The first date with a time far enough ahead to meet the minimum notice. */
  min: string;
  /** The last date inside the booking horizon (later ones are refused as 'too far'). */
  max: string;
}

type DateRules = Pick<SalonSettings, 'timeZone' | 'openingHours' | 'closedDates' | 'minNoticeMinutes' | 'horizonDays'>;

/** The dates a customer may pick; the server's slot rules use the same horizon. */
export function bookableDates(settings: Omit<DateRules, 'openingHours' | 'closedDates'>, now: number = Date.now()): BookableDates {
  const earliest = now + settings.minNoticeMinutes * MINUTE;
  return {
    min: salonDateOf(earliest, settings.timeZone),
    max: addCalendarDays(salonToday(settings.timeZone, now), settings.horizonDays),
  };
}

/** True when the salon opens on that date at all (its weekday has hours and it is not a closed date). */
export function isOpenDate(settings: Pick<SalonSettings, 'openingHours' | 'closedDates'>, date: string): boolean {
  return settings.openingHours[weekdayOfDate(date)] != null && !settings.closedDates.includes(date);
}

/**
 * The date the time picker opens on: the first open day that can still take a visit. On the
 * earliest date, a day whose closing time comes before the minimum notice runs out (booking at
 * 19:00 with two hours' notice) is skipped, so the customer does not start on an empty day.
 * Undefined when nothing inside the horizon is open.
 */
export function firstOpenDate(settings: DateRules, now: number = Date.now()): string | undefined {
  const { min, max } = bookableDates(settings, now);
  const earliestTime = formatSalonTime(now + settings.minNoticeMinutes * MINUTE, settings.timeZone);
  for (let date = min; date <= max; date = addCalendarDays(date, 1)) {
    if (!isOpenDate(settings, date)) continue;
    const hours = settings.openingHours[weekdayOfDate(date)];
    if (date === min && hours && hours.close <= earliestTime) continue;
    return date;
  }
  return undefined;
}
