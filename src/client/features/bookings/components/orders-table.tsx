import { useId } from 'react';
import { CheckCheck, ClipboardList, XCircle } from 'lucide-react';
import { formatMoney } from '../../../../shared/money';
import type { Booking } from '../../../../shared/payments';
import { QueryState } from '../../../components/ui/query-state';
import { formatSalonDateTime, timesAreInZone } from '../../../lib/salon-time';
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
            <div className="overflow-x-auto">
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
  // What the salon keeps of this booking: a cancelled one was refunded (in full or in part).
  const paid = Math.max(0, booking.price - booking.refunded);
  return (
    <tr className="align-top hover:bg-base-200/50">
      <td>
        <p id={describedBy} className="font-semibold [overflow-wrap:anywhere]">
          {booking.customer.name}
        </p>
        <p className="text-xs text-base-content/70 [overflow-wrap:anywhere]">{booking.customer.email}</p>
      </td>
      <td className="[overflow-wrap:anywhere]">{booking.title}</td>
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
        <div className="flex flex-wrap justify-end gap-2">
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
      </td>
    </tr>
  );
}
