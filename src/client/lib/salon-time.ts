import type { SalonSettings } from '../../shared/salon-settings';

/**
 * Appointment times as the salon's clock reads them. A customer may open the site from another
 * country (or with a phone set to the wrong zone); what matters is when to walk through the door
 * in Dhaka, so every instant is shown in the salon's zone (settings.timeZone), never the browser's.
 *
 * Intl carries the IANA database, so no time-zone library is needed. Calendar dates are plain
 * YYYY-MM-DD strings and are computed on as UTC midnights, where no zone can shift them.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

// A formatter is costly to build and the booking list formats a few per row every second.
const formatters = new Map<string, Intl.DateTimeFormat>();

const formatOptions = {
  // h23, not hour12: false: the latter prints midnight as "24:00" on some ICU versions.
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  date: { year: 'numeric', month: 'numeric', day: 'numeric' },
  parts: {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

function formatter(timeZone: string, kind: keyof typeof formatOptions): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat('en-GB', { timeZone, ...formatOptions[kind] });
    formatters.set(key, cached);
  }
  return cached;
}

interface SalonClockReading {
  weekday: string;
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
}

function readClock(instant: Date | string | number, timeZone: string): SalonClockReading {
  const reading: SalonClockReading = { weekday: '', day: '', month: '', year: '', hour: '', minute: '' };
  for (const part of formatter(timeZone, 'parts').formatToParts(new Date(instant))) {
    if (part.type in reading) reading[part.type as keyof SalonClockReading] = part.value;
  }
  return reading;
}

/**
 * 'Sun, 6 Dec 2026, 10:30' in the salon's zone. Assembled from parts because ICU versions differ in
 * the punctuation they put between the pieces ("Sun 6 Dec" or "… at 10:30").
 */
export function formatSalonDateTime(instant: Date | string | number, timeZone: string): string {
  const { date, time } = salonDateTimeParts(instant, timeZone);
  return `${date}, ${time}`;
}

/**
 * The two halves of formatSalonDateTime, { date: 'Sun, 6 Dec 2026', time: '10:30' }, for layouts
 * that keep each half on one line.
 */
export function salonDateTimeParts(instant: Date | string | number, timeZone: string): { date: string; time: string } {
  const { weekday, day, month, year, hour, minute } = readClock(instant, timeZone);
  return { date: `${weekday}, ${day} ${month} ${year}`, time: `${hour}:${minute}` };
}

/** 'Sun, 6 Dec 2026' for a calendar date (YYYY-MM-DD) of the salon's calendar. */
export function formatCalendarDate(date: string): string {
  // A calendar date has no zone of its own: read it at UTC noon in UTC so nothing can move it.
  const { weekday, day, month, year } = readClock(`${date}T12:00:00Z`, 'UTC');
  return `${weekday}, ${day} ${month} ${year}`;
}

/** '10:30', the salon's wall-clock time of an instant. */
export function formatSalonTime(instant: Date | string | number, timeZone: string): string {
  return formatter(timeZone, 'time').format(new Date(instant));
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

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The salon's calendar date (YYYY-MM-DD) at an instant. */
export function salonDateOf(instant: Date | string | number, timeZone: string): string {
  const parts = formatter(timeZone, 'date').formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return `${pad(get('year'), 4)}-${pad(get('month'))}-${pad(get('day'))}`;
}

/** 'Today' on the salon's calendar, whatever day it is where the browser is. */
export function salonToday(timeZone: string, now: number = Date.now()): string {
  return salonDateOf(now, timeZone);
}

function dateToUtcMs(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

function utcMsToDate(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** A calendar date plus whole days (no zone involved, so no daylight-saving surprises). */
export function addCalendarDays(date: string, days: number): string {
  return utcMsToDate(dateToUtcMs(date) + days * DAY);
}

/** 0 = Sunday, the index into `openingHours`. */
export function weekdayOfDate(date: string): number {
  return new Date(dateToUtcMs(date)).getUTCDay();
}

export interface BookableDates {
  /** The first date with a time far enough ahead to meet the minimum notice. */
  min: string;
  /** The last date inside the booking horizon (the server refuses later ones as 'too far'). */
  max: string;
}

type BookingRules = Pick<SalonSettings, 'timeZone' | 'openingHours' | 'closedDates' | 'minNoticeMinutes' | 'horizonDays'>;

/** The dates a customer may pick, by the same rules the server's slot computation uses. */
export function bookableDates(settings: BookingRules, now: number = Date.now()): BookableDates {
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
export function firstOpenDate(settings: BookingRules, now: number = Date.now()): string | undefined {
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

/** 'm:ss' for a countdown; never negative. */
export function formatCountdown(remainingMs: number): string {
  const totalSeconds = Math.max(0, Math.ceil(remainingMs / 1000));
  return `${Math.floor(totalSeconds / 60)}:${pad(totalSeconds % 60)}`;
}

/** '9 minutes 41 seconds', the countdown for screen readers ('9:41' reads as a clock time). */
export function describeCountdown(remainingMs: number): string {
  const totalSeconds = Math.max(0, Math.ceil(remainingMs / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return minutes > 0 ? `${unit(minutes, 'minute')} ${unit(seconds, 'second')}` : unit(seconds, 'second');
}
