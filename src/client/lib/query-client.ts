import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiRequestError } from './api-client';

export const MAX_RETRIES = 3;
const MAX_RETRY_DELAY_MS = 30_000;

/** Query keys in one place so mutations invalidate exactly what the queries cached. */
export const queryKeys = {
  session: ['session'] as const,
  authProviders: ['authProviders'] as const,
  services: ['services'] as const,
  reviews: ['reviews'] as const,
  /** The active stylists (the Team page); the admin's views of one stylist sit beneath it. */
  staff: ['staff'] as const,
  staffMember: (id: string) => ['staff', 'one', id] as const,
  staffRetired: ['staff', 'retired'] as const,
  staffHours: (id: string) => ['staff', 'hours', id] as const,
  staffTimeOff: (id: string) => ['staff', 'time-off', id] as const,
  /** Her reviewable visits and reviews, and the admin's list; beneath ['reviews'], so one write refreshes all. */
  myReviews: (email: string) => ['reviews', 'mine', email] as const,
  adminReviews: (filters: object) => ['reviews', 'admin', filters] as const,
  users: ['users'] as const,
  /** The front desk's customer searches (admin). */
  deskCustomersAll: ['deskCustomers'] as const,
  deskCustomers: (q: string) => ['deskCustomers', q] as const,
  cart: (email: string) => ['cart', email] as const,
  isAdmin: (email: string) => ['isAdmin', email] as const,
  /** Every bookings list; each filter set is cached beneath it, so this key invalidates them all. */
  bookings: ['bookings'] as const,
  /**
   * The admin home's figures for a period. Beneath ['bookings'] on purpose: cancelling or completing
   * a booking invalidates that key, so the figures beside the list follow.
   */
  adminSummary: (from: string, to: string) => ['bookings', 'summary', { from, to }] as const,
  /** Every payments list and single payment (payment(id) sits beneath it for the same reason). */
  payments: ['payments'] as const,
  payment: (id: string) => ['payments', 'one', id] as const,
  paymentConfig: ['paymentConfig'] as const,
  /** The e-mails the salon sent (admin), and whether this server shows them at all. */
  outbox: ['outbox'] as const,
  outboxConfig: ['outboxConfig'] as const,
  /** The contact inbox (admin) and its unread count beneath it, so one write refreshes both. */
  contactMessages: ['contactMessages'] as const,
  contactUnread: ['contactMessages', 'unread'] as const,
  /**
   * The intent for one state of the booking list. Deliberately outside ['payments']: invalidating
   * the payment lists must never ask the server for a fresh intent.
   */
  paymentIntent: (email: string, listSignature: string) => ['paymentIntent', email, listSignature] as const,
  /** Which stylist the signed-in account is, and her own visits by day. */
  myStylist: ['myStylist'] as const,
  myVisitsAll: ['myVisits'] as const,
  myVisits: (date: string) => ['myVisits', date] as const,
  /** What deleting the signed-in account asks for (her password, or a fresh sign-in). */
  myAccount: ['myAccount'] as const,
  myAccountForDeletion: ['myAccount', 'deletion'] as const,
  /** Her mobile number and SMS choice. */
  myPhone: ['myPhone'] as const,
  /** The texts the salon sent (admin), and the month's count on the admin home. */
  sentSms: ['sentSms'] as const,
  smsUsage: ['sentSms', 'usage'] as const,
  /** Her waitlist wishes, and the salon's view of a day's waitlist, beneath one key. */
  waitlist: ['waitlist'] as const,
  myWaitlist: ['waitlist', 'mine'] as const,
  dayWaitlist: (date: string) => ['waitlist', 'day', date] as const,
};

/** Cached answers that belong to whoever is signed in: forgotten when someone signs in or out. */
export const accountScopedQueryKeys = [['isAdmin'], ['cart'], ['users'], ['bookings'], ['payments'], ['paymentIntent'], ['outbox'], ['contactMessages'], ['reviews', 'mine'], ['reviews', 'admin'], ['myAccount'], ['myStylist'], ['myVisits'], ['deskCustomers'], ['myPhone'], ['sentSms'], ['waitlist']] as const;

/** Retry failed queries up to 3 times, except refusals that would only be refused again. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (error instanceof ApiRequestError && error.isClientError) return false;
  return true;
}

/** 1 s, 2 s, 4 s, ... capped at 30 s (spec section 8). */
export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, MAX_RETRY_DELAY_MS);
}

/**
 * After a write: the answer cached under `queryKey` is asked for again, by a read that starts now.
 * invalidateQueries alone joins a first read already on its way (one with no answer yet), which
 * may have been answered before the write was made: 'Add to Booking list' tapped while the page
 * was still reading her list left Booking(0) on screen. That read is called off first.
 */
export async function readAgainAfterWrite(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay,
        gcTime: 5 * 60 * 1000,
        // The catalogue changes rarely; avoid refetching on every remount.
        staleTime: 30_000,
      },
      mutations: {
        // A write is never repeated behind the user's back.
        retry: false,
      },
    },
  });
}
