import { addCalendarDays, instantToZoned, zonedBoundaryInstant } from './calendar.js';
import { minutesOfDay, type SalonSettings } from './salon-settings.js';

type QuietHours = Pick<SalonSettings, 'timeZone' | 'smsQuietFrom' | 'smsQuietUntil'>;

/**
 * When the quiet hours around `now` end, on the salon's clock; null when `now` is not in them.
 * A night that passes midnight (21:00-08:00) ends on the next morning when it is before midnight.
 */
export function quietHoursEnd(now: Date, settings: QuietHours): Date | null {
  const from = minutesOfDay(settings.smsQuietFrom);
  const until = minutesOfDay(settings.smsQuietUntil);
  if (from === until) return null;
  const local = instantToZoned(now, settings.timeZone);
  const minute = minutesOfDay(local.time);
  const overnight = from > until;
  const quiet = overnight ? minute >= from || minute < until : minute >= from && minute < until;
  if (!quiet) return null;
  const endDate = overnight && minute >= from ? addCalendarDays(local.date, 1) : local.date;
  return zonedBoundaryInstant(endDate, settings.smsQuietUntil, settings.timeZone);
}

/**
 * When a text about a visit may go: null for now, or the end of the quiet hours. A visit that
 * starts before they end is told at once: held until morning, the text would come after it.
 */
export function smsSendAfter(now: Date, visitStartsAt: Date | null, settings: QuietHours): Date | null {
  const end = quietHoursEnd(now, settings);
  if (end === null) return null;
  if (visitStartsAt !== null && visitStartsAt.getTime() <= end.getTime()) return null;
  return end;
}
