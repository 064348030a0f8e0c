import { useTranslation } from 'react-i18next';
import { instantToZoned } from '@shared/calendar';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { useServiceTitle } from '@/hooks/use-language';
import { timeRange, type CalendarEntry } from '@/features/bookings/calendar-layout';
import { useBookingStatusLabel } from '../booking-status-badge';

/**
 * How a calendar writes a visit's times and names its button, in the page's language: '11:00–12:00',
 * and 'Nasima Begum: Hair Spa for Ayesha Rahman, 11:00–12:00, Confirmed' (the week view, where
 * several days are in view, names the day too).
 */
export function useBlockName() {
  const { t } = useTranslation('calendar');
  const format = useSalonFormat();
  const statusLabel = useBookingStatusLabel();
  const serviceTitle = useServiceTitle();
  const range = (entry: Pick<CalendarEntry, 'startsAt' | 'endsAt'>, timeZone: string) => timeRange(entry, timeZone, format.time);
  const blockName = (entry: CalendarEntry, column: string, timeZone: string, withDate = false) => {
    const values = { column, title: serviceTitle(entry), name: entry.customer.name, time: range(entry, timeZone), status: statusLabel(entry.status) };
    return withDate
      ? t('grid.blockWithDate', { ...values, date: format.calendarDate(instantToZoned(entry.startsAt, timeZone).date) })
      : t('grid.block', values);
  };
  return { range, blockName };
}
