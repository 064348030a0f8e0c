import { useEffect, useRef, useState } from 'react';
import { ArrowRight } from 'lucide-react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { SignupForm } from '@/features/auth/components/signup-form';
import { SocialSignIn } from '@/features/auth/components/social-sign-in';
import { MobileNumber } from '@/features/account/components/mobile-number';
import { forwardedFromState, redirectTarget } from '@/features/auth/redirect-target';
import { useCurrentUser } from '@/features/auth/use-current-user';
import { pageMeta, usePageTitle } from '@/config/page-meta';
import { salon } from '@shared/salon';

export function SignupRoute() {
  usePageTitle(pageMeta.signup);
  // The code step's texts ('account') are loaded with the page's: fetched only when that step
  // appears, they would suspend the page and lose the state that says she has just signed up.
  const { t } = useTranslation(['auth', 'account']);
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const target = redirectTarget(location.state);
  // Once her account exists she is signed in; from then on this page only hands her on, after
  // the code texted to the number she gave (if she gave one), as her User Home would ask for it.
  const [signedUp, setSignedUp] = useState<false | 'proving' | 'done'>(false);
  const goOn = () => void navigate(target, { replace: true });

  if (user && !signedUp) return <Navigate to={target} replace />;
  if (signedUp === 'proving') {
    return (
      <AuthShell eyebrow={t('signup.eyebrow')} title={t('signup.readyTitle')} subtitle={t('signup.readySubtitle')}>
        <ProveNumberStep onContinue={goOn} />
      </AuthShell>
    );
  }

  return (
    <AuthShell
      eyebrow={t('signup.eyebrow')}
      title={t('signup.title', { salon: salon.name })}
      subtitle={t('signup.subtitle')}
    >
      <SignupForm
        onSignedUp={(withPhone) => {
          setSignedUp(withPhone ? 'proving' : 'done');
          if (!withPhone) goOn();
        }}
      />
      <SocialSignIn callbackURL={target} />

      <p className="mt-8 text-center text-sm text-base-content/80">
        {t('signup.haveAccount')}{' '}
        <Link to={paths.login} state={forwardedFromState(location.state)} className="link font-semibold link-primary">
          {t('signup.logIn')}
        </Link>
      </p>
    </AuthShell>
  );
}

/** The number she gave is proven with the texted code (the User Home's own form), or later. */
function ProveNumberStep({ onContinue }: { onContinue: () => void }) {
  const { t } = useTranslation('auth');
  const intro = useRef<HTMLParagraphElement>(null);
  // The form she filled is gone: her reader starts again at what this step asks.
  useEffect(() => intro.current?.focus(), []);
  return (
    <div>
      <p ref={intro} tabIndex={-1} className="text-base-content/80 outline-none">
        {t('signup.proveIntro')}
      </p>
      <MobileNumber />
      <button type="button" className="btn mt-6 w-full gap-2 rounded-full btn-primary" onClick={onContinue}>
        {t('signup.continue')}
        <ArrowRight aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
