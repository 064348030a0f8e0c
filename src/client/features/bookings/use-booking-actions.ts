import type { RefObject } from 'react';
import type { Booking } from '../../../shared/payments';
import { formatSalonDateTime } from '../../../shared/calendar';
import { confirmDialog, showError, showSuccess, toast } from '../../lib/dialogs';
import { useChangeBookingStatus } from './api/change-booking-status';
import { useMoveBooking } from './api/move-booking';
import { focusTarget, keepFocusInPlace, rememberPlace } from './focus-after-action';

export interface BookingList {
  /** The element holding the list's bookings, where focus looks for the next action. */
  scope: RefObject<HTMLElement | null>;
  /** Where focus goes when no booking in the list has an action left. */
  heading: RefObject<HTMLElement | null>;
  timeZone: string;
}

/**
 * Cancel (asks first; the server refunds), move, mark completed and mark a no-show, with the
 * dialogs the user home, the order list and the admin's today list show. `audience` only changes
 * who the messages speak to. When a dialog closes, focus goes to the booking's next action, or a
 * neighbour's, or the list's heading (never <body>: the next Tab would restart at the top).
 */
export function useBookingActions(audience: 'customer' | 'admin', list: BookingList) {
  const change = useChangeBookingStatus();
  const moving = useMoveBooking();
  const placeOf = (booking: Booking) => rememberPlace(list.scope.current, booking._id, list.heading.current);

  const cancel = async (booking: Booking) => {
    const confirmed = await confirmDialog({
      title: 'Cancel this appointment?',
      text: 'The payment for it will be refunded.',
      icon: 'warning',
      confirmButtonText: 'Yes, cancel it',
      cancelButtonText: 'Keep it',
    });
    if (!confirmed) return;
    const place = placeOf(booking);
    change.mutate(
      { booking, action: 'cancel' },
      {
        onSuccess: () =>
          void showSuccess({
            title: 'Appointment cancelled',
            text: audience === 'customer' ? 'Your refund is on its way.' : `${booking.customer.name}'s refund is on its way.`,
            focusAfter: () => focusTarget(place),
          }),
        onError: (error) => void showError({ title: 'The appointment was not cancelled', text: error.message, focusAfter: () => focusTarget(place) }),
      },
    );
  };

  /** Saves a new time chosen in the time picker; rejects with the server's refusal, which the picker shows. */
  const move = async (booking: Booking, startsAt: string) => {
    const place = placeOf(booking);
    const moved = await moving.mutateAsync({ booking, startsAt });
    void showSuccess({
      title: 'Appointment moved',
      text: `${moved.title} is now on ${formatSalonDateTime(moved.startsAt, list.timeZone)}.`,
      focusAfter: () => focusTarget(place),
    });
    return moved;
  };

  const mark = (booking: Booking, action: 'complete' | 'no-show') => {
    const place = placeOf(booking);
    const done = action === 'complete' ? 'marked completed' : 'marked a no-show';
    change.mutate(
      { booking, action },
      {
        onSuccess: () => {
          void toast({ title: `${booking.title} ${done}` });
          keepFocusInPlace(place);
        },
        onError: (error) => void showError({ title: `The appointment was not ${done}`, text: error.message, focusAfter: () => focusTarget(place) }),
      },
    );
  };

  return {
    cancel,
    move,
    complete: (booking: Booking) => mark(booking, 'complete'),
    noShow: (booking: Booking) => mark(booking, 'no-show'),
    busyId: change.isPending ? change.variables.booking._id : moving.isPending ? moving.variables.booking._id : null,
  };
}
