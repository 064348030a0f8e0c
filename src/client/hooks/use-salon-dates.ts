import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate, formatSalonDateTime, formatSalonTime, timesAreInZone, type InstantLike } from '../../shared/calendar';
import { useIntlLocale, useLanguage } from './use-language';

/** The salon's dates and times, written in the page's language. */
export interface SalonDates {
  /** 'Sun, 6 Dec 2026, 10:30' (Bangla: 'রবি, ৬ ডিসে, ২০২৬, ১০:৩০') in the salon's zone. */
  dateTime: (instant: InstantLike, timeZone: string) => string;
  /** 'Sun, 6 Dec 2026' for a calendar date (YYYY-MM-DD). */
  calendarDate: (date: string) => string;
  /** '10:30' on the salon's clock. */
  time: (instant: InstantLike, timeZone: string) => string;
  /** 'Times are in Dhaka time (Asia/Dhaka)', the sentence near every list of times. */
  zoneNote: (timeZone: string) => string;
  /** 'today', 'tomorrow', 'in 3 days', 'yesterday': a day `days` from today. */
  relativeDay: (days: number) => string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, found);
  }
  return found;
}

const toDate = (instant: InstantLike) => (instant instanceof Date ? instant : new Date(instant));

/**
 * English keeps the shared helpers' words exactly (the e-mails, the tests and the spec use them);
 * another language writes the same parts through Intl in its locale (Bengali digits and months).
 */
export function useSalonDates(): SalonDates {
  const { t } = useTranslation('ui');
  const language = useLanguage();
  const locale = useIntlLocale();
  return useMemo(() => {
    const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    const relativeDay = (days: number) => relative.format(days, 'day');
    if (language === 'en') {
      return { dateTime: formatSalonDateTime, calendarDate: formatCalendarDate, time: formatSalonTime, zoneNote: timesAreInZone, relativeDay };
    }
    const clock = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
    const day = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' } as const;
    return {
      dateTime: (instant, timeZone) => formatter(locale, { timeZone, ...day, ...clock }).format(toDate(instant)),
      // A calendar date has no zone of its own: read at UTC noon in UTC, as formatCalendarDate does.
      calendarDate: (date) => formatter(locale, { timeZone: 'UTC', ...day }).format(new Date(`${date}T12:00:00Z`)),
      time: (instant, timeZone) => formatter(locale, { timeZone, ...clock }).format(toDate(instant)),
      zoneNote: (timeZone) => {
        const zone = formatter(locale, { timeZone, timeZoneName: 'long' })
          .formatToParts(new Date())
          .find((part) => part.type === 'timeZoneName')?.value;
        return t('timesAreInZone', { zone: zone ?? timeZone });
      },
      relativeDay,
    };
  }, [language, locale, t]);
}
