import { queryOptions, useQuery } from '@tanstack/react-query';
import { availabilitySchema, type Availability } from '@shared/cart';
import { apiClient } from '@/lib/api-client';

export interface AvailabilityRequest {
  serviceId: string;
  /** A salon-local calendar date, YYYY-MM-DD. */
  date: string;
  /** The item being re-timed: its own hold is not counted against it. */
  cartItemId?: string | undefined;
  /** The booking being moved: its own place is not counted against it. */
  bookingId?: string | undefined;
  /** Only the times this stylist is free; absent: any stylist who performs the service. */
  staffId?: string | undefined;
  /** The front desk books for this customer (admin): her own appointments are left out, by the salon's rules. */
  customerId?: string | undefined;
}

/**
 * ['availability', serviceId, date, cartItemId or bookingId, staffId]. A prefix (service only)
 * invalidates every date and stylist of that service, which is what a 409 on any of its times calls for.
 */
export function availabilityQueryKey({ serviceId, date, cartItemId, bookingId, staffId, customerId }: Partial<AvailabilityRequest> & { serviceId: string }) {
  const key: (string | null)[] = ['availability', serviceId];
  if (date !== undefined) key.push(date, cartItemId ?? bookingId ?? customerId ?? null, staffId ?? null);
  return key;
}

/**
 * GET /api/availability: the start times on that date where the whole service fits and there is room,
 * each with the stylists free then (none when the salon has no stylists).
 */
export function getAvailability(request: AvailabilityRequest, { signal }: { signal?: AbortSignal } = {}): Promise<Availability> {
  const search = new URLSearchParams({ serviceId: request.serviceId, date: request.date });
  if (request.cartItemId) search.set('cartItemId', request.cartItemId);
  if (request.bookingId) search.set('bookingId', request.bookingId);
  if (request.staffId) search.set('staffId', request.staffId);
  if (request.customerId) search.set('customerId', request.customerId);
  return apiClient.get(`/api/availability?${search.toString()}`, { schema: availabilitySchema, signal });
}

export const availabilityQueryOptions = (request: AvailabilityRequest, enabled = true) =>
  queryOptions({
    queryKey: availabilityQueryKey(request),
    queryFn: ({ signal }) => getAvailability(request, { signal }),
    enabled,
    // Other customers book all the time: never offer a remembered list.
    staleTime: 0,
  });

export function useAvailability(request: AvailabilityRequest, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery(availabilityQueryOptions(request, enabled));
}
