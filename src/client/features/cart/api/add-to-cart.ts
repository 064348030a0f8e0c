import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CartAddInput, CartItem } from '@shared/cart';
import type { insertedSchema } from '@shared/results';
import type { Service } from '@shared/service';
import { apiClient } from '@/lib/api-client';
import { queryKeys, readAgainAfterWrite } from '@/lib/query-client';
import { onlineDueMinor, payPlanOf } from '@shared/pay-now';
import { fromMinorUnits, toMinorUnits } from '@shared/money';

type Inserted = z.infer<typeof insertedSchema>;

/**
 * POST /api/cart with the original client's body. The server only uses `cartItemId`; the rest
 * (who, title, price, image) it takes from the session and the catalogue.
 */
export function addToCart(input: CartAddInput): Promise<Inserted> {
  // Not parsed with insertedSchema: this runs from the home page, which loads without zod.
  return apiClient.post<Inserted>('/api/cart', input);
}

/** A service onto the list of the customer with this e-mail (her list's cache is keyed by it). */
export interface AddToCartInput {
  service: Service;
  email: string;
}

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ service, email }: AddToCartInput) =>
      addToCart({ cartItemId: service._id, email, title: service.title, price: service.price, image_url: service.image_url }),
    onSuccess: ({ insertedId }, { service, email }) => {
      const key = queryKeys.cart(email);
      // Booking(n) grows the moment the server says yes, before the refetch below comes back.
      const added: CartItem = {
        _id: insertedId,
        cartItemId: service._id,
        email,
        title: service.title,
        title_bn: service.title_bn,
        price: service.price,
        image_url: service.image_url,
        duration: service.duration,
        startsAt: null,
        endsAt: null,
        holdExpiresAt: null,
        staffId: null,
        staffName: null,
        anyStylist: true,
        // The salon's own policy is not known here: the service's, else the whole price (the
        // default); the refetch below brings the server's figure a moment later.
        plan: service.paymentPolicy ? payPlanOf(service.paymentPolicy) : 'full',
        payNow: fromMinorUnits(onlineDueMinor(toMinorUnits(service.price), service.paymentPolicy ?? { mode: 'full' })),
      };
      queryClient.setQueryData<CartItem[]>(key, (items) =>
        items && !items.some((item) => item._id === insertedId) ? [...items, added] : items,
      );
    },
    // Whatever happened, the server's list is the truth (a refusal may mean it changed elsewhere).
    onSettled: (_result, _error, { email }) => readAgainAfterWrite(queryClient, queryKeys.cart(email)),
  });
}

export interface AddAgain {
  serviceId: string;
  /** The stylist she had; absent: any stylist. */
  staffId?: string | undefined;
}

/** 'Book again': a past visit's service (with her stylist) onto her list; the list is refetched. */
export function useAddAgainToCart(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ serviceId, staffId }: AddAgain) => addToCart({ cartItemId: serviceId, ...(staffId ? { staffId } : {}) }),
    onSettled: () => readAgainAfterWrite(queryClient, queryKeys.cart(email)),
  });
}
