import { useRef, type ComponentType } from 'react';
import type { Booking } from '../../../../../shared/payments';
import { formatMoney } from '../../../../../shared/money';
import { useBookingActions } from '../../use-booking-actions';
import { DetailsPanel } from './details-panel';
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
 * One booking opened from the admin's calendar: its facts with the customer's e-mail and the money,
 * and the order list's actions for it (Mark completed, No-show, Move, Cancel), whichever the
 * server allows now.
 */
export function BookingDetails({ booking, columnName, timeZone, MovePicker, onMoved, onClose }: BookingDetailsProps) {
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
  const kept = Math.max(0, booking.price - booking.refunded);

  return (
    <DetailsPanel
      entry={booking}
      columnName={columnName}
      timeZone={timeZone}
      scope={scope}
      heading={heading}
      onClose={onClose}
      moreFacts={
        <>
          <dt className="text-base-content/75">E-mail</dt>
          <dd className="truncate" title={booking.customer.email}>
            {booking.customer.email}
          </dd>
          <dt className="text-base-content/75">{booking.status === 'pending' ? 'Price' : 'Paid'}</dt>
          <dd>
            {formatMoney(booking.status === 'pending' ? booking.price : kept)}
            {booking.refunded > 0 ? `, ${formatMoney(booking.refunded)} refunded` : null}
          </dd>
        </>
      }
      actions={(customerId) => (
        <>
          <OrderActions {...rowProps} describedBy={customerId} {...disclosure} className="mt-4" />
          <MovePanel booking={booking} control={rowProps.move} {...disclosure} className="mt-4" />
        </>
      )}
    />
  );
}
