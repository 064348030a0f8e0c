import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import type { Booking } from '@shared/payments';
import { queryKeys } from '@/lib/query-client';
import { getBookings } from './get-bookings';

/**
 * Every booking that has a time in the salon's days `from` to `to` (inclusive), as the admin's
 * calendar draws them: the paid ones in any state, and those still awaiting payment. The server
 * lists an unpaid checkout's bookings only when asked for by status, so that is a second request;
 * both are one query, cached beneath ['bookings'], so every booking action refreshes the calendar.
 */
export async function getCalendarBookings(range: { from: string; to: string }, { signal }: { signal?: AbortSignal } = {}): Promise<Booking[]> {
  const [paid, awaitingPayment] = await Promise.all([
    getBookings({ ...range, when: 'all' }, { signal }),
    getBookings({ ...range, status: 'pending' }, { signal }),
  ]);
  return [...paid, ...awaitingPayment];
}

export const calendarBookingsQueryOptions = (range: { from: string; to: string }) =>
  queryOptions({
    queryKey: [...queryKeys.bookings, 'calendar', range] as const,
    queryFn: ({ signal }) => getCalendarBookings(range, { signal }),
    // What may be done with a booking (complete, move) changes with the clock.
    staleTime: 0,
    // The day shown stays while the next one loads, so stepping through days does not flash.
    placeholderData: keepPreviousData,
  });

/** `enabled` waits for what the range depends on (the salon's zone decides which day is today). */
export function useCalendarBookings(range: { from: string; to: string }, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...calendarBookingsQueryOptions(range), enabled });
}
