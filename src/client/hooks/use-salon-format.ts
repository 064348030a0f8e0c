import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatCalendarDate,
  formatSalonDateTime,
  formatSalonTime,
  salonDateTimeParts,
  timesAreInZone,
  type InstantLike,
} from '../../shared/calendar';
import { formatMoney } from '../../shared/money';
import { describeCountdown, formatCountdown } from '../lib/countdown';
import { useIntlLocale } from './use-language';

/**
 * The salon's dates, times, money and countdowns in the page's language. English keeps the shared
 * formatters' exact words ('Sun, 6 Dec 2026, 10:30': the spec's tests read them); another language
 * reads the same instant in the salon's zone through Intl with the page's locale (bn-BD: Bengali
 * digits and month names).
 */
export interface SalonFormat {
  locale: string;
  /** 'Sun, 6 Dec 2026' and '10:30', for layouts that keep each half on one line. */
  dateTimeParts: (instant: InstantLike, timeZone: string) => { date: string; time: string };
  dateTime: (instant: InstantLike, timeZone: string) => string;
  /** A YYYY-MM-DD of the salon's calendar. */
  calendarDate: (date: string) => string;
  time: (instant: InstantLike, timeZone: string) => string;
  /** 'Times are in Dhaka time (Asia/Dhaka)', said near every list of times. */
  timesAreInZone: (timeZone: string) => string;
  money: (amount: number, currency?: string) => string;
  /** 'm:ss' for the eye. */
  countdown: (remainingMs: number) => string;
  /** '9 minutes 41 seconds' for a screen reader. */
  describeCountdown: (remainingMs: number) => string;
  /** A whole number in the page's digits. */
  number: (value: number) => string;
  /** A salon wall-clock 'HH:MM' (opening hours, a waitlist's range) in the page's digits. */
  wallClock: (time: string) => string;
}

const english = (locale: string): SalonFormat => ({
  locale,
  dateTimeParts: salonDateTimeParts,
  dateTime: formatSalonDateTime,
  calendarDate: formatCalendarDate,
  time: formatSalonTime,
  timesAreInZone,
  // The shared default locale, as every English page wrote money before.
  money: (amount, currency) => formatMoney(amount, currency),
  countdown: formatCountdown,
  describeCountdown,
  number: (value) => String(value),
  wallClock: (time) => time,
});

type Translate = (key: string, options: Record<string, unknown>) => string;

function localised(locale: string, t: Translate): SalonFormat {
  const formatters = new Map<string, Intl.DateTimeFormat>();
  const formatter = (timeZone: string, kind: 'date' | 'time' | 'zone') => {
    const key = `${kind}|${timeZone}`;
    let found = formatters.get(key);
    if (!found) {
      const options: Intl.DateTimeFormatOptions =
        kind === 'date'
          ? { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }
          : kind === 'time'
            ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
            : { timeZoneName: 'long' };
      found = new Intl.DateTimeFormat(locale, { timeZone, ...options });
      formatters.set(key, found);
    }
    return found;
  };
  const digits = new Intl.NumberFormat(locale, { useGrouping: false });
  const twoDigits = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
  const date = (instant: InstantLike, timeZone: string) => formatter(timeZone, 'date').format(new Date(instant));
  const time = (instant: InstantLike, timeZone: string) => formatter(timeZone, 'time').format(new Date(instant));
  const seconds = (remainingMs: number) => Math.max(0, Math.ceil(remainingMs / 1000));
  return {
    locale,
    dateTimeParts: (instant, timeZone) => ({ date: date(instant, timeZone), time: time(instant, timeZone) }),
    dateTime: (instant, timeZone) => `${date(instant, timeZone)}, ${time(instant, timeZone)}`,
    // A calendar date has no zone of its own: read at UTC noon in UTC so nothing can move it.
    calendarDate: (day) => date(`${day}T12:00:00Z`, 'UTC'),
    time,
    timesAreInZone: (timeZone) => {
      const zone = formatter(timeZone, 'zone').formatToParts(new Date()).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
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
    number: (value) => digits.format(value),
    wallClock: (time) => time.replace(/\d+/g, (part) => (part.length === 2 ? twoDigits.format(Number(part)) : digits.format(Number(part)))),
  };
}

export function useSalonFormat(): SalonFormat {
  const locale = useIntlLocale();
  const { t } = useTranslation('booking');
  return useMemo(() => (locale.startsWith('en') ? english(locale) : localised(locale, t as Translate)), [locale, t]);
}
