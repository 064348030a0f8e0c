import { useSearchParams } from 'react-router';
import { formatCalendarDate, formatSalonTime, salonToday, timesAreInZone } from '../../../shared/calendar';
import { isCalendarDate, type SalonSettings } from '../../../shared/salon-settings';
import type { StaffVisit } from '../../../shared/staff';
import { PageHeader } from '../../components/ui/page-header';
import { QueryState } from '../../components/ui/query-state';
import type { CalendarColumn } from '../../features/bookings/calendar-layout';
import { CalendarHeading, DayStepper, SettingsGate, calendarLoadingRow } from '../../features/bookings/components/calendar/calendar-page';
import { DayGrid } from '../../features/bookings/components/calendar/day-grid';
import { useCalendarSelection } from '../../features/bookings/components/calendar/use-calendar-selection';
import { VisitDetails, type VisitMark } from '../../features/bookings/components/calendar/visit-details';
import { usePublicSalonSettings } from '../../features/contact/api/get-opening-hours';
import { useMarkVisit, useMyStylist, useMyVisits, useRecordChairPayment } from '../../features/staff/api/my-day';
import type { CounterMethod } from '../../../shared/deposits';
import { formatMoney } from '../../../shared/money';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { confirmDialog, toast } from '../../lib/dialogs';

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
  return (
    <SettingsGate header={header} settings={settings} loadingLabel="Loading your day">
      {(salon) => {
        const today = salonToday(salon.timeZone);
        const asked = params.get('date');
        const date = asked && isCalendarDate(asked) ? asked : today;
        return (
          <>
            {/* Each day is an entry of its own: Back goes to the day she looked at before. */}
            <DayStepper date={date} today={today} unit="day" onShow={(next) => setParams(next === today ? {} : { date: next })} />
            <CalendarHeading>
              {formatCalendarDate(date)}
              {date === today ? ' (today)' : ''}
            </CalendarHeading>
            <MyVisits date={date} settings={salon} column={{ key: stylist._id, name: stylist.name, retired: false }} />
          </>
        );
      }}
    </SettingsGate>
  );
}

function MyVisits({ date, settings, column }: { date: string; settings: SalonSettings; column: CalendarColumn }) {
  const visits = useMyVisits(date);
  const mark = useMarkVisit();
  const record = useRecordChairPayment();
  const { root, selectedId, open, close } = useCalendarSelection();
  const { timeZone } = settings;

  /** Money taken at her chair; a refusal ('more than it owes') is shown by the form itself. */
  async function recordPayment(visit: StaffVisit, input: { amount: number; method: CounterMethod }) {
    await record.mutateAsync({ id: visit._id, ...input });
    await toast({ title: `${formatMoney(input.amount)} from ${visit.customer.name} recorded` });
  }

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
      <QueryState query={visits} loading={{ label: 'Loading your visits', rows: 4, row: calendarLoadingRow }}>
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
                  onRecordPayment={recordPayment}
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
