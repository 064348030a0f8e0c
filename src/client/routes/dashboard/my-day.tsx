import { useId } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { addCalendarDays, formatCalendarDate, formatSalonTime, salonToday, timesAreInZone } from '../../../shared/calendar';
import { isCalendarDate, type SalonSettings } from '../../../shared/salon-settings';
import type { StaffVisit } from '../../../shared/staff';
import { ErrorState } from '../../components/ui/error-state';
import { PageHeader } from '../../components/ui/page-header';
import { QueryState } from '../../components/ui/query-state';
import type { CalendarColumn } from '../../features/bookings/calendar-layout';
import { DayGrid } from '../../features/bookings/components/calendar/day-grid';
import { useCalendarSelection } from '../../features/bookings/components/calendar/use-calendar-selection';
import { VisitDetails, type VisitMark } from '../../features/bookings/components/calendar/visit-details';
import { usePublicSalonSettings } from '../../features/contact/api/get-opening-hours';
import { useMarkVisit, useMyStylist, useMyVisits } from '../../features/staff/api/my-day';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { confirmDialog, toast } from '../../lib/dialogs';

const loadingRow = (
  <>
    <div className="skeleton h-4 w-12" />
    <div className="skeleton h-16 flex-1" />
  </>
);

/**
 * /dashboard/my-day: a stylist's own column of the salon's day, for the account the admin linked
 * to her. The calendar's day grid with her column alone (the salon's hours down the side, her
 * visits as blocks, her buffers hatched); a visit opens the calendar's details with what she may
 * do: mark it completed or a no-show once its time has come. Nothing of the money and no other
 * stylist's visits (the server sends neither). The day lives in the URL, as the calendar's does.
 */
export function MyDayRoute() {
  useDocumentTitle('My day | Parlour');
  const me = useMyStylist();
  const settings = usePublicSalonSettings();
  const [params, setParams] = useSearchParams();
  const dateId = useId();

  if (me.isPending) return null;
  const stylist = me.data?.stylist;
  if (!stylist) {
    return (
      <PageHeader eyebrow="My day" title="My day">
        This page is for the salon’s stylists. Ask the salon to link your account to your place on the team.
      </PageHeader>
    );
  }
  const header = (
    <PageHeader eyebrow={stylist.name} title="My day">
      Your visits, with who is coming and for what. Open one to mark it once it is done.
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
        <div role="status" aria-label="Loading your day" className="mt-6 skeleton h-64 w-full" />
      </>
    );
  }

  const { timeZone } = settings.data;
  const today = salonToday(timeZone);
  const asked = params.get('date');
  const date = asked && isCalendarDate(asked) ? asked : today;
  // Each day is an entry of its own: Back goes to the day she looked at before.
  const go = (next: string) => setParams(next === today ? {} : { date: next });

  return (
    <>
      {header}
      <nav aria-label="Choose the day" className="mt-6 flex flex-wrap items-end gap-x-4 gap-y-3">
        <div className="flex items-center gap-1">
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => go(addCalendarDays(date, -1))}>
            <ChevronLeft aria-hidden="true" className="size-4" /> Previous day
          </button>
          <button type="button" className="btn rounded-full btn-outline btn-sm btn-primary" disabled={date === today} onClick={() => go(today)}>
            Today
          </button>
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => go(addCalendarDays(date, 1))}>
            Next day <ChevronRight aria-hidden="true" className="size-4" />
          </button>
        </div>
        <div>
          <label htmlFor={dateId} className="mb-1.5 block text-sm font-medium">
            Date
          </label>
          <input
            id={dateId}
            type="date"
            className="input w-auto"
            value={date}
            // A date typed half-way is not a date yet: the day waits for a whole one.
            onChange={(event) => {
              if (isCalendarDate(event.target.value)) go(event.target.value);
            }}
          />
        </div>
      </nav>
      {/* Announced as it changes, so stepping through the days is heard as well as seen. */}
      <h2 aria-live="polite" className="mt-6 mb-3 font-display text-2xl font-semibold">
        {formatCalendarDate(date)}
        {date === today ? ' (today)' : ''}
      </h2>
      <MyVisits date={date} settings={settings.data} column={{ key: stylist._id, name: stylist.name, retired: false }} />
    </>
  );
}

function MyVisits({ date, settings, column }: { date: string; settings: SalonSettings; column: CalendarColumn }) {
  const visits = useMyVisits(date);
  const mark = useMarkVisit();
  const { root, selectedId, open, close } = useCalendarSelection();
  const { timeZone } = settings;

  async function markVisit(visit: StaffVisit, status: VisitMark) {
    if (status === 'no-show') {
      const sure = await confirmDialog({
        title: `${visit.customer.name} did not come?`,
        text: `${visit.title} at ${formatSalonTime(visit.startsAt, timeZone)} is marked a no-show. The salon can undo it today if this was a slip.`,
        confirmButtonText: 'Yes, a no-show',
      });
      if (!sure) return;
    }
    try {
      await mark.mutateAsync({ id: visit._id, status });
      await toast({ title: status === 'completed' ? `${visit.title} for ${visit.customer.name} is done` : `Marked a no-show: ${visit.customer.name}` });
    } catch (error) {
      await toast({ icon: 'error', title: error instanceof Error ? error.message : 'It was not marked. Please try again.' });
    }
  }

  return (
    <div ref={root}>
      <QueryState query={visits} loading={{ label: 'Loading your visits', rows: 4, row: loadingRow }}>
        {(list) => {
          // Her column is the only one: each visit is drawn in it.
          const inColumn = list.map((visit) => ({ ...visit, staffId: column.key }));
          const selected = list.find((visit) => visit._id === selectedId);
          return (
            <>
              <p className="text-sm text-base-content/75">
                {list.length === 0 ? 'Nobody is booked with you on this day. ' : ''}
                {timesAreInZone(timeZone)}.
              </p>
              {selected ? (
                <VisitDetails
                  key={selected._id}
                  visit={selected}
                  columnName={column.name}
                  timeZone={timeZone}
                  onMark={markVisit}
                  marking={mark.isPending}
                  onClose={close}
                />
              ) : null}
              <div className="mt-4" aria-busy={visits.isFetching}>
                <DayGrid
                  date={date}
                  settings={settings}
                  columns={[column]}
                  bookings={inColumn}
                  chosenKey={column.key}
                  selectedId={selectedId}
                  onOpen={open}
                  label="Your visits"
                />
              </div>
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
