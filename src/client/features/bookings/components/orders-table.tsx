import { useId } from 'react';
import { CheckCheck, ClipboardList, XCircle } from 'lucide-react';
import { formatMoney } from '../../../../shared/money';
import type { Booking } from '../../../../shared/payments';
import { QueryState } from '../../../components/ui/query-state';
import { formatSalonDateTime, timesAreInZone } from '../../../../shared/calendar';
import { useBookings, type BookingFilters } from '../api/get-bookings';
import { useBookingActions } from '../use-booking-actions';
import { BookingStatusBadge } from './booking-status-badge';

interface OrdersTableProps {
  filters: BookingFilters;
  timeZone: string;
}

/** /dashboard/orderlist (admin): every booking, its customer, what was paid, and its actions. */
export function OrdersTable({ filters, timeZone }: OrdersTableProps) {
  const bookings = useBookings(filters);
  const { cancel, complete, busyId } = useBookingActions('admin');
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
          <div className="mt-6 overflow-hidden rounded-box bg-base-100 shadow-soft ring-1 ring-base-300/70" aria-busy={bookings.isFetching}>
            <p id={captionId} className="border-b border-base-300/70 px-5 py-3 text-sm text-base-content/75">
              {rows.length} {rows.length === 1 ? 'booking' : 'bookings'}. {timesAreInZone(timeZone)}.
            </p>
            <div className="hidden overflow-x-auto md:block">
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
                    <OrderRow
                      key={booking._id}
                      booking={booking}
                      timeZone={timeZone}
                      busy={busyId === booking._id}
                      onCancel={() => void cancel(booking)}
                      onComplete={() => complete(booking)}
                    />
                  ))}
                </tbody>
              </table>
            </div>
            {/* Below md each booking is a card with its actions in view, not a row scrolled off-screen. */}
            <ul aria-label="Bookings" className="divide-y divide-base-300/70 md:hidden">
              {rows.map((booking) => (
                <OrderCard
                  key={booking._id}
                  booking={booking}
                  timeZone={timeZone}
                  busy={busyId === booking._id}
                  onCancel={() => void cancel(booking)}
                  onComplete={() => complete(booking)}
                />
              ))}
            </ul>
          </div>
        );
      }}
    </QueryState>
  );
}

interface OrderRowProps {
  booking: Booking;
  timeZone: string;
  busy: boolean;
  onCancel: () => void;
  onComplete: () => void;
}

function OrderRow({ booking, timeZone, busy, onCancel, onComplete }: OrderRowProps) {
  const describedBy = useId();
  const paid = keptOf(booking);
  return (
    <tr className="align-top hover:bg-base-200/50">
      <td>
        <p id={describedBy} className="font-semibold">
          {booking.customer.name}
        </p>
        <p className="text-xs text-base-content/70">{booking.customer.email}</p>
      </td>
      <td>{booking.title}</td>
      <td className="whitespace-nowrap">
        <time dateTime={booking.startsAt}>{formatSalonDateTime(booking.startsAt, timeZone)}</time>
        <p className="text-xs text-base-content/70">{booking.duration} min</p>
      </td>
      <td>
        <BookingStatusBadge status={booking.status} />
      </td>
      <td className="text-right whitespace-nowrap">
        <p className="font-semibold">{formatMoney(paid)}</p>
        {booking.refunded > 0 ? <p className="text-xs text-base-content/70">{formatMoney(booking.refunded)} refunded</p> : null}
      </td>
      <td>
        <OrderActions booking={booking} busy={busy} describedBy={describedBy} onCancel={onCancel} onComplete={onComplete} className="justify-end" />
      </td>
    </tr>
  );
}

/** What the salon keeps of a booking: a cancelled one was refunded (in full or in part). */
const keptOf = (booking: Booking) => Math.max(0, booking.price - booking.refunded);

function OrderCard({ booking, timeZone, busy, onCancel, onComplete }: OrderRowProps) {
  const describedBy = useId();
  return (
    <li className="space-y-3 px-4 py-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p id={describedBy} className="font-semibold wrap-break-word">
            {booking.customer.name}
          </p>
          <p className="truncate text-xs text-base-content/70" title={booking.customer.email}>
            {booking.customer.email}
          </p>
        </div>
        <BookingStatusBadge status={booking.status} />
      </div>
      <div className="flex items-end justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium wrap-break-word">{booking.title}</p>
          <p className="text-sm text-base-content/75">
            <time dateTime={booking.startsAt}>{formatSalonDateTime(booking.startsAt, timeZone)}</time> · {booking.duration} min
          </p>
        </div>
        <div className="shrink-0 text-right">
          <p className="font-semibold">{formatMoney(keptOf(booking))}</p>
          {booking.refunded > 0 ? <p className="text-xs text-base-content/70">{formatMoney(booking.refunded)} refunded</p> : null}
        </div>
      </div>
      <OrderActions booking={booking} busy={busy} describedBy={describedBy} onCancel={onCancel} onComplete={onComplete} />
    </li>
  );
}

/** A booking's 'Mark completed' and 'Cancel', whichever it allows now (also the admin home's today list). */
export function OrderActions({
  booking,
  busy,
  describedBy,
  onCancel,
  onComplete,
  className = '',
}: Omit<OrderRowProps, 'timeZone'> & { describedBy: string; className?: string }) {
  if (!booking.canComplete && !booking.canCancel) return null;
  return (
    <div className={`flex flex-wrap gap-2 ${className}`.trim()}>
      {booking.canComplete ? (
        <button type="button" className="btn rounded-full whitespace-nowrap btn-sm btn-primary" disabled={busy} aria-describedby={describedBy} onClick={onComplete}>
          {busy ? <span aria-hidden="true" className="loading loading-xs loading-spinner" /> : <CheckCheck aria-hidden="true" className="size-4" />}
          Mark completed
        </button>
      ) : null}
      {booking.canCancel ? (
        <button
          type="button"
          className="btn rounded-full whitespace-nowrap btn-outline btn-sm btn-error"
          disabled={busy}
          aria-describedby={describedBy}
          onClick={onCancel}
        >
          {busy ? <span aria-hidden="true" className="loading loading-xs loading-spinner" /> : <XCircle aria-hidden="true" className="size-4" />}
          Cancel
        </button>
      ) : null}
    </div>
  );
}
