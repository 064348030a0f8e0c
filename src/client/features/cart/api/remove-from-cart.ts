import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acknowledgedSchema } from '@shared/results';
import { apiClient } from '@/lib/api-client';
import { queryKeys, readAgainAfterWrite } from '@/lib/query-client';

/** DELETE /api/cart/{id}: answers {acknowledged: true}; someone else's item is a 404. */
export function removeFromCart(id: string) {
  return apiClient.delete(`/api/cart/${id}`, { schema: acknowledgedSchema });
}

export function useRemoveFromCart(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromCart,
    // Refetched whatever happened: a 404 means the list on screen was out of date.
    onSettled: () => readAgainAfterWrite(queryClient, queryKeys.cart(email)),
  });
}
