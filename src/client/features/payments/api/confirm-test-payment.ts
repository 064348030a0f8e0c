import { useMutation } from '@tanstack/react-query';
import { confirmResultSchema, type ConfirmResult } from '@shared/payments';
import { apiClient } from '@/lib/api-client';

export interface TestConfirmInput {
  clientSecret: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
}

/**
 * POST /api/payments/test/confirm: the built-in test gateway charges the intent at once and says
 * how it went ('succeeded', or 'failed' with the decline message). A malformed card is a 400 with
 * issues on cardNumber / expiry / cvc.
 */
export function confirmTestPayment(input: TestConfirmInput): Promise<ConfirmResult> {
  return apiClient.post('/api/payments/test/confirm', input, { schema: confirmResultSchema });
}

export function useConfirmTestPayment() {
  // Nothing is invalidated here: on success the page moves to the confirmation page, which
  // refreshes the booking list, bookings and payments once the payment is known to be final.
  return useMutation({ mutationFn: confirmTestPayment });
}
