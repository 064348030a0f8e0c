import { useId, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '@shared/payments';
import type { SalonSettings } from '@shared/salon-settings';
import type { Staff } from '@shared/staff';
import { addCalendarDays, salonDateOf } from '@shared/calendar';
import { QueryState } from '@/components/ui/query-state';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { useCalendarBookings } from '@/features/bookings/api/get-calendar-bookings';
import { calendarColumns, columnKeyOf, isShown, weekDates, type CalendarViewProps } from '@/features/bookings/calendar-layout';
import type { MovePickerProps } from '../move-appointment';
import { BookingDetails } from './booking-details';
import { DayGrid } from './day-grid';
import { WeekTable } from './week-table';
import { useCalendarSelection } from './use-calendar-selection';

export type CalendarView = 'day' | 'week';

interface BookingCalendarProps {
  view: CalendarView;
  /** The day shown, or the first of the week's seven. */
  date: string;
  settings: SalonSettings;
  /** The active stylists, in the Team page's order: a column each. */
  staff: readonly Staff[];
  /** The time picker 'Move' opens (the page hands over the booking list's). */
  MovePicker?: ComponentType<MovePickerProps> | undefined;
  /** Shows another day (a booking was moved out of the days in view, so the calendar follows it). */
  onShowDate: (date: string) => void;
  /** Where a day of the week view leads: that day on its own. */
  dayHref: (date: string) => string;
}

/**
 * The salon's day (or week) by stylist, for the admin. Each booking is a button that opens its
 * details with the actions the server allows now: moving it (to another time and stylist, the
 * keyboard's way of dragging it), marking it completed or a no-show, cancelling it.
 *
 * On a phone one stylist's column is shown at a time, chosen above the grid; from `sm` up the
 * columns stand side by side and scroll inside their box when there are more than fit.
 */
export function BookingCalendar({ view, date, settings, staff, MovePicker, onShowDate, dayHref }: BookingCalendarProps) {
  const { t } = useTranslation('calendar');
  const format = useSalonFormat();
  const last = view === 'week' ? addCalendarDays(date, 6) : date;
  const bookings = useCalendarBookings({ from: date, to: last });
  const [showCancelled, setShowCancelled] = useState(false);
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const { root, selectedId, open, close } = useCalendarSelection();
  const chooserId = useId();
  const cancelledId = useId();
  const { timeZone } = settings;

  // The details of a booking no longer in view (another day was chosen) close by themselves.
  const loaded = bookings.data ?? [];
  const selected = loaded.find((booking) => booking._id === selectedId);

  // A move to a day out of view shows that day, and on a phone her column: the booking stays in sight.
  const onMoved = (moved: Booking) => {
    const movedDate = salonDateOf(moved.startsAt, timeZone);
    if (movedDate < date || movedDate > last) onShowDate(movedDate);
    setChosenKey(columnKeyOf(moved));
  };

  return (
    <div ref={root}>
      <QueryState
        query={bookings}
        loading={{
          label: view === 'week' ? t('grid.loadingWeek') : t('grid.loadingDay'),
          rows: 4,
          row: (
            <>
              <div className="skeleton h-4 w-12" />
              <div className="skeleton h-16 flex-1" />
            </>
          ),
        }}
      >
        {(list) => {
          const inView = list.filter((booking) => {
            const day = salonDateOf(booking.startsAt, timeZone);
            return day >= date && day <= last && isShown(booking, showCancelled);
          });
          const columns = calendarColumns(staff, inView, { noStylist: t('grid.noStylist'), formerStylist: t('grid.formerStylist') });
          const chosen = columns.find((column) => column.key === chosenKey) ?? columns[0];
          const counts = countByColumn(inView);
          const viewProps: CalendarViewProps = { settings, columns, bookings: inView, chosenKey: chosen?.key, selectedId, onOpen: open };
          return (
            <>
              <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
                {columns.length > 1 ? (
                  // Below sm only one column fits: the others are a choice away.
                  <div className="w-full sm:hidden">
                    <label htmlFor={chooserId} className="mb-1.5 block text-sm font-medium">
                      {t('grid.stylist')}
                    </label>
                    <select
                      id={chooserId}
                      className="select w-full"
                      value={chosen?.key}
                      onChange={(event) => setChosenKey(event.target.value)}
                    >
                      {columns.map((column) => (
                        <option key={column.key} value={column.key}>
                          {/* 'Nasima Begum, 3 bookings': the chooser says where the bookings are before she picks. */}
                          {t('grid.option', { name: column.retired ? t('grid.retiredName', { name: column.name }) : column.name, count: counts.get(column.key) ?? 0 })}
                        </option>
                      ))}
                    </select>
                  </div>
                ) : null}
                <p className="text-sm text-base-content/75">{t('grid.zoneNote', { note: format.timesAreInZone(timeZone) })}</p>
                <div className="flex items-center gap-2">
                  <input
                    id={cancelledId}
                    type="checkbox"
                    className="checkbox checkbox-sm checkbox-primary"
                    checked={showCancelled}
                    onChange={(event) => setShowCancelled(event.target.checked)}
                  />
                  <label htmlFor={cancelledId} className="text-sm">
                    {t('grid.showCancelled')}
                  </label>
                </div>
              </div>

              {selected ? (
                <BookingDetails
                  key={selected._id}
                  booking={selected}
                  columnName={columns.find((column) => column.key === columnKeyOf(selected))?.name ?? selected.staffName ?? t('grid.noStylist')}
                  timeZone={timeZone}
                  MovePicker={MovePicker}
                  onMoved={onMoved}
                  onClose={close}
                />
              ) : null}

              <div className="mt-4" aria-busy={bookings.isFetching}>
                {bookings.isPlaceholderData ? (
                  <p role="status" className="mb-2 text-sm text-base-content/75">
                    <span aria-hidden="true" className="mr-2 loading loading-xs loading-spinner" />
                    {t('grid.refreshing')}
                  </p>
                ) : null}
                {view === 'day' ? (
                  <DayGrid date={date} {...viewProps} />
                ) : (
                  <WeekTable dates={weekDates(date)} dayHref={dayHref} {...viewProps} />
                )}
              </div>
            </>
          );
        }}
      </QueryState>
    </div>
  );
}

function countByColumn(bookings: readonly Booking[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const booking of bookings) counts.set(columnKeyOf(booking), (counts.get(columnKeyOf(booking)) ?? 0) + 1);
  return counts;
}
