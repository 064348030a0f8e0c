import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deskBookingResultSchema,
  deskCustomerListSchema,
  deskCustomerSchema,
  type DeskBookingInput,
  type DeskBookingResult,
  type DeskCustomer,
  type NewDeskCustomer,
} from '@shared/front-desk';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** GET /api/front-desk/customers?q= (admin): up to 10 customers whose name, e-mail or number contains it. */
export function searchCustomers(q: string, { signal }: { signal?: AbortSignal } = {}): Promise<DeskCustomer[]> {
  return apiClient.get(`/api/front-desk/customers?${new URLSearchParams({ q }).toString()}`, { schema: deskCustomerListSchema, signal });
}

/** The customers matching what the desk typed (two characters or more); the last answer stays while the next loads. */
export function useCustomerSearch(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: queryKeys.deskCustomers(query),
    queryFn: ({ signal }) => searchCustomers(query, { signal }),
    enabled: query.length >= 2,
    placeholderData: keepPreviousData,
    // A customer recorded a moment ago at another desk should be found.
    staleTime: 0,
  });
}

/** POST /api/front-desk/customers (admin): a walk-in or a caller, with her name, number and perhaps an e-mail. */
export function useCreateDeskCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewDeskCustomer) => apiClient.post('/api/front-desk/customers', input, { schema: deskCustomerSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.deskCustomersAll }),
  });
}

/** POST /api/front-desk/bookings (admin): books her visits; the salon's lists and figures follow. */
export function useBookAtDesk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeskBookingInput): Promise<DeskBookingResult> => apiClient.post('/api/front-desk/bookings', input, { schema: deskBookingResultSchema }),
    // Refused or not, the times and the lists may have changed (a refusal means someone else booked).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.bookings }),
        queryClient.invalidateQueries({ queryKey: queryKeys.payments }),
        queryClient.invalidateQueries({ queryKey: ['availability'] }),
      ]),
  });
}
