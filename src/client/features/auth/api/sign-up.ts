import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignUpInput } from '@shared/user';
import { apiClient } from '@/lib/api-client';
import { uploadImage } from '@/lib/upload-image';
import { refreshSession } from './get-session';

export function signUpWithEmail(input: SignUpInput) {
  return apiClient.post('/api/auth/sign-up/email', input);
}

export interface SignUpWithPhotoInput {
  name: string;
  email: string;
  password: string;
  photo: File;
  /** Her mobile number in E.164, if she gave one: the server texts it a code. */
  phone?: string | undefined;
}

/**
 * Spec section 4: upload the photo, then create the account with its address. The server signs
 * the new account in; this resolves once the page knows her.
 */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ photo, ...account }: SignUpWithPhotoInput) => {
      const { data } = await uploadImage(photo);
      await signUpWithEmail({ ...account, image: data.display_url });
      await refreshSession(queryClient);
    },
  });
}
