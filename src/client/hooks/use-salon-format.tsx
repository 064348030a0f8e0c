import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatCalendarDate,
  formatSalonDateTime,
  formatSalonShortDateTime,
  formatSalonTime,
  timesAreInZone,
  wallClockTime,
} from '../../shared/calendar';
import { formatMoney } from '../../shared/money';
import { useIntlLocale, useLanguage } from './use-language';

/** How the admin's screens write dates, times, counts and money in the page's language. */
export interface SalonFormat {
  /** 'Sun, 6 Dec 2026' / 'রবি, ৬ ডিসে, ২০২৬' for a calendar date (YYYY-MM-DD). */
  date: (date: string) => string;
  /** 'Sun, 6 Dec': the date without its year (a heading above says the year). */
  dayMonth: (date: string) => string;
  /** 'Sun, 6 Dec 2026, 10:30' in the salon's zone. */
  dateTime: (instant: string | Date, timeZone: string) => string;
  /** 'Sat 28 Nov 11:30' in the salon's zone. */
  shortDateTime: (instant: string | Date, timeZone: string) => string;
  /** '10:30' in the salon's zone. */
  time: (instant: string | Date, timeZone: string) => string;
  /** '10:30' for minutes since midnight. */
  clock: (minutesOfDay: number) => string;
  number: (value: number) => string;
  money: (amount: number) => string;
}

const DAY_MS = 86_400_000;
/** A calendar date read at UTC noon in UTC: no zone can move it to another day. */
const noonOf = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS / 2);

const englishNumber = new Intl.NumberFormat('en-US');
/** English is the spec's wording, word for word: the shared formatters the English pages always used. */
const english: SalonFormat = {
  date: formatCalendarDate,
  dayMonth: (date) => formatCalendarDate(date).replace(/ \d{4}$/, ''),
  dateTime: formatSalonDateTime,
  shortDateTime: formatSalonShortDateTime,
  time: formatSalonTime,
  clock: wallClockTime,
  number: (value) => englishNumber.format(value),
  money: (amount) => formatMoney(amount),
};

/** Another language's formats, all through Intl with its locale (bn-BD: Bengali digits). */
function formatsOf(locale: string): SalonFormat {
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
  const clockOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
  const twoDigits = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
  const number = new Intl.NumberFormat(locale);
  return {
    date: (date) => formatter('UTC', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(noonOf(date)),
    dayMonth: (date) => formatter('UTC', { weekday: 'short', day: 'numeric', month: 'short' }).format(noonOf(date)),
    dateTime: (instant, timeZone) =>
      formatter(timeZone, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', ...clockOptions }).format(new Date(instant)),
    shortDateTime: (instant, timeZone) => formatter(timeZone, { weekday: 'short', day: 'numeric', month: 'short', ...clockOptions }).format(new Date(instant)),
    time: (instant, timeZone) => formatter(timeZone, clockOptions).format(new Date(instant)),
    clock: (minutes) => `${twoDigits.format(Math.floor(minutes / 60))}:${twoDigits.format(minutes % 60)}`,
    number: (value) => number.format(value),
    money: (amount) => formatMoney(amount, undefined, locale),
  };
}

/** The page's formats: English's own on English pages, Intl's in the page's locale otherwise. */
export function useSalonFormat(): SalonFormat {
  const language = useLanguage();
  const locale = useIntlLocale();
  return useMemo(() => (language === 'en' ? english : formatsOf(locale)), [language, locale]);
}

/**
 * 'Times are in Dhaka time (Asia/Dhaka)' in the page's language; the zone's id stays as it is
 * (a code, not a word: marked so the reader and the Bangla checks leave it in Latin letters).
 */
export function TimesInZone({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  if (language === 'en') return <>{timesAreInZone(timeZone)}</>;
  return (
    <>
      {t('timesInZone')} (<span translate="no">{timeZone}</span>)
    </>
  );
}
