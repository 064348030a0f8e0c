import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingSchema, type Booking } from '@shared/payments';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/**
 * POST /api/bookings/{id}/counter-refund/handed-back (admin): the desk gave back the counter money
 * of a visit she cancelled online. Answers the booking with it given back; 409 when another desk
 * recorded it first, 404 when the visit has nothing to give back.
 */
export function handBackCounterMoney(id: string): Promise<Booking> {
  return apiClient.post(`/api/bookings/${encodeURIComponent(id)}/counter-refund/handed-back`, undefined, { schema: bookingSchema });
}

export function useHandBackCounterMoney() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ booking }: { booking: Booking }) => handBackCounterMoney(booking._id),
    // Refetched whatever happened: a 409 means another desk gave it back meanwhile, which the list
    // then shows. Her payment history shows it too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.bookings }),
        queryClient.invalidateQueries({ queryKey: queryKeys.payments }),
      ]),
  });
}
