import { useState, type ReactNode } from 'react';
import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-alert';
import { useAuthProviders } from '../api/get-auth-providers';
import { useSocialSignIn, type SocialProvider } from '../api/social-sign-in';

function GoogleLogo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5">
      <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34.1 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.2-.1-2.3-.4-3.5z" />
      <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34.1 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.2-.1-2.3-.4-3.5z" />
    </svg>
  );
}

function FacebookLogo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
      <path
        fill="#1877F2"
        d="M24 12.07C24 5.41 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.04V9.41c0-3.02 1.8-4.7 4.54-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.5c-1.5 0-1.96.93-1.96 1.89v2.26h3.32l-.53 3.5h-2.8V24C19.62 23.1 24 18.1 24 12.07"
      />
    </svg>
  );
}

interface SocialSignInProps {
  /** The page to come back to once the provider has signed her in (an absolute path). */
  callbackURL: string;
}

/** One button per configured provider ('Continue with Google' …); nothing when none is configured. */
export function SocialSignIn({ callbackURL }: SocialSignInProps) {
  const { t } = useTranslation('auth');
  const { data: providers } = useAuthProviders();
  const socialSignIn = useSocialSignIn();
  const [chosen, setChosen] = useState<SocialProvider | null>(null);

  if (!providers) return null;
  const buttons: { provider: SocialProvider; label: string; logo: ReactNode }[] = [];
  if (providers.google) buttons.push({ provider: 'google', label: t('social.continueWith', { provider: 'Google' }), logo: <GoogleLogo /> });
  if (providers.facebook) buttons.push({ provider: 'facebook', label: t('social.continueWith', { provider: 'Facebook' }), logo: <FacebookLogo /> });
  if (providers.oidc) {
    buttons.push({
      provider: 'oidc',
      label: t('social.continueWith', { provider: providers.oidc.name }),
      logo: <KeyRound aria-hidden="true" className="size-5 text-secondary" />,
    });
  }
  if (buttons.length === 0) return null;

  // Stays busy after success too: the browser is on its way to the provider.
  const busy = socialSignIn.isPending || socialSignIn.isSuccess;

  return (
    <div className="mt-6">
      <div className="divider text-xs font-medium tracking-[0.15em] text-base-content/70 uppercase before:bg-base-300 after:bg-base-300">
        {t('social.or')}
      </div>
      <div className="grid gap-3">
        {buttons.map(({ provider, label, logo }) => (
          <button
            key={provider}
            type="button"
            className="btn w-full justify-center gap-3 rounded-full border-base-300 bg-base-100 font-medium shadow-sm hover:border-primary/40 hover:bg-base-200"
            disabled={busy}
            onClick={() => {
              setChosen(provider);
              socialSignIn.mutate({ provider, callbackURL });
            }}
          >
            {busy && chosen === provider ? <span aria-hidden="true" className="loading loading-sm loading-spinner" /> : logo}
            {label}
          </button>
        ))}
      </div>
      {socialSignIn.error ? <FormAlert className="mt-4">{socialSignIn.error.message}</FormAlert> : null}
    </div>
  );
}
