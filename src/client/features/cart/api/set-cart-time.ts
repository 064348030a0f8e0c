import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartItemSchema, type CartItem } from '../../../../shared/cart';
import { ApiRequestError, apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-client';
import { availabilityQueryKey } from './get-availability';

/**
 * PATCH /api/cart/{id} {startsAt}: holds that time for the item for the salon's hold minutes and
 * answers the updated item; null lets the time go. 409 when someone else took the last place.
 */
export function setCartTime(id: string, startsAt: string | null): Promise<CartItem> {
  return apiClient.patch(`/api/cart/${id}`, { startsAt }, { schema: cartItemSchema });
}

export function useSetCartTime(email: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.cart(email);
  return useMutation({
    mutationFn: ({ item, startsAt }: { item: CartItem; startsAt: string | null }) => setCartTime(item._id, startsAt),
    onSuccess: (updated) => {
      // The answer carries the new hold: show it at once rather than after a refetch.
      queryClient.setQueryData<CartItem[]>(key, (items) => items?.map((entry) => (entry._id === updated._id ? updated : entry)));
      // Her other items may no longer be offered the times that now overlap this one.
      void queryClient.invalidateQueries({ queryKey: ['availability'] });
    },
    onError: (error, { item }) => {
      // The offered times were out of date: ask again so the taken one disappears.
      if (error instanceof ApiRequestError && error.statusCode === 409) {
        void queryClient.invalidateQueries({ queryKey: availabilityQueryKey({ serviceId: item.cartItemId }) });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
