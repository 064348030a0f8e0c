import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CartItem } from '@shared/cart';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

// Typed by the shared contract but not re-parsed: the navbar counts this list on every page,
// the home page included, and parsing would put zod on its first-paint path. The server
// validates the response against cartListSchema.
export function getCart(email: string, { signal }: { signal?: AbortSignal } = {}): Promise<CartItem[]> {
  return apiClient.get<CartItem[]>(`/api/cart?email=${encodeURIComponent(email)}`, { signal });
}

/** Cached under cart + e-mail (spec section 7); waits until someone is signed in. */
export const cartQueryOptions = (email: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.cart(email ?? ''),
    queryFn: ({ signal }) => getCart(email ?? '', { signal }),
    enabled: Boolean(email),
  });

/** `staleTime: 0` for the booking list itself, whose holds change by the minute. */
export function useCart(email: string | undefined, overrides: { staleTime?: number } = {}) {
  return useQuery({ ...cartQueryOptions(email), ...overrides });
}
