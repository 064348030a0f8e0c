import { useId, type ReactNode, type RefObject } from 'react';
import { X } from 'lucide-react';
import { formatCalendarDate, formatSalonTime, salonDateOf } from '../../../../../shared/calendar';
import { timeRange, type CalendarEntry } from '../../calendar-layout';
import { BookingStatusBadge } from '../booking-status-badge';

interface DetailsPanelProps {
  entry: CalendarEntry;
  /** Her column's name: the stylist, or 'No stylist'. */
  columnName: string;
  timeZone: string;
  /** The panel and its heading, for the actions that put the focus back after a dialog. */
  scope?: RefObject<HTMLElement | null>;
  heading?: RefObject<HTMLHeadingElement | null>;
  /** Facts only some readers may see (the admin's e-mail and money), after the customer's name. */
  moreFacts?: ReactNode;
  /** The actions the reader may take now; given the customer's name's id, which describes them. */
  actions: (customerId: string) => ReactNode;
  onClose: () => void;
}

/**
 * One visit opened from a calendar grid: its facts, and below them the actions the reader may
 * take. A panel above the grid, not a modal: the confirmation dialogs the actions ask open over
 * the page, which a modal would lock. The admin's calendar and a stylist's own day both open it.
 */
export function DetailsPanel({ entry, columnName, timeZone, scope, heading, moreFacts, actions, onClose }: DetailsPanelProps) {
  const headingId = useId();
  const customerId = useId();
  const minutes = Math.round((Date.parse(entry.endsAt) - Date.parse(entry.startsAt)) / 60_000);
  const buffer = entry.staffFreeAt ? Math.round((Date.parse(entry.staffFreeAt) - Date.parse(entry.endsAt)) / 60_000) : 0;

  return (
    <section
      ref={scope}
      aria-labelledby={headingId}
      data-calendar-details=""
      data-booking-id={entry._id}
      className="mt-4 rounded-box bg-base-100 p-4 shadow-soft ring-1 ring-primary/30 sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 ref={heading} id={headingId} tabIndex={-1} data-details-heading="" className="min-w-0 text-lg font-semibold">
          {entry.title} for {entry.customer.name}
        </h3>
        <button type="button" className="btn btn-circle btn-ghost btn-sm" aria-label="Close the booking's details" onClick={onClose}>
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-base-content/75">Stylist</dt>
        <dd>{columnName}</dd>
        <dt className="text-base-content/75">When</dt>
        <dd>
          <time dateTime={entry.startsAt}>{formatCalendarDate(salonDateOf(entry.startsAt, timeZone))}</time>,{' '}
          <span className="whitespace-nowrap tabular-nums">{timeRange(entry, timeZone)}</span> ({minutes} min)
        </dd>
        {buffer > 0 && entry.staffFreeAt ? (
          <>
            <dt className="text-base-content/75">Stylist free</dt>
            <dd>
              from <span className="tabular-nums">{formatSalonTime(entry.staffFreeAt, timeZone)}</span> ({buffer} min after the visit)
            </dd>
          </>
        ) : null}
        <dt className="text-base-content/75">Status</dt>
        <dd>
          <BookingStatusBadge status={entry.status} />
          {entry.status === 'pending' ? <span className="ml-2">Awaiting payment: the time is held only while she pays.</span> : null}
        </dd>
        <dt className="text-base-content/75">Customer</dt>
        <dd id={customerId} className="font-semibold">
          {entry.customer.name}
        </dd>
        {moreFacts}
      </dl>
      {actions(customerId)}
    </section>
  );
}
