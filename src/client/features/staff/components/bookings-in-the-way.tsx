import { formatSalonShortDateTime } from '../../../../shared/calendar';
import { timeOffConflictSchema, type ConflictingBooking } from '../../../../shared/staff';
import { ApiRequestError } from '../../../lib/api-client';

/** The bookings a 409 names as standing in the way of her time off or new hours (none for another error). */
export function bookingsInTheWay(err: unknown): ConflictingBooking[] {
  const conflict = err instanceof ApiRequestError && err.statusCode === 409 ? timeOffConflictSchema.safeParse(err.body) : undefined;
  return conflict?.success ? conflict.data.bookings : [];
}

/** Her bookings in the way, for the admin to move or cancel first; nothing when there are none. */
export function BookingsInTheWay({ bookings, timeZone, className = '' }: { bookings: ConflictingBooking[]; timeZone: string; className?: string }) {
  if (bookings.length === 0) return null;
  return (
    <div className={className} role="alert">
      <p className="text-sm font-semibold">Move or cancel these bookings first:</p>
      <ul className="mt-1 list-disc pl-5 text-sm">
        {bookings.map((booking) => (
          <li key={booking._id}>
            {formatSalonShortDateTime(booking.startsAt, timeZone)}: {booking.service}, {booking.customer}
          </li>
        ))}
      </ul>
    </div>
  );
}
