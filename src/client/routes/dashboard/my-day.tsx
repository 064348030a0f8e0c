import { CalendarDays, ChevronLeft, ChevronRight, Coffee } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { addCalendarDays, formatCalendarDate, formatSalonTime, salonToday } from '../../../shared/calendar';
import { DEFAULT_SALON_SETTINGS, isCalendarDate } from '../../../shared/salon-settings';
import type { StaffVisit } from '../../../shared/staff';
import { PageHeader } from '../../components/ui/page-header';
import { QueryState } from '../../components/ui/query-state';
import { BookingStatusBadge } from '../../features/bookings/components/booking-status-badge';
import { usePublicSalonSettings } from '../../features/contact/api/get-opening-hours';
import { useMarkVisit, useMyStylist, useMyVisits } from '../../features/staff/api/my-day';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { confirmDialog, toast } from '../../lib/dialogs';

const panelClass = 'rounded-box bg-base-100 p-4 shadow-soft ring-1 ring-base-300/70 sm:p-6';

/**
 * /dashboard/my-day: a stylist's own column of the salon's day, for the account the admin linked
 * to her. Who comes, for what, when, and the state; she marks a visit completed or a no-show once
 * its time has come. Nothing of the money and no other stylist's visits (the server sends neither).
 */
export function MyDayRoute() {
  useDocumentTitle('My day | Parlour');
  const me = useMyStylist();
  const settings = usePublicSalonSettings();
  const timeZone = settings.data?.timeZone ?? DEFAULT_SALON_SETTINGS.timeZone;
  const [params, setParams] = useSearchParams();
  const today = salonToday(timeZone);
  const asked = params.get('date');
  const date = asked && isCalendarDate(asked) ? asked : today;
  const go = (next: string) => setParams(next === today ? {} : { date: next }, { replace: false });

  if (me.isPending) return null;
  if (!me.data?.stylist) {
    return (
      <PageHeader eyebrow="My day" title="My day">
        This page is for the salon’s stylists. Ask the salon to link your account to your place on the team.
      </PageHeader>
    );
  }
  return (
    <>
      <PageHeader eyebrow={me.data.stylist.name} title="My day">
        Your visits, with who is coming and for what. Mark each one once it is done.
      </PageHeader>
      <nav aria-label="Choose the day" className="mt-6 flex flex-wrap items-center gap-2">
        <button type="button" className="btn btn-sm btn-outline" onClick={() => go(addCalendarDays(date, -1))}>
          <ChevronLeft aria-hidden="true" className="size-4" /> Previous day
        </button>
        <button type="button" className="btn btn-sm btn-outline" disabled={date === today} onClick={() => go(today)}>
          Today
        </button>
        <button type="button" className="btn btn-sm btn-outline" onClick={() => go(addCalendarDays(date, 1))}>
          Next day <ChevronRight aria-hidden="true" className="size-4" />
        </button>
        <label className="flex items-center gap-2 text-sm">
          <span className="sr-only">Day</span>
          <input
            type="date"
            className="input input-sm input-bordered"
            value={date}
            onChange={(event) => {
              if (isCalendarDate(event.target.value)) go(event.target.value);
            }}
          />
        </label>
      </nav>
      <h2 className="mt-6 flex items-center gap-2 text-xl font-semibold">
        <CalendarDays aria-hidden="true" className="size-5 text-primary" />
        {formatCalendarDate(date)}
        {date === today && <span className="badge badge-sm badge-primary">Today</span>}
      </h2>
      <Visits date={date} timeZone={timeZone} />
    </>
  );
}

function Visits({ date, timeZone }: { date: string; timeZone: string }) {
  const visits = useMyVisits(date);
  const mark = useMarkVisit();

  async function markVisit(visit: StaffVisit, status: 'completed' | 'no-show') {
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
    <QueryState
      query={visits}
      className="mt-4"
      loading={{ label: 'Loading your visits', rows: 3, row: <div className="skeleton h-16 w-full" /> }}
      empty={{ icon: Coffee, title: 'No visits', message: 'Nobody is booked with you on this day.' }}
    >
      {(list) => (
        <ol aria-label="Your visits" className={`mt-4 divide-y divide-base-300 ${panelClass} !p-0`}>
          {list.map((visit) => (
            <li key={visit._id} className="flex flex-wrap items-center gap-3 p-4">
              <p className="w-28 shrink-0 font-semibold tabular-nums">
                {formatSalonTime(visit.startsAt, timeZone)}–{formatSalonTime(visit.endsAt, timeZone)}
              </p>
              <div className="min-w-0 flex-1 basis-40">
                <p className="font-semibold break-words">{visit.customer.name}</p>
                <p className="text-sm break-words text-base-content/75">{visit.title}</p>
              </div>
              <BookingStatusBadge status={visit.status} />
              {visit.canComplete && (
                <div className="flex w-full gap-2 sm:w-auto">
                  <button
                    type="button"
                    className="btn btn-sm btn-primary"
                    aria-label={`Mark completed: ${visit.customer.name}, ${visit.title}`}
                    disabled={mark.isPending}
                    onClick={() => void markVisit(visit, 'completed')}
                  >
                    Mark completed
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline"
                    aria-label={`No-show: ${visit.customer.name}, ${visit.title}`}
                    disabled={mark.isPending}
                    onClick={() => void markVisit(visit, 'no-show')}
                  >
                    No-show
                  </button>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </QueryState>
  );
}
