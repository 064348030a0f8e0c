import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountInput } from '@shared/account';
import { apiRequest } from '@/lib/api-client';

/** `DELETE /api/me`: 204 once the account is gone and the session cookie cleared. */
export function deleteAccount(input: DeleteAccountInput): Promise<unknown> {
  return apiRequest('/api/me', { method: 'DELETE', body: input });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
