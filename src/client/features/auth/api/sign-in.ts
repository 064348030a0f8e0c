import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInInput } from '@shared/user';
import { apiClient } from '@/lib/api-client';
import { refreshSession } from './get-session';

export function signInWithEmail(input: SignInInput) {
  return apiClient.post('/api/auth/sign-in/email', input);
}

/** Signs in with e-mail and password; resolves once the new session is known to the page. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput) => {
      await signInWithEmail(input);
      await refreshSession(queryClient);
    },
  });
}
