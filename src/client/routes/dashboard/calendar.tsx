import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { addCalendarDays, salonToday } from '@shared/calendar';
import { isCalendarDate } from '@shared/salon-settings';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { BookingCalendar, type CalendarView } from '@/features/bookings/components/calendar/booking-calendar';
import { CalendarHeading, DayStepper, SettingsGate, calendarLoadingRow } from '@/features/bookings/components/calendar/calendar-page';
import { useSalonSettings } from '@/features/settings/api/get-settings';
import { useStaff } from '@/features/staff/api/get-staff';
import { DayWaitlist } from '@/features/waitlist/components/day-waitlist';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { SalonMovePicker } from './move-time-picker';

const VIEWS: readonly CalendarView[] = ['day', 'week'];

/**
 * /dashboard/calendar (admin): the salon's day by stylist, or a week of them. The day and the view
 * live in the URL (?date=2026-12-01&view=week), so a reload, a shared link or Back shows the same;
 * without a date it is today on the salon's calendar, wherever the admin's computer thinks it is.
 */
export function CalendarRoute() {
  const { t } = useTranslation('calendar');
  const format = useSalonFormat();
  useDocumentTitle(t('page.documentTitle'));
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
    <PageHeader eyebrow={t('page.eyebrow')} title={t('page.title')}>
      {t('page.intro')}
    </PageHeader>
  );
  return (
    <SettingsGate header={header} settings={settings} loadingLabel={t('page.loading')}>
      {(salon) => {
        const today = salonToday(salon.timeZone);
        const date = asked && isCalendarDate(asked) ? asked : today;
        const heading =
          view === 'week'
            ? t('page.weekRange', { from: format.calendarDate(date), to: format.calendarDate(addCalendarDays(date, 6)) })
            : `${format.calendarDate(date)}${date === today ? t('page.today', { today: format.relativeDay(0) }) : ''}`;
        return (
          <>
            <DayStepper date={date} today={today} unit={view} onShow={(next) => show({ date: next })}>
              <div role="group" aria-label={t('page.view')} className="join">
                {VIEWS.map((option) => (
                  <button
                    key={option}
                    type="button"
                    aria-pressed={view === option}
                    className={`btn join-item btn-sm ${view === option ? 'btn-primary' : 'btn-outline btn-primary'}`}
                    onClick={() => show({ view: option })}
                  >
                    {option === 'day' ? t('page.day') : t('page.week')}
                  </button>
                ))}
              </div>
            </DayStepper>
            <CalendarHeading>{heading}</CalendarHeading>
            <QueryState query={staff} loading={{ label: t('page.loadingStylists'), rows: 4, row: calendarLoadingRow }}>
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
