import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { bookingListSchema, type Booking } from '@shared/payments';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

export interface BookingFilters {
  /** Salon-calendar days, YYYY-MM-DD, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  status?: string | undefined;
  when?: 'upcoming' | 'past' | 'all' | undefined;
}

function toSearch(filters: BookingFilters): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** GET /api/bookings?from=&to=&status=&when=: a customer's own bookings, or every booking for an admin. */
export function getBookings(filters: BookingFilters = {}, { signal }: { signal?: AbortSignal } = {}): Promise<Booking[]> {
  return apiClient.get(`/api/bookings${toSearch(filters)}`, { schema: bookingListSchema, signal });
}

export const bookingsQueryOptions = (filters: BookingFilters = {}) =>
  queryOptions({
    queryKey: [...queryKeys.bookings, { from: filters.from, to: filters.to, status: filters.status, when: filters.when }] as const,
    queryFn: ({ signal }) => getBookings(filters, { signal }),
    // Whether a booking may still be cancelled changes with the clock: ask again on every visit.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useBookings(filters: BookingFilters = {}) {
  return useQuery(bookingsQueryOptions(filters));
}
