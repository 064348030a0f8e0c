import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartItem } from '@shared/cart';
import { queryKeys, readAgainAfterWrite } from '@/lib/query-client';
import { setCartTime, stylistChoiceOf } from './set-cart-time';

/**
 * 'Keep my times': holds each item's own time again for the salon's full hold length, by sending
 * that same time and the same stylist choice (PATCH /api/cart/{id} {startsAt, staffId}): without
 * it a named stylist's hold would become 'any'. The server never counts her own hold against her,
 * so a time nobody else took comes back whether or not her hold had lapsed; one taken meanwhile
 * answers 409 'That time is no longer available', and the list is asked for again.
 */
export function useKeepHeldTimes(email: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.cart(email);
  return useMutation({
    mutationFn: async (items: CartItem[]) => {
      const renewed: CartItem[] = [];
      // One after another: each renewal locks the salon's time cells it covers.
      for (const item of items) if (item.startsAt) renewed.push(await setCartTime(item._id, item.startsAt, stylistChoiceOf(item)));
      return renewed;
    },
    onSuccess: (renewed) => {
      queryClient.setQueryData<CartItem[]>(key, (list) => list?.map((entry) => renewed.find((item) => item._id === entry._id) ?? entry));
    },
    onSettled: () => readAgainAfterWrite(queryClient, key),
  });
}
