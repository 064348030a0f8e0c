import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { confirmResultSchema, walletAttemptSchema, type confirmWalletSchema, type ConfirmResult, type startWalletSchema, type WalletAttempt } from '@shared/payments';
import { apiClient } from '@/lib/api-client';

/**
 * POST /api/payments/test/wallet: the test gateway 'sends' the one-time code to her bKash or Nagad
 * number. A malformed number is a 400 with an issue on `number`; too many codes a 429.
 */
export function startTestWallet(input: z.input<typeof startWalletSchema>): Promise<WalletAttempt> {
  return apiClient.post('/api/payments/test/wallet', input, { schema: walletAttemptSchema });
}

/**
 * POST /api/payments/test/wallet/confirm: the code, then the charge ('succeeded', or 'failed' with
 * the wallet's words). A wrong code is a 400 on `code` with the tries left; an attempt that ended
 * (three wrong codes, expired, its charge failed) a 409.
 */
export function confirmTestWallet(input: z.input<typeof confirmWalletSchema>): Promise<ConfirmResult> {
  return apiClient.post('/api/payments/test/wallet/confirm', input, { schema: confirmResultSchema });
}

export function useStartTestWallet() {
  return useMutation({ mutationFn: startTestWallet });
}

export function useConfirmTestWallet() {
  // As for cards: the confirmation page refreshes what a payment changes once it is final.
  return useMutation({ mutationFn: confirmTestWallet });
}
