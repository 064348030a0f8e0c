import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { BOOKING_LIST_CHANGED_MESSAGE, intentSchema, type PaymentIntentInfo } from '@shared/payments';
import { ApiRequestError, apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { leaveSite } from '@/lib/leave-site';

/**
 * POST /api/create-payment-intent {price}: the total the page shows, in taka. The server works the
 * amount out from the booking list itself and refuses (409) a price that differs from it.
 */
export function createPaymentIntent(price: number): Promise<PaymentIntentInfo> {
  return apiClient.post('/api/create-payment-intent', { price }, { schema: intentSchema });
}

/**
 * True for the server's "the list you are paying for is not the list I have" refusal. Told by its
 * words as well: a wallet attempt that ended (three wrong codes, an expired code) is a 409 too.
 */
export function isBookingListChanged(error: unknown): boolean {
  return error instanceof ApiRequestError && error.statusCode === 409 && error.message === BOOKING_LIST_CHANGED_MESSAGE;
}

interface PaymentIntentRequest {
  email: string;
  total: number;
  /** Changes whenever what is being paid for changes (items, their times, prices). */
  listSignature: string;
  /** Told when the server's booking list differs from the one on screen. */
  onListChanged: () => void;
}

/**
 * Asks for the intent and brings the booking list on screen up to date with what the server did:
 * opening the payment renews the holds (the countdown, and the warning before the hold ends, must
 * count from the renewed time); a 409 (price changed) or 400 (a hold lapsed, an item lost its
 * time) means the list on screen is out of date, so it is fetched again to show what the server sees.
 */
async function openPayment(queryClient: QueryClient, { email, total, onListChanged }: Omit<PaymentIntentRequest, 'listSignature'>) {
  try {
    const intent = await createPaymentIntent(total);
    void queryClient.invalidateQueries({ queryKey: queryKeys.cart(email) });
    return intent;
  } catch (error) {
    if (error instanceof ApiRequestError && (error.statusCode === 409 || error.statusCode === 400)) {
      if (isBookingListChanged(error)) onListChanged();
      void queryClient.invalidateQueries({ queryKey: queryKeys.cart(email) });
    }
    throw error;
  }
}

/**
 * One intent per state of the booking list. A query rather than a mutation fired from an effect:
 * the cache dedupes it (React's strict mode mounts twice; a re-render must not open a second
 * payment) and a new list signature asks for a new intent by itself.
 */
export function usePaymentIntent({ email, total, listSignature, onListChanged }: PaymentIntentRequest) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.paymentIntent(email, listSignature),
    queryFn: () => openPayment(queryClient, { email, total, onListChanged }),
    // Creating an intent is a write: never repeated behind the customer's back.
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/**
 * A hosted-page processor (SSLCommerz): the Pay button opens the payment, and the browser goes to
 * the processor's page, which brings her back to her receipt. A mutation, not a query: the intent
 * (and its page, which serves one visit) is asked for when she presses Pay, not when the page loads.
 */
export function usePayOnHostedPage({ email, total, onListChanged }: Omit<PaymentIntentRequest, 'listSignature'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => openPayment(queryClient, { email, total, onListChanged }),
    onSuccess: (intent) => {
      if (intent.redirectUrl) leaveSite(intent.redirectUrl);
    },
  });
}

/**
 * A list with nothing to pay online: one click books it (POST /api/create-payment-intent with 0,
 * which the server answers as gateway 'salon', already confirmed). A mutation, not the query above:
 * booking is a write that must wait for her click.
 */
export function useBookToPayAtSalon(email: string, onListChanged: () => void) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => openPayment(queryClient, { email, total: 0, onListChanged }) });
}
