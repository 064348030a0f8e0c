import { useRef, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '@shared/phone';
import type { Booking } from '@shared/payments';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { useBookingActions } from '@/features/bookings/use-booking-actions';
import { DetailsPanel } from './details-panel';
import { MovePanel, useMoveControls, useMoveDisclosure, type MovePickerProps } from '../move-appointment';
import { OrderActions, PaidFigures, rowPropsOf } from '../orders-table';
import { RecordPanel, useRecordControls } from '../record-payment';

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
 * and the order list's actions for it (Mark completed, No-show, Record payment, Move, Cancel), whichever the
 * server allows now.
 */
export function BookingDetails({ booking, columnName, timeZone, MovePicker, onMoved, onClose }: BookingDetailsProps) {
  const { t } = useTranslation('calendar');
  const { money } = useSalonFormat();
  const scope = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const actions = useBookingActions('admin', { scope, heading, timeZone });
  const moveOf = useMoveControls(MovePicker, async (current: Booking, startsAt: string, stylist?: { _id: string; name: string }) => {
    const moved = await actions.move(current, startsAt, stylist);
    if (moved) onMoved(moved);
    return moved;
  });
  const rowProps = rowPropsOf(actions, timeZone, moveOf, useRecordControls(actions.record))(booking);
  const disclosure = useMoveDisclosure(rowProps.move);
  const recordDisclosure = useMoveDisclosure(rowProps.record);

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
          {booking.customer.email ? (
            <>
              <dt className="text-base-content/75">{t('details.email')}</dt>
              <dd className="truncate" title={booking.customer.email} translate="no">
                {booking.customer.email}
              </dd>
            </>
          ) : null}
          {booking.customer.phone ? (
            <>
              <dt className="text-base-content/75">{t('details.phone')}</dt>
              <dd translate="no">
                <a className="link" href={`tel:${booking.customer.phone}`}>
                  {formatPhone(booking.customer.phone)}
                </a>
              </dd>
            </>
          ) : null}
          <dt className="text-base-content/75">{booking.status === 'pending' ? t('details.price') : t('details.paid')}</dt>
          <dd>{booking.status === 'pending' ? money(booking.price) : <PaidFigures booking={booking} />}</dd>
        </>
      }
      actions={(customerId) => (
        <>
          <OrderActions {...rowProps} describedBy={customerId} {...disclosure} recordDisclosure={recordDisclosure} className="mt-4" />
          <MovePanel booking={booking} control={rowProps.move} {...disclosure} className="mt-4" />
          <RecordPanel booking={booking} control={rowProps.record} {...recordDisclosure} className="mt-4" />
        </>
      )}
    />
  );
}
