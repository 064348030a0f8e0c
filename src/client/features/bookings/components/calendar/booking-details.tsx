import { useId, useRef, type ComponentType } from 'react';
import { X } from 'lucide-react';
import type { Booking } from '../../../../../shared/payments';
import { formatCalendarDate, formatSalonTime, salonDateOf } from '../../../../../shared/calendar';
import { formatMoney } from '../../../../../shared/money';
import { timeRange } from '../../calendar-layout';
import { useBookingActions } from '../../use-booking-actions';
import { BookingStatusBadge } from '../booking-status-badge';
import { MovePanel, useMoveControls, useMoveDisclosure, type MovePickerProps } from '../move-appointment';
import { OrderActions, rowPropsOf } from '../orders-table';

interface BookingDetailsProps {
  booking: Booking;
  /** Her column's name: the stylist, or 'No stylist'. */
  columnName: string;
  timeZone: string;
  MovePicker?: ComponentType<MovePickerProps> | undefined;
  /** After a move, so the calendar can follow the booking to its new day and column. */
  onMoved: (booking: Booking) => void;
  onClose: () => void;
}

/**
 * One booking opened from the calendar: its facts, and the order list's actions for it (Mark
 * completed, No-show, Move, Cancel), whichever the server allows now. A panel above the grid, not a
 * modal: the confirmation dialogs the actions ask open over the page, which a modal would lock.
 */
export function BookingDetails({ booking, columnName, timeZone, MovePicker, onMoved, onClose }: BookingDetailsProps) {
  const headingId = useId();
  const customerId = useId();
  const scope = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const actions = useBookingActions('admin', { scope, heading, timeZone });
  const moveOf = useMoveControls(MovePicker, async (current: Booking, startsAt: string, stylist?: { _id: string; name: string }) => {
    const moved = await actions.move(current, startsAt, stylist);
    if (moved) onMoved(moved);
    return moved;
  });
  const rowProps = rowPropsOf(actions, timeZone, moveOf)(booking);
  const disclosure = useMoveDisclosure(rowProps.move);
  const buffer = booking.staffFreeAt ? Math.round((Date.parse(booking.staffFreeAt) - Date.parse(booking.endsAt)) / 60_000) : 0;
  const kept = Math.max(0, booking.price - booking.refunded);

  return (
    <section
      ref={scope}
      aria-labelledby={headingId}
      data-calendar-details=""
      data-booking-id={booking._id}
      className="mt-4 rounded-box bg-base-100 p-4 shadow-soft ring-1 ring-primary/30 sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 ref={heading} id={headingId} tabIndex={-1} data-details-heading="" className="min-w-0 text-lg font-semibold">
          {booking.title} for {booking.customer.name}
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
          <time dateTime={booking.startsAt}>{formatCalendarDate(salonDateOf(booking.startsAt, timeZone))}</time>,{' '}
          <span className="whitespace-nowrap tabular-nums">{timeRange(booking, timeZone)}</span> ({booking.duration} min)
        </dd>
        {buffer > 0 && booking.staffFreeAt ? (
          <>
            <dt className="text-base-content/75">Stylist free</dt>
            <dd>
              from <span className="tabular-nums">{formatSalonTime(booking.staffFreeAt, timeZone)}</span> ({buffer} min after the visit)
            </dd>
          </>
        ) : null}
        <dt className="text-base-content/75">Status</dt>
        <dd>
          <BookingStatusBadge status={booking.status} />
          {booking.status === 'pending' ? <span className="ml-2">Awaiting payment: the time is held only while she pays.</span> : null}
        </dd>
        <dt className="text-base-content/75">Customer</dt>
        <dd id={customerId} className="font-semibold">
          {booking.customer.name}
        </dd>
        <dt className="text-base-content/75">E-mail</dt>
        <dd className="truncate" title={booking.customer.email}>
          {booking.customer.email}
        </dd>
        <dt className="text-base-content/75">{booking.status === 'pending' ? 'Price' : 'Paid'}</dt>
        <dd>
          {formatMoney(booking.status === 'pending' ? booking.price : kept)}
          {booking.refunded > 0 ? `, ${formatMoney(booking.refunded)} refunded` : null}
        </dd>
      </dl>
      <OrderActions {...rowProps} describedBy={customerId} {...disclosure} className="mt-4" />
      <MovePanel booking={booking} control={rowProps.move} {...disclosure} className="mt-4" />
    </section>
  );
}
