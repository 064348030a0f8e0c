import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acknowledgedSchema } from '@shared/results';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** POST /api/admin/waitlist/{id}/offer: holds `startsAt` for her and e-mails her, as the sweep does. */
export function offerByHand({ wishId, startsAt }: { wishId: string; startsAt: string }) {
  return apiClient.post(`/api/admin/waitlist/${wishId}/offer`, { startsAt }, { schema: acknowledgedSchema });
}

export function useOfferByHand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: offerByHand,
    // The offer holds a time: the calendar's day changes too.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.waitlist }), queryClient.invalidateQueries({ queryKey: queryKeys.bookings })]),
  });
}
