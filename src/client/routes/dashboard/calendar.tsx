import { useSearchParams } from 'react-router';
import { addCalendarDays, formatCalendarDate, salonToday } from '../../../shared/calendar';
import { isCalendarDate } from '../../../shared/salon-settings';
import { PageHeader } from '../../components/ui/page-header';
import { QueryState } from '../../components/ui/query-state';
import { paths } from '../../config/paths';
import { BookingCalendar, type CalendarView } from '../../features/bookings/components/calendar/booking-calendar';
import { CalendarHeading, DayStepper, SettingsGate, calendarLoadingRow } from '../../features/bookings/components/calendar/calendar-page';
import { useSalonSettings } from '../../features/settings/api/get-settings';
import { useStaff } from '../../features/staff/api/get-staff';
import { DayWaitlist } from '../../features/waitlist/components/day-waitlist';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { SalonMovePicker } from './move-time-picker';

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
  return (
    <SettingsGate header={header} settings={settings} loadingLabel="Loading the calendar">
      {(salon) => {
        const today = salonToday(salon.timeZone);
        const date = asked && isCalendarDate(asked) ? asked : today;
        const heading =
          view === 'week' ? `${formatCalendarDate(date)} – ${formatCalendarDate(addCalendarDays(date, 6))}` : `${formatCalendarDate(date)}${date === today ? ' (today)' : ''}`;
        return (
          <>
            <DayStepper date={date} today={today} unit={view} onShow={(next) => show({ date: next })}>
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
            </DayStepper>
            <CalendarHeading>{heading}</CalendarHeading>
            <QueryState query={staff} loading={{ label: 'Loading the stylists', rows: 4, row: calendarLoadingRow }}>
              {(team) => (
                <BookingCalendar
                  view={view}
                  date={date}
                  settings={salon}
                  staff={team}
                  MovePicker={SalonMovePicker}
                  onShowDate={(next) => show({ date: next })}
                  dayHref={(day) => `${paths.dashboard.calendar}?date=${day}&view=day`}
                />
              )}
            </QueryState>
            {view === 'day' ? <DayWaitlist date={date} timeZone={salon.timeZone} /> : null}
          </>
        );
      }}
    </SettingsGate>
  );
}
