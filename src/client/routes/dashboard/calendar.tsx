import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { addCalendarDays, formatCalendarDate, salonToday } from '../../../shared/calendar';
import { isCalendarDate } from '../../../shared/salon-settings';
import { ErrorState } from '../../components/ui/error-state';
import { PageHeader } from '../../components/ui/page-header';
import { QueryState } from '../../components/ui/query-state';
import { paths } from '../../config/paths';
import { BookingCalendar, type CalendarView } from '../../features/bookings/components/calendar/booking-calendar';
import { useSalonSettings } from '../../features/settings/api/get-settings';
import { useStaff } from '../../features/staff/api/get-staff';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { SalonMovePicker } from './move-time-picker';

const loadingRow = (
  <>
    <div className="skeleton h-4 w-12" />
    <div className="skeleton h-16 flex-1" />
  </>
);

/**
 * /dashboard/calendar (admin): the salon's day by stylist, or a week of them. The day and the view
 * live in the URL (?date=2026-12-01&view=week), so a reload, a shared link or Back shows the same;
 * without a date it is today on the salon's calendar, wherever the admin's computer thinks it is.
 */
export function CalendarRoute() {
  useDocumentTitle('Calendar | Parlour');
  const settings = useSalonSettings();
  // The team may have changed since another page asked.
  const staff = useStaff({ staleTime: 0 });
  const [search, setSearch] = useSearchParams();
  const dateId = useId();

  const asked = search.get('date');
  const view: CalendarView = search.get('view') === 'week' ? 'week' : 'day';
  // Each change replaces the entry, as the lists' filters do: Back leaves the page, not one day at a time.
  const show = (next: { date?: string; view?: CalendarView }) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        if (next.date) params.set('date', next.date);
        if (next.view) params.set('view', next.view);
        return params;
      },
      { replace: true },
    );

  const header = (
    <PageHeader eyebrow="Calendar" title="The salon's day">
      Every stylist&apos;s bookings side by side. Open a booking to move it to another time or stylist, mark it, or cancel it.
    </PageHeader>
  );
  if (settings.isError) {
    return (
      <>
        {header}
        <div className="mt-6">
          <ErrorState title="Something went wrong" message={settings.error.message} onRetry={() => void settings.refetch()} isRetrying={settings.isFetching} />
        </div>
      </>
    );
  }
  if (!settings.data) {
    return (
      <>
        {header}
        <div role="status" aria-label="Loading the calendar" className="mt-6 skeleton h-64 w-full" />
      </>
    );
  }

  const today = salonToday(settings.data.timeZone);
  const date = asked && isCalendarDate(asked) ? asked : today;
  const step = view === 'week' ? 7 : 1;
  const unit = view === 'week' ? 'week' : 'day';
  const heading =
    view === 'week' ? `${formatCalendarDate(date)} – ${formatCalendarDate(addCalendarDays(date, 6))}` : `${formatCalendarDate(date)}${date === today ? ' (today)' : ''}`;

  return (
    <>
      {header}
      <div className="mt-6 flex flex-wrap items-end gap-x-4 gap-y-3">
        <div className="flex items-center gap-1">
          <button type="button" className="btn btn-square btn-ghost" aria-label={`Previous ${unit}`} onClick={() => show({ date: addCalendarDays(date, -step) })}>
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <button type="button" className="btn rounded-full btn-outline btn-sm btn-primary" onClick={() => show({ date: today })}>
            Today
          </button>
          <button type="button" className="btn btn-square btn-ghost" aria-label={`Next ${unit}`} onClick={() => show({ date: addCalendarDays(date, step) })}>
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        </div>
        <div>
          <label htmlFor={dateId} className="mb-1.5 block text-sm font-medium">
            {view === 'week' ? 'First day' : 'Date'}
          </label>
          <input
            id={dateId}
            type="date"
            className="input w-auto"
            value={date}
            // A date typed half-way is not a date yet: the calendar waits for a whole one.
            onChange={(event) => {
              if (isCalendarDate(event.target.value)) show({ date: event.target.value });
            }}
          />
        </div>
        <div role="group" aria-label="View" className="join">
          {(['day', 'week'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={view === option}
              className={`btn join-item btn-sm ${view === option ? 'btn-primary' : 'btn-outline btn-primary'}`}
              onClick={() => show({ view: option })}
            >
              {option === 'day' ? 'Day' : 'Week'}
            </button>
          ))}
        </div>
      </div>

      {/* Announced as it changes, so stepping through the days is heard as well as seen. */}
      <h2 aria-live="polite" className="mt-6 mb-3 font-display text-2xl font-semibold">
        {heading}
      </h2>

      <QueryState query={staff} loading={{ label: 'Loading the stylists', rows: 4, row: loadingRow }}>
        {(team) => (
          <BookingCalendar
            view={view}
            date={date}
            settings={settings.data}
            staff={team}
            MovePicker={SalonMovePicker}
            onShowDate={(next) => show({ date: next })}
            dayHref={(day) => `${paths.dashboard.calendar}?date=${day}&view=day`}
          />
        )}
      </QueryState>
    </>
  );
}
