import type { Booking } from '../../../shared/payments';
import { confirmDialog, showError, showSuccess, toast } from '../../lib/dialogs';
import { useChangeBookingStatus } from './api/change-booking-status';

/**
 * Cancel (asks first; the server refunds) and mark completed, with the dialogs both the user
 * home and the order list show. `audience` only changes who the refund message speaks to.
 */
export function useBookingActions(audience: 'customer' | 'admin') {
  const change = useChangeBookingStatus();

  const cancel = async (booking: Booking) => {
    const confirmed = await confirmDialog({
      title: 'Cancel this appointment?',
      text: 'The payment for it will be refunded.',
      icon: 'warning',
      confirmButtonText: 'Yes, cancel it',
      cancelButtonText: 'Keep it',
    });
    if (!confirmed) return;
    change.mutate(
      { booking, action: 'cancel' },
      {
        onSuccess: () =>
          void showSuccess({
            title: 'Appointment cancelled',
            text: audience === 'customer' ? 'Your refund is on its way.' : `${booking.customer.name}'s refund is on its way.`,
          }),
        onError: (error) => void showError({ title: 'The appointment was not cancelled', text: error.message }),
      },
    );
  };

  const complete = (booking: Booking) => {
    change.mutate(
      { booking, action: 'complete' },
      {
        onSuccess: () => void toast({ title: `${booking.title} marked completed` }),
        onError: (error) => void showError({ title: 'The appointment was not marked completed', text: error.message }),
      },
    );
  };

  return { cancel, complete, busyId: change.isPending ? change.variables.booking._id : null };
}
