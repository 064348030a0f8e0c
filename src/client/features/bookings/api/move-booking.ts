import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingSchema, type Booking } from '@shared/payments';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/**
 * PATCH /api/bookings/{id} {startsAt, staffId?}: moves a confirmed booking to another free time of
 * the same service, with its stylist or (staffId) another, and answers it. 409 when someone took
 * the time meanwhile or the notice has run out.
 */
export function moveBooking(id: string, startsAt: string, staffId?: string): Promise<Booking> {
  return apiClient.patch(`/api/bookings/${encodeURIComponent(id)}`, { startsAt, ...(staffId ? { staffId } : {}) }, { schema: bookingSchema });
}

export function useMoveBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ booking, startsAt, staffId }: { booking: Booking; startsAt: string; staffId?: string | undefined }) =>
      moveBooking(booking._id, startsAt, staffId && staffId !== booking.staffId ? staffId : undefined),
    // Whatever happened: the free times changed (hers freed, the new one taken, or someone else's
    // took it), and the payment history lists each appointment's time.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.bookings }),
        queryClient.invalidateQueries({ queryKey: queryKeys.payments }),
        queryClient.invalidateQueries({ queryKey: ['availability'] }),
      ]),
  });
}
