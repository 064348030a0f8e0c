import type { DayHours } from './salon-settings.js';

/**
 * Weekday names, 0 = Sunday as in the settings' openingHours; English by default (schema.org names
 * days the same way).
 */
export const weekdayName = (day: number, locale = 'en-US'): string =>
  // 1 January 2023 was a Sunday.
  new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2023, 0, 1 + day));

/** The words of the hours in a language other than English, and its locale for days and digits. */
export type HoursWords = { locale: string; everyDay: string; closed: string };
const ENGLISH: HoursWords = { locale: 'en-US', everyDay: 'Every day', closed: 'Closed' };

/** '10:00' in the locale's digits ('১০:০০' in bn-BD). */
export function localTime(time: string, locale: string): string {
  const digits = new Intl.NumberFormat(locale, { useGrouping: false });
  return time.replace(/\d/g, (digit) => digits.format(Number(digit)));
}

const sameHours = (a: DayHours | undefined, b: DayHours | undefined) => a?.open === b?.open && a?.close === b?.close;

export type HoursLine = { days: string; hours: string };

/**
 * The week's opening hours as the door of the salon shows them: runs of days with the same hours
 * ('Saturday – Thursday: 10:00 – 20:00', 'Friday: Closed'), the longest run first, the rest in
 * the order of the week after it.
 */
export function openingHoursLines(openingHours: readonly DayHours[], words: HoursWords = ENGLISH): HoursLine[] {
  const week = Array.from({ length: 7 }, (_, day) => openingHours[day] ?? null);
  const describe = (hours: DayHours): string =>
    hours ? `${localTime(hours.open, words.locale)} – ${localTime(hours.close, words.locale)}` : words.closed;
  const dayName = (day: number) => weekdayName(day, words.locale);
  if (week.every((hours) => sameHours(hours, week[0]))) {
    return [{ days: words.everyDay, hours: describe(week[0] ?? null) }];
  }
  // Runs of equal hours around the week (Saturday to Thursday wraps past Sunday).
  const runs: { start: number; length: number }[] = [];
  const first = week.findIndex((hours, day) => !sameHours(hours, week[(day + 6) % 7]));
  for (let offset = 0; offset < 7; offset++) {
    const day = (first + offset) % 7;
    const last = runs.at(-1);
    if (last && sameHours(week[day], week[(day + 6) % 7])) last.length += 1;
    else runs.push({ start: day, length: 1 });
  }
  const longest = runs.reduce((best, run, index) => (run.length > (runs[best]?.length ?? 0) ? index : best), 0);
  const ordered = [...runs.slice(longest), ...runs.slice(0, longest)];
  return ordered.map(({ start, length }) => ({
    days: length === 1 ? dayName(start) : `${dayName(start)} – ${dayName((start + length - 1) % 7)}`,
    hours: describe(week[start] ?? null),
  }));
}

/** schema.org OpeningHoursSpecification: one entry per distinct hours, naming its days. */
export function openingHoursSpecification(openingHours: readonly DayHours[]) {
  const byHours = new Map<string, { opens: string; closes: string; dayOfWeek: string[] }>();
  openingHours.forEach((hours, day) => {
    if (!hours) return;
    const key = `${hours.open}-${hours.close}`;
    const entry = byHours.get(key) ?? { opens: hours.open, closes: hours.close, dayOfWeek: [] };
    entry.dayOfWeek.push(weekdayName(day));
    byHours.set(key, entry);
  });
  return [...byHours.values()].map((entry) => ({ '@type': 'OpeningHoursSpecification', ...entry }));
}
