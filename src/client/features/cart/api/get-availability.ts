import { queryOptions, useQuery } from '@tanstack/react-query';
import { availabilitySchema, type Availability } from '../../../../shared/cart';
import { apiClient } from '../../../lib/api-client';

export interface AvailabilityRequest {
  serviceId: string;
  /** A salon-local calendar date, YYYY-MM-DD. */
  date: string;
  /** The item being re-timed: its own hold is not counted against it. */
  cartItemId?: string | undefined;
  /** The booking being moved: its own place is not counted against it. */
  bookingId?: string | undefined;
}

/**
 * ['availability', serviceId, date, cartItemId or bookingId]. A prefix (service only) invalidates
 * every date of that service, which is what a 409 on any of its times calls for.
 */
export function availabilityQueryKey({ serviceId, date, cartItemId, bookingId }: Partial<AvailabilityRequest> & { serviceId: string }) {
  const key: string[] = ['availability', serviceId];
  if (date !== undefined) key.push(date);
  const own = cartItemId ?? bookingId;
  if (date !== undefined && own !== undefined) key.push(own);
  return key;
}

/** GET /api/availability: the start times on that date where the whole service fits and there is room. */
export function getAvailability(request: AvailabilityRequest, { signal }: { signal?: AbortSignal } = {}): Promise<Availability> {
  const search = new URLSearchParams({ serviceId: request.serviceId, date: request.date });
  if (request.cartItemId) search.set('cartItemId', request.cartItemId);
  if (request.bookingId) search.set('bookingId', request.bookingId);
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
