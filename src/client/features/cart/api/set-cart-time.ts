import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartItemSchema, type CartItem } from '@shared/cart';
import { ApiRequestError, apiClient } from '@/lib/api-client';
import { queryKeys, readAgainAfterWrite } from '@/lib/query-client';
import { availabilityQueryKey } from './get-availability';

/**
 * PATCH /api/cart/{id} {startsAt, staffId?}: holds that time for the item for the salon's hold
 * minutes and answers the updated item; null lets the time go. `staffId` is the stylist she wants
 * (null: any, and the answer's staffName says who was given the time); left out, the body is the
 * one a salon without stylists has always sent. 409 when someone else took the last place or the
 * stylist is busy then.
 */
export function setCartTime(id: string, startsAt: string | null, staffId?: string | null): Promise<CartItem> {
  const body = staffId === undefined ? { startsAt } : { startsAt, staffId };
  return apiClient.patch(`/api/cart/${id}`, body, { schema: cartItemSchema });
}

/**
 * The stylist to send again when the item's time is sent again (a renewal): the one she asked for,
 * or null when she asked for any; nothing for a salon without stylists.
 */
export function stylistChoiceOf(item: CartItem): string | null | undefined {
  if (!item.anyStylist) return item.staffId;
  return item.staffId === null ? undefined : null;
}

export interface CartTimeChange {
  item: CartItem;
  startsAt: string | null;
  staffId?: string | null;
}

export function useSetCartTime(email: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.cart(email);
  return useMutation({
    mutationFn: ({ item, startsAt, staffId }: CartTimeChange) => setCartTime(item._id, startsAt, staffId),
    // One item's changes reach the server in the order she made them (arrowing through the
    // stylists records each in turn), so the last answer is her last choice.
    scope: { id: `cart-time:${email}` },
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
    onSettled: () => readAgainAfterWrite(queryClient, key),
  });
}
