import { CustomerContactText } from '../../../components/ui/customer-contact';
import { useId, useRef, useSyncExternalStore, type ComponentType } from 'react';
import { CheckCheck, ClipboardList, UserX, XCircle } from 'lucide-react';
import { formatMoney } from '../../../../shared/money';
import type { Booking } from '../../../../shared/payments';
import { withStylist } from '../../../../shared/staff';
import { QueryState } from '../../../components/ui/query-state';
import { formatSalonDateTime, timesAreInZone } from '../../../../shared/calendar';
import { useBookings, type BookingFilters } from '../api/get-bookings';
import { useBookingActions } from '../use-booking-actions';
import { BookingStatusBadge } from './booking-status-badge';
import { MoveButton, MovePanel, useMoveControls, useMoveDisclosure, type MoveControl, type MoveDisclosure, type MovePickerProps } from './move-appointment';
import { TableScrollBox } from '../../../components/ui/table-scroll-box';
import { bookingMoneyLine, bookingPaid } from '../booking-money';
import { BookingMoneyNote } from './booking-money-note';
import { RecordButton, RecordPanel, useRecordControls, type RecordControl } from './record-payment';

interface OrdersTableProps {
  filters: BookingFilters;
  timeZone: string;
  /** The time picker 'Move' opens; without one no Move is offered. */
  MovePicker?: ComponentType<MovePickerProps> | undefined;
}

/** /dashboard/orderlist (admin): every booking, its customer, what was paid, and its actions. */
export function OrdersTable({ filters, timeZone, MovePicker }: OrdersTableProps) {
  const bookings = useBookings(filters);
  const scope = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLParagraphElement>(null);
  const actions = useBookingActions('admin', { scope, heading, timeZone });
  const rowProps = rowPropsOf(actions, timeZone, useMoveControls(MovePicker, actions.move), useRecordControls(actions.record));
  // Both layouts are drawn and one is hidden by CSS; the open time picker goes only into the one shown.
  const wide = useMediaQuery(WIDE);
  const captionId = useId();
  const isFiltered = Boolean(filters.from || filters.to || filters.status);

  return (
    <QueryState
      query={bookings}
      className="mt-6"
      loading={{
        label: 'Loading the bookings',
        rows: 4,
        row: (
          <>
            <div className="flex-1 space-y-2">
              <div className="skeleton h-3.5 w-2/5" />
              <div className="skeleton h-3 w-3/5" />
            </div>
            <div className="skeleton h-4 w-32" />
            <div className="skeleton h-8 w-28 rounded-full" />
          </>
        ),
      }}
      empty={{
        icon: ClipboardList,
        title: isFiltered ? 'No bookings match these filters' : 'No bookings yet',
        message: isFiltered ? 'Try a wider date range or another status.' : 'When customers pay for appointments, they appear here.',
      }}
    >
      {(loaded) => {
        // Latest first: the filters narrow it to a day or a week when the salon needs that.
        const rows = [...loaded].sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt));
        return (
          <div ref={scope} className="mt-6 overflow-hidden rounded-box bg-base-100 shadow-soft ring-1 ring-base-300/70" aria-busy={bookings.isFetching}>
            <p ref={heading} id={captionId} className="border-b border-base-300/70 px-5 py-3 text-sm text-base-content/75">
              {rows.length} {rows.length === 1 ? 'booking' : 'bookings'}. {timesAreInZone(timeZone)}.
            </p>
            {/* Six columns and up to four actions a row: beside the dashboard menu the table only fits from
                1280 px, so tablets get the cards too, with every action in view. */}
            <TableScrollBox label="Bookings" className="hidden xl:block">
              <table className="table table-sm sm:table-md" aria-describedby={captionId}>
                <caption className="sr-only">Bookings</caption>
                <thead>
                  <tr className="text-xs tracking-wide text-base-content/75 uppercase">
                    <th scope="col">Customer</th>
                    <th scope="col">Service</th>
                    <th scope="col">Time</th>
                    <th scope="col">Status</th>
                    <th scope="col" className="text-right">
                      Paid
                    </th>
                    <th scope="col" className="text-right">
                      <span className="sr-only sm:not-sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((booking) => (
                    <OrderRow key={booking._id} {...rowProps(booking)} showsPicker={wide} />
                  ))}
                </tbody>
              </table>
            </TableScrollBox>
            {/* Below md each booking is a card with its actions in view, not a row scrolled off-screen. */}
            <ul aria-label="Bookings" className="divide-y divide-base-300/70 xl:hidden">
              {rows.map((booking) => (
                <OrderCard key={booking._id} {...rowProps(booking)} showsPicker={!wide} />
              ))}
            </ul>
          </div>
        );
      }}
    </QueryState>
  );
}

/** What each row of an admin list of bookings is given: the booking and its actions. */
export interface BookingRowProps {
  booking: Booking;
  timeZone: string;
  busy: boolean;
  onCancel: () => void;
  onComplete: () => void;
  onNoShow: () => void;
  /** 'Move' and its time picker, when the booking may be moved and the page offers a picker. */
  move: MoveControl | undefined;
  /** 'Record payment' and its form, when the booking owes money and the list lets the salon record it. */
  record?: RecordControl | undefined;
}

/** Binds a list's actions (useBookingActions) and its Move pickers (useMoveControls) to each of its rows. */
export function rowPropsOf(
  actions: ReturnType<typeof useBookingActions>,
  timeZone: string,
  moveOf: (booking: Booking) => MoveControl | undefined,
  recordOf?: (booking: Booking) => RecordControl | undefined,
) {
  return (booking: Booking): BookingRowProps => ({
    move: moveOf(booking),
    record: recordOf?.(booking),
    booking,
    timeZone,
    busy: actions.busyId === booking._id,
    onCancel: () => void actions.cancel(booking),
    onComplete: () => actions.complete(booking),
    onNoShow: () => actions.noShow(booking),
  });
}

/** Tailwind's xl, where the order list's table takes over from its cards. */
const WIDE = '(min-width: 80rem)';

/** Whether a media query matches now, following its changes (false where there are no media queries). */
function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

interface LayoutProps extends BookingRowProps {
  /** Whether the open time picker goes in this layout (the one shown at this width). */
  showsPicker: boolean;
}

function OrderRow({ showsPicker, ...props }: LayoutProps) {
  const { booking, timeZone } = props;
  const describedBy = useId();
  const disclosure = useMoveDisclosure(props.move);
  const recordDisclosure = useMoveDisclosure(props.record);
  return (
    <>
    <tr className="align-top hover:bg-base-200/50" data-booking-id={booking._id}>
      <td>
        <p id={describedBy} className="font-semibold">
          {booking.customer.name}
        </p>
        <CustomerContactText customer={booking.customer} />
      </td>
      <td>
        {booking.title}
        <StylistLine booking={booking} />
      </td>
      <td className="whitespace-nowrap">
        <time dateTime={booking.startsAt}>{formatSalonDateTime(booking.startsAt, timeZone)}</time>
        <p className="text-xs text-base-content/70">{booking.duration} min</p>
      </td>
      <td>
        <BookingStatusBadge status={booking.status} />
      </td>
      <td className="text-right">
        {/* Room for 'Paid in full' on one line; a longer line wraps between its words. */}
        <PaidFigures booking={booking} className="min-w-32" />
      </td>
      <td>
        <OrderActions {...props} describedBy={describedBy} {...disclosure} recordDisclosure={recordDisclosure} showsPicker={showsPicker} className="justify-end" />
      </td>
    </tr>
    {showsPicker && (props.record?.open || props.move?.open) ? (
      // The open form or time picker takes the table's whole width, in a row under the booking's.
      <tr data-booking-id={booking._id}>
        <td colSpan={6} className="space-y-3">
          <RecordPanel booking={booking} control={props.record} {...recordDisclosure} />
          <MovePanel booking={booking} control={props.move} {...disclosure} />
        </td>
      </tr>
    ) : null}
    </>
  );
}

/** Who does the visit, under the service (a line, not a column: the cards at 390 px have no room for one). */
function StylistLine({ booking }: { booking: Booking }) {
  return booking.staffName ? <p className="text-xs text-base-content/70 wrap-break-word">{withStylist(booking.staffName)}</p> : null;
}

/**
 * What a booking has brought in (online and at the counter), what was refunded, and in words where
 * its money stands ('Deposit paid ৳360 · ৳840 due at the salon'). Short lines that wrap between
 * words at 320 px, never inside one.
 */
export function PaidFigures({ booking, className = '' }: { booking: Booking; className?: string }) {
  const line = bookingMoneyLine(booking);
  return (
    <div className={className} data-booking-money="">
      <p className="font-semibold">{formatMoney(bookingPaid(booking))}</p>
      {line ? <p className="text-xs text-base-content/70">{line}</p> : null}
      <RefundLines booking={booking} />
    </div>
  );
}

/** What went back: refunded online, and handed back at the counter when the visit was cancelled. */
function RefundLines({ booking }: { booking: Booking }) {
  return (
    <>
      {booking.refunded > 0 ? <p className="text-xs text-base-content/70">{formatMoney(booking.refunded)} refunded</p> : null}
      {booking.money.handedBack > 0 ? <p className="text-xs text-base-content/70">{formatMoney(booking.money.handedBack)} given back at the counter</p> : null}
    </>
  );
}

function OrderCard({ showsPicker, ...props }: LayoutProps) {
  const { booking, timeZone } = props;
  const describedBy = useId();
  const disclosure = useMoveDisclosure(props.move);
  const recordDisclosure = useMoveDisclosure(props.record);
  return (
    <li className="space-y-3 px-4 py-4" data-booking-id={booking._id}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p id={describedBy} className="font-semibold wrap-break-word">
            {booking.customer.name}
          </p>
          <CustomerContactText customer={booking.customer} truncate />
        </div>
        <BookingStatusBadge status={booking.status} />
      </div>
      <div className="flex items-end justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium wrap-break-word">{booking.title}</p>
          <StylistLine booking={booking} />
          <p className="text-sm text-base-content/75">
            <time dateTime={booking.startsAt}>{formatSalonDateTime(booking.startsAt, timeZone)}</time> · {booking.duration} min
          </p>
          {/* Under the visit, where a phone has the width for it; the figure stays at the right. */}
          <BookingMoneyNote booking={booking} />
        </div>
        <div className="shrink-0 text-right">
          <p className="font-semibold">{formatMoney(bookingPaid(booking))}</p>
          <RefundLines booking={booking} />
        </div>
      </div>
      <OrderActions {...props} describedBy={describedBy} {...disclosure} recordDisclosure={recordDisclosure} showsPicker={showsPicker} />
      {showsPicker ? <MovePanel booking={booking} control={props.move} {...disclosure} /> : null}
      {showsPicker ? <RecordPanel booking={booking} control={props.record} {...recordDisclosure} /> : null}
    </li>
  );
}

/** Which booking a button acts on, for its accessible name: 'Classic Manicure on Sat, 9 Mar 2030, 10:30'. */
export function bookingName(booking: Booking, timeZone: string): string {
  return `${booking.title} on ${formatSalonDateTime(booking.startsAt, timeZone)}`;
}

/**
 * A booking's 'Mark completed', 'No-show', 'Record payment', 'Move' and 'Cancel', whichever it allows now (also the
 * admin home's today list). A visit whose time has come is either completed or missed: both are
 * offered when one of them is. Each button's name says which booking it acts on; the customer is
 * its description.
 */
export function OrderActions({
  booking,
  timeZone,
  busy,
  describedBy,
  onCancel,
  onComplete,
  onNoShow,
  move,
  record,
  panelId,
  buttonRef,
  recordDisclosure,
  showsPicker = true,
  className = '',
}: BookingRowProps &
  Omit<MoveDisclosure, 'close'> & {
    describedBy: string;
    /** 'Record payment's own button ref and form id (given with `record`). */
    recordDisclosure?: Omit<MoveDisclosure, 'close'>;
    showsPicker?: boolean;
    className?: string;
  }) {
  if (!booking.canComplete && !booking.canCancel && !move && !record) return null;
  const which = bookingName(booking, timeZone);
  const spinner = <span aria-hidden="true" className="loading loading-xs loading-spinner" />;
  const common = { type: 'button', disabled: busy, 'aria-describedby': describedBy, 'data-booking-action': '' } as const;
  return (
    <div className={`flex flex-wrap gap-2 ${className}`.trim()}>
      {booking.canComplete ? (
        <>
          <button {...common} aria-label={`Mark completed ${which}`} className="btn rounded-full whitespace-nowrap btn-sm btn-primary" onClick={onComplete}>
            {busy ? spinner : <CheckCheck aria-hidden="true" className="size-4" />}
            Mark completed
          </button>
          <button {...common} aria-label={`No-show ${which}`} className="btn rounded-full whitespace-nowrap btn-outline btn-sm btn-warning" onClick={onNoShow}>
            {busy ? spinner : <UserX aria-hidden="true" className="size-4" />}
            No-show
          </button>
        </>
      ) : null}
      {record && recordDisclosure ? (
        <RecordButton control={record} {...recordDisclosure} which={which} busy={busy} describedBy={describedBy} controlsPanel={showsPicker} />
      ) : null}
      {move ? <MoveButton control={move} panelId={panelId} buttonRef={buttonRef} which={which} busy={busy} describedBy={describedBy} controlsPanel={showsPicker} /> : null}
      {booking.canCancel ? (
        <button {...common} aria-label={`Cancel ${which}`} className="btn rounded-full whitespace-nowrap btn-outline btn-sm btn-error" onClick={onCancel}>
          {busy ? spinner : <XCircle aria-hidden="true" className="size-4" />}
          Cancel
        </button>
      ) : null}
    </div>
  );
}
