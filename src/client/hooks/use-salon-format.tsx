import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatCalendarDate,
  formatSalonDateTime,
  formatSalonShortDateTime,
  formatSalonTime,
  salonDateTimeParts,
  timesAreInZone,
  wallClockTime,
  type InstantLike,
} from '@shared/calendar';
import { formatMoney } from '@shared/money';
import { describeCountdown, formatCountdown } from '../lib/countdown';
import { useIntlLocale, useLanguage } from './use-language';

/**
 * The salon's dates, times, money, counts and countdowns in the page's language, for every screen.
 * English keeps the shared formatters' exact words ('Sun, 6 Dec 2026, 10:30': the spec's tests read
 * them); another language reads the same instant in the salon's zone through Intl with the page's
 * locale (bn-BD: Bengali digits and month names; Latin digits when the salon chose them).
 */
export interface SalonFormat {
  locale: string;
  /** 'Sun, 6 Dec 2026' / 'রবি, ৬ ডিসে, ২০২৬' for a calendar date (YYYY-MM-DD). */
  calendarDate: (date: string) => string;
  /** 'Sun, 6 Dec': the date without its year (a heading above says the year). */
  dayMonth: (date: string) => string;
  /** 'Sun, 6 Dec 2026' and '10:30', for layouts that keep each half on one line. */
  dateTimeParts: (instant: InstantLike, timeZone: string) => { date: string; time: string };
  /** 'Sun, 6 Dec 2026, 10:30' in the salon's zone. */
  dateTime: (instant: InstantLike, timeZone: string) => string;
  /** 'Sat 28 Nov 11:30' in the salon's zone. */
  shortDateTime: (instant: InstantLike, timeZone: string) => string;
  /** '10:30' in the salon's zone. */
  time: (instant: InstantLike, timeZone: string) => string;
  /** '10:30' for minutes since midnight. */
  clock: (minutesOfDay: number) => string;
  /** A salon wall-clock 'HH:MM' (opening hours, a waitlist's range) in the page's digits. */
  wallClock: (time: string) => string;
  /** 'Times are in Dhaka time (Asia/Dhaka)', said near every list of times. */
  timesAreInZone: (timeZone: string) => string;
  money: (amount: number, currency?: string) => string;
  /** 'm:ss' for the eye. */
  countdown: (remainingMs: number) => string;
  /** '9 minutes 41 seconds' for a screen reader. */
  describeCountdown: (remainingMs: number) => string;
  /** A count in the page's digits. */
  number: (value: number) => string;
  /** 'today', 'tomorrow', 'in 3 days', 'yesterday': a day `days` from today. */
  relativeDay: (days: number) => string;
}

const relativeDayIn = (locale: string) => {
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  return (days: number) => relative.format(days, 'day');
};

const englishNumber = new Intl.NumberFormat('en-US');
/** English is the spec's wording, word for word: the shared formatters the English pages always used. */
const english = (locale: string): SalonFormat => ({
  locale,
  calendarDate: formatCalendarDate,
  dayMonth: (date) => formatCalendarDate(date).replace(/ \d{4}$/, ''),
  dateTimeParts: salonDateTimeParts,
  dateTime: formatSalonDateTime,
  shortDateTime: formatSalonShortDateTime,
  time: formatSalonTime,
  clock: wallClockTime,
  wallClock: (time) => time,
  timesAreInZone,
  // The shared default locale, as every English page wrote money before.
  money: (amount, currency) => formatMoney(amount, currency),
  countdown: formatCountdown,
  describeCountdown,
  number: (value) => englishNumber.format(value),
  relativeDay: relativeDayIn(locale),
});

type Translate = (key: string, options: Record<string, unknown>) => string;

const DAY_MS = 86_400_000;
/** A calendar date read at UTC noon in UTC: no zone can move it to another day. */
const noonOf = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS / 2);

/** Another language's formats, all through Intl with its locale. */
function localised(locale: string, t: Translate): SalonFormat {
  const cache = new Map<string, Intl.DateTimeFormat>();
  const formatter = (timeZone: string, options: Intl.DateTimeFormatOptions) => {
    const key = `${timeZone}|${JSON.stringify(options)}`;
    let found = cache.get(key);
    if (!found) {
      found = new Intl.DateTimeFormat(locale, { timeZone, ...options });
      cache.set(key, found);
    }
    return found;
  };
  const dateOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' } as const;
  const clockOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
  const digits = new Intl.NumberFormat(locale, { useGrouping: false });
  const twoDigits = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
  const grouped = new Intl.NumberFormat(locale);
  const date = (instant: InstantLike, timeZone: string) => formatter(timeZone, dateOptions).format(new Date(instant));
  const time = (instant: InstantLike, timeZone: string) => formatter(timeZone, clockOptions).format(new Date(instant));
  const seconds = (remainingMs: number) => Math.max(0, Math.ceil(remainingMs / 1000));
  return {
    locale,
    calendarDate: (day) => formatter('UTC', dateOptions).format(noonOf(day)),
    dayMonth: (day) => formatter('UTC', { weekday: 'short', day: 'numeric', month: 'short' }).format(noonOf(day)),
    dateTimeParts: (instant, timeZone) => ({ date: date(instant, timeZone), time: time(instant, timeZone) }),
    dateTime: (instant, timeZone) => `${date(instant, timeZone)}, ${time(instant, timeZone)}`,
    shortDateTime: (instant, timeZone) => formatter(timeZone, { weekday: 'short', day: 'numeric', month: 'short', ...clockOptions }).format(new Date(instant)),
    time,
    clock: (minutes) => `${twoDigits.format(Math.floor(minutes / 60))}:${twoDigits.format(minutes % 60)}`,
    wallClock: (clockTime) => clockTime.replace(/\d+/g, (part) => (part.length === 2 ? twoDigits.format(Number(part)) : digits.format(Number(part)))),
    timesAreInZone: (timeZone) => {
      const zone = formatter(timeZone, { timeZoneName: 'long' }).formatToParts(new Date()).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
      return t('format.timesAreInZone', { zone });
    },
    money: (amount, currency) => formatMoney(amount, currency, locale),
    countdown: (remainingMs) => {
      const total = seconds(remainingMs);
      return `${digits.format(Math.floor(total / 60))}:${twoDigits.format(total % 60)}`;
    },
    describeCountdown: (remainingMs) => {
      const total = seconds(remainingMs);
      const minutes = Math.floor(total / 60);
      const secondsText = t('format.seconds', { count: total % 60 });
      return minutes > 0 ? `${t('format.minutes', { count: minutes })} ${secondsText}` : secondsText;
    },
    number: (value) => grouped.format(value),
    relativeDay: relativeDayIn(locale),
  };
}

/** The page's formats: English's own on English pages, Intl's in the page's locale otherwise. */
export function useSalonFormat(): SalonFormat {
  const language = useLanguage();
  const locale = useIntlLocale();
  const { t } = useTranslation('booking');
  return useMemo(() => (language === 'en' ? english(locale) : localised(locale, t as Translate)), [language, locale, t]);
}

/**
 * 'Times are in Dhaka time (Asia/Dhaka)' in the page's language; the zone's id stays as it is
 * (a code, not a word: marked so the reader and the Bangla checks leave it in Latin letters).
 */
export function TimesInZone({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('booking');
  const language = useLanguage();
  if (language === 'en') return <>{timesAreInZone(timeZone)}</>;
  return (
    <>
      {t('timesInZone')} (<span translate="no">{timeZone}</span>)
    </>
  );
}
