import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { counterPaymentInputSchema } from '@shared/deposits';
import { bookingSchema, type Booking } from '@shared/payments';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

export type CounterPaymentInput = z.infer<typeof counterPaymentInputSchema>;

/**
 * POST /api/bookings/{id}/counter-payments {amount, method} (admin): money taken at the salon for
 * a visit. Answers the booking with its new figures; 409 when it owes less than that (or nothing).
 */
export function recordCounterPayment(id: string, input: CounterPaymentInput): Promise<Booking> {
  return apiClient.post(`/api/bookings/${encodeURIComponent(id)}/counter-payments`, input, { schema: bookingSchema });
}

export function useRecordCounterPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ booking, input }: { booking: Booking; input: CounterPaymentInput }) => recordCounterPayment(booking._id, input),
    // Refetched whatever happened: a refusal may mean another desk took the money meanwhile. The
    // admin home's figures sit beneath ['bookings'].
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.bookings }),
  });
}
