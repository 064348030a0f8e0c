import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Booking } from '@shared/payments';
import { isOpenDate, salonDateOf } from '@shared/calendar';
import { TableScrollBox } from '@/components/ui/table-scroll-box';
import { useSalonTexts } from '@/hooks/use-language';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { columnKeyOf, type CalendarColumn, type CalendarViewProps } from '@/features/bookings/calendar-layout';
import { BookingStatusBadge } from '../booking-status-badge';
import { blockTone } from './day-grid';
import { useBlockName } from './use-block-name';

type WeekTableProps = CalendarViewProps & {
  /** The seven days, in order. */
  dates: readonly string[];
  dayHref: (date: string) => string;
};

/**
 * Seven days by stylist: a row a day, a cell per stylist listing her bookings in time order. On a
 * phone only the chosen stylist's cells are shown, so it reads as her week, a list per day.
 */
export function WeekTable({ dates, settings, columns, bookings, chosenKey, selectedId, onOpen, dayHref }: WeekTableProps) {
  const { t } = useTranslation('calendar');
  const format = useSalonFormat();
  const { range, blockName } = useBlockName();
  const salonText = useSalonTexts();
  const { timeZone } = settings;
  const first = dates[0] ?? '';
  const last = dates.at(-1) ?? first;
  const byDayAndColumn = new Map<string, Booking[]>();
  for (const booking of [...bookings].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))) {
    const key = `${salonDateOf(booking.startsAt, timeZone)} ${columnKeyOf(booking)}`;
    byDayAndColumn.set(key, [...(byDayAndColumn.get(key) ?? []), booking]);
  }
  const shown = (column: CalendarColumn) => (column.key === chosenKey ? '' : 'hidden sm:table-cell');

  return (
    <TableScrollBox label={t('grid.weekLabel')} className="rounded-box bg-base-100 shadow-soft ring-1 ring-base-300/70">
      <table className="table table-sm">
        <caption className="sr-only">
          {t('grid.weekCaption', { from: format.calendarDate(first), to: format.calendarDate(last) })}
        </caption>
        <thead>
          <tr className="text-xs tracking-wide text-base-content/75 uppercase">
            <th scope="col">{t('grid.day')}</th>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={`min-w-40 ${shown(column)}`}>
                {column.name}
                {column.retired ? <span className="block font-normal normal-case">{t('grid.retired')}</span> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {dates.map((date) => (
            <tr key={date} className="align-top">
              <th scope="row" className="whitespace-nowrap">
                {/* That day on its own, as a grid. */}
                <Link to={dayHref(date)} className="link link-hover font-semibold">
                  {format.dayMonth(date)}
                </Link>
                {isOpenDate(settings, date) ? null : <span className="block text-xs font-normal text-base-content/70">{t('grid.closed')}</span>}
              </th>
              {columns.map((column) => {
                const list = byDayAndColumn.get(`${date} ${column.key}`) ?? [];
                return (
                  <td key={column.key} className={shown(column)}>
                    {list.length === 0 ? (
                      <span className="text-xs text-base-content/60">
                        <span aria-hidden="true">–</span>
                        <span className="sr-only">{t('grid.noBookings')}</span>
                      </span>
                    ) : (
                      <ul className="space-y-1.5">
                        {list.map((booking) => {
                          const title = salonText(booking.title, booking.title_bn);
                          return (
                            <li key={booking._id}>
                              <button
                                type="button"
                                data-calendar-booking={booking._id}
                                aria-label={blockName(booking, column.name, timeZone, true)}
                                aria-expanded={booking._id === selectedId}
                                className={`block w-full rounded-field border-l-4 px-2 py-1 text-left text-xs hover:brightness-95 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary ${blockTone[booking.status]} ${booking._id === selectedId ? 'ring-2 ring-primary' : ''}`}
                                onClick={() => onOpen(booking._id)}
                              >
                                <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                                  <span className="font-semibold whitespace-nowrap tabular-nums">{range(booking, timeZone)}</span>
                                  <BookingStatusBadge status={booking.status} />
                                </span>
                                <span translate="no" className={`block font-semibold ${booking.status === 'cancelled' ? 'line-through' : ''}`}>
                                  {booking.customer.name}
                                </span>
                                <span lang={title.lang} className="block">
                                  {title.text}
                                </span>
                              </button>
                            </li>
                          );
                        })}
                      </ul>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScrollBox>
  );
}
