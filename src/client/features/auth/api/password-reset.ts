import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordInput } from '@shared/user';
import { apiClient } from '@/lib/api-client';
import { paths } from '@/config/paths';

/** Always answers the same, whether or not the e-mail has an account. */
export function requestPasswordReset(email: string) {
  return apiClient.post('/api/auth/request-password-reset', { email, redirectTo: paths.resetPassword });
}

export function resetPassword(input: ResetPasswordInput) {
  return apiClient.post('/api/auth/reset-password', input);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
