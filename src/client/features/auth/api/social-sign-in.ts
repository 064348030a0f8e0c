import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { goToExternalPage } from '@/lib/browser';

export type SocialProvider = 'google' | 'facebook' | 'oidc';

interface SocialSignInAnswer {
  url: string;
  redirect: boolean;
}

export function startSocialSignIn(provider: SocialProvider, callbackURL: string) {
  return apiClient.post<SocialSignInAnswer>('/api/auth/sign-in/social', { provider, callbackURL });
}

/**
 * Sends the browser to the provider. It comes back to `callbackURL` when she has signed in there,
 * or to /login?error=… when the provider or the state check refused.
 */
export function useSocialSignIn() {
  return useMutation({
    mutationFn: async ({ provider, callbackURL }: { provider: SocialProvider; callbackURL: string }) => {
      const { url } = await startSocialSignIn(provider, callbackURL);
      goToExternalPage(url);
    },
  });
}
