import type { RefObject } from 'react';
import type { Booking } from '../../../shared/payments';
import { formatSalonDateTime, formatSalonShortDateTime } from '../../../shared/calendar';
import { cancellationWords } from './booking-money';
import { confirmDialog, showError, showSuccess, toast, undoToast } from '../../lib/dialogs';
import { useChangeBookingStatus } from './api/change-booking-status';
import { useMoveBooking } from './api/move-booking';
import { useRecordCounterPayment, type CounterPaymentInput } from './api/record-counter-payment';
import { COUNTER_METHOD_LABELS } from '../../../shared/deposits';
import { formatMoney } from '../../../shared/money';
import { focusTarget, keepFocusInPlace, rememberPlace } from './focus-after-action';

export interface BookingList {
  /** The element holding the list's bookings, where focus looks for the next action. */
  scope: RefObject<HTMLElement | null>;
  /** Where focus goes when no booking in the list has an action left. */
  heading: RefObject<HTMLElement | null>;
  timeZone: string;
  /** The salon's cancellation notice, so the cancel dialog says whether her deposit is kept. */
  cancelNoticeHours?: number | undefined;
}

/**
 * Cancel, move, mark completed and mark a no-show, each asked first in a dialog that names the
 * visit ('Move Classic Manicure to Sat 28 Nov 11:30?'), as the user home, the order list and the
 * admin's today list show them. A mark can be taken back: a toast offers 'Undo' for a few seconds.
 * `audience` only changes who the messages speak to. When a dialog closes, focus goes to the
 * booking's next action, or a neighbour's, or the list's heading (never <body>: the next Tab would
 * restart at the top).
 */
export function useBookingActions(audience: 'customer' | 'admin', list: BookingList) {
  const change = useChangeBookingStatus();
  const moving = useMoveBooking();
  const recording = useRecordCounterPayment();
  const placeOf = (booking: Booking) => rememberPlace(list.scope.current, booking._id, list.heading.current);
  const when = (instant: string) => formatSalonShortDateTime(instant, list.timeZone);

  const cancel = async (booking: Booking) => {
    const words = cancellationWords(booking, audience, list.cancelNoticeHours);
    const confirmed = await confirmDialog({
      title: `Cancel ${booking.title} on ${when(booking.startsAt)}?`,
      text: words.warning,
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
            text: words.done,
            focusAfter: () => focusTarget(place),
          }),
        onError: (error) => void showError({ title: 'The appointment was not cancelled', text: error.message, focusAfter: () => focusTarget(place) }),
      },
    );
  };

  /**
   * Saves a new time chosen in the time picker once she confirms it; rejects with the server's
   * refusal, which the picker shows. Answers undefined when she thought better of it (the picker
   * stays open).
   */
  const move = async (booking: Booking, startsAt: string, stylist?: { _id: string; name: string }) => {
    const another = stylist && stylist._id !== booking.staffId ? stylist : undefined;
    const confirmed = await confirmDialog({
      title: `Move ${booking.title} to ${when(startsAt)}${another ? ` with ${another.name}` : ''}?`,
      text: audience === 'customer' ? undefined : `${booking.customer.name} gets an e-mail with the new time.`,
      icon: 'question',
      confirmButtonText: 'Yes, move it',
      cancelButtonText: 'Keep the time',
    });
    if (!confirmed) return undefined;
    const place = placeOf(booking);
    const moved = await moving.mutateAsync({ booking, startsAt, staffId: another?._id });
    void showSuccess({
      title: 'Appointment moved',
      text: `${moved.title} is now on ${formatSalonDateTime(moved.startsAt, list.timeZone)}${another && moved.staffName ? ` with ${moved.staffName}` : ''}.`,
      focusAfter: () => focusTarget(place),
    });
    return moved;
  };

  /** 'Undo' after a mark: back to confirmed (the server allows it for 24 hours). */
  const reopen = (booking: Booking, place: ReturnType<typeof placeOf>) =>
    change.mutate(
      { booking, action: 'reopen' },
      {
        onSuccess: () => {
          void toast({ title: `${booking.title} is confirmed again` });
          keepFocusInPlace(place);
        },
        onError: (error) => void showError({ title: 'The mark was not undone', text: error.message, focusAfter: () => focusTarget(place) }),
      },
    );

  const mark = async (booking: Booking, action: 'complete' | 'no-show') => {
    const confirmed = await confirmDialog({
      title: `Mark ${booking.title} for ${booking.customer.name} on ${when(booking.startsAt)} as ${action === 'complete' ? 'completed' : 'a no-show'}?`,
      icon: 'question',
      confirmButtonText: action === 'complete' ? 'Yes, completed' : 'Yes, a no-show',
      cancelButtonText: 'Not yet',
    });
    if (!confirmed) return;
    const place = placeOf(booking);
    const done = action === 'complete' ? 'marked completed' : 'marked a no-show';
    change.mutate(
      { booking, action },
      {
        onSuccess: () => {
          void undoToast({ title: `${booking.title} ${done}`, focusAfter: () => focusTarget(place) }).then((undo) => {
            if (undo) reopen(booking, place);
          });
          keepFocusInPlace(place);
        },
        onError: (error) => void showError({ title: `The appointment was not ${done}`, text: error.message, focusAfter: () => focusTarget(place) }),
      },
    );
  };

  /**
   * Money taken at the counter (admin): saved, then a toast says so. Rejects with the server's
   * refusal, which the form shows under the amount. Focus stays in the list: on the booking's
   * next action when 'Record payment' has gone (the visit is paid in full).
   */
  const record = async (booking: Booking, input: CounterPaymentInput) => {
    const place = placeOf(booking);
    const recorded = await recording.mutateAsync({ booking, input });
    void toast({ title: `${formatMoney(input.amount)} by ${COUNTER_METHOD_LABELS[input.method]} recorded for ${booking.customer.name}` });
    keepFocusInPlace(place);
    return recorded;
  };

  return {
    cancel,
    record,
    move,
    complete: (booking: Booking) => void mark(booking, 'complete'),
    noShow: (booking: Booking) => void mark(booking, 'no-show'),
    busyId: change.isPending
      ? change.variables.booking._id
      : moving.isPending
        ? moving.variables.booking._id
        : recording.isPending
          ? recording.variables.booking._id
          : null,
  };
}
