import { useMemo } from 'react';
import { formatSalonDateTime, formatSalonShortDateTime, type InstantLike } from '../../shared/calendar';
import { useIntlLocale, useLanguage } from './use-language';

export interface SalonDateTimeFormat {
  /** 'Sat, 28 Nov 2026, 11:30' on the salon's clock ('শনি, ২৮ নভে, ২০২৬, ১১:৩০' in Bangla). */
  long: (instant: InstantLike, timeZone: string) => string;
  /** 'Sat 28 Nov 11:30' on the salon's clock, the short form a list names a visit by. */
  short: (instant: InstantLike, timeZone: string) => string;
}

const LONG: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const SHORT: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/**
 * Dates and times of the salon's clock in the page's language. English keeps the shared
 * formatters' exact wording (tests and e-mails read it); Bangla goes through Intl with the page's
 * locale (Bengali month and weekday names and digits, or Latin digits when the salon chose them).
 */
export function useSalonDateTime(): SalonDateTimeFormat {
  const language = useLanguage();
  const locale = useIntlLocale();
  return useMemo(() => {
    if (language === 'en') return { long: formatSalonDateTime, short: formatSalonShortDateTime };
    const format = (options: Intl.DateTimeFormatOptions) => (instant: InstantLike, timeZone: string) =>
      new Intl.DateTimeFormat(locale, { timeZone, ...options }).format(new Date(instant));
    return { long: format(LONG), short: format(SHORT) };
  }, [language, locale]);
}
