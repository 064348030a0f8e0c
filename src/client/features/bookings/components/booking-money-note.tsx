import type { Booking } from '../../../../shared/payments';
import { bookingMoneyLine } from '../booking-money';

/** Under a visit in a list: where its money stands ('Deposit paid ৳360 · ৳840 due at the salon'), when there is something to say. */
export function BookingMoneyNote({ booking }: { booking: Pick<Booking, 'status' | 'money'> }) {
  const line = bookingMoneyLine(booking);
  return line ? (
    <p className="text-sm text-base-content/75" data-booking-money="">
      {line}
    </p>
  ) : null;
}
