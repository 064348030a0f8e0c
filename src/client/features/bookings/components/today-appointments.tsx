import { useId, useRef, type ComponentType } from 'react';
import { CalendarCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/ui/query-state';
import { SalonText } from '@/components/ui/salon-text';
import { TimesInZone, useSalonFormat } from '@/hooks/use-salon-format';
import { useBookings } from '../api/get-bookings';
import { useBookingActions } from '../use-booking-actions';
import { BookingStatusBadge } from './booking-status-badge';
import { HandBackOf, OrderActions, rowPropsOf, type BookingRowProps } from './orders-table';
import { MovePanel, useMoveControls, useMoveDisclosure, type MovePickerProps } from './move-appointment';
import { RecordPanel, useRecordControls } from './record-payment';

/**
 * The salon day's appointments in time order, each with the order list's actions. A list of
 * cards rather than a table: on a phone every action stays on screen.
 */
export function TodayAppointments({ date, timeZone, MovePicker }: { date: string; timeZone: string; MovePicker?: ComponentType<MovePickerProps> | undefined }) {
  const bookings = useBookings({ from: date, to: date, when: 'all' });
  const scope = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLParagraphElement>(null);
  const actions = useBookingActions('admin', { scope, heading, timeZone });
  const rowProps = rowPropsOf(actions, timeZone, useMoveControls(MovePicker, actions.move), useRecordControls(actions.record));
  const { t } = useTranslation('admin');

  return (
    <QueryState
      query={bookings}
      loading={{
        label: t('today.loading'),
        rows: 3,
        row: (
          <>
            <div className="skeleton h-4 w-12" />
            <div className="flex-1 space-y-2">
              <div className="skeleton h-3.5 w-2/5" />
              <div className="skeleton h-3 w-3/5" />
            </div>
          </>
        ),
      }}
      empty={{ icon: CalendarCheck, title: t('today.emptyTitle'), message: t('today.emptyText') }}
    >
      {(loaded) => {
        const rows = [...loaded].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
        return (
          <div ref={scope} className="rounded-box bg-base-100 shadow-soft ring-1 ring-base-300/70" aria-busy={bookings.isFetching}>
            <p ref={heading} className="border-b border-base-300/70 px-4 py-2.5 text-sm text-base-content/75">
              {t('today.count', { count: rows.length })}. <TimesInZone timeZone={timeZone} />.
            </p>
            <ul aria-label={t('today.label')} className="divide-y divide-base-300/70">
              {rows.map((booking) => (
                <TodayRow key={booking._id} {...rowProps(booking)} />
              ))}
            </ul>
          </div>
        );
      }}
    </QueryState>
  );
}

function TodayRow(props: BookingRowProps) {
  const { booking, timeZone } = props;
  const { t } = useTranslation('admin');
  const format = useSalonFormat();
  const describedBy = useId();
  const disclosure = useMoveDisclosure(props.move);
  const recordDisclosure = useMoveDisclosure(props.record);
  return (
    <li data-booking-id={booking._id} className="flex flex-wrap items-start gap-x-4 gap-y-2 px-4 py-3">
      <time dateTime={booking.startsAt} className="w-12 shrink-0 pt-0.5 font-semibold tabular-nums">
        {format.time(booking.startsAt, timeZone)}
      </time>
      <div className="min-w-0 flex-1">
        <p id={describedBy} className="font-semibold" translate="no">
          {booking.customer.name}
        </p>
        <p className="text-sm text-base-content/75 wrap-break-word">
          <SalonText en={booking.title} bn={booking.title_bn} /> · {t('minutes', { count: booking.duration })}
          {booking.staffName ? ` · ${t('withStylist', { name: booking.staffName })}` : null}
        </p>
      </div>
      <BookingStatusBadge status={booking.status} />
      {/* A visit she cancelled online after paying at the counter: the money she is owed, across the row. */}
      <HandBackOf {...props} describedBy={describedBy} className="w-full pl-16" />
      <OrderActions {...props} describedBy={describedBy} {...disclosure} recordDisclosure={recordDisclosure} className="w-full justify-end sm:w-auto" />
      <MovePanel booking={booking} control={props.move} {...disclosure} className="w-full" />
      <RecordPanel booking={booking} control={props.record} {...recordDisclosure} className="w-full" />
    </li>
  );
}
