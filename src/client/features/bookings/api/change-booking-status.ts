import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingSchema, type Booking } from '@shared/payments';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

export type BookingAction = 'cancel' | 'complete' | 'no-show' | 'reopen';

/**
 * POST /api/bookings/{id}/cancel (the server refunds its share of the payment), or (admin)
 * /api/bookings/{id}/complete, /no-show, or /reopen (takes either mark back, within 24 hours).
 * Each answers the updated booking; 409 when not allowed now.
 */
export function changeBookingStatus(id: string, action: BookingAction): Promise<Booking> {
  return apiClient.post(`/api/bookings/${encodeURIComponent(id)}/${action}`, undefined, { schema: bookingSchema });
}

export function useChangeBookingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ booking, action }: { booking: Booking; action: BookingAction }) => changeBookingStatus(booking._id, action),
    // Refetched whatever happened: a refusal may mean the list was out of date, and a cancel
    // changes the payment it belonged to (refunded) as well as the booking.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.bookings }),
        queryClient.invalidateQueries({ queryKey: queryKeys.payments }),
      ]),
  });
}
