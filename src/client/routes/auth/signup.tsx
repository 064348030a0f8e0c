import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { AuthShell } from '../../features/auth/components/auth-shell';
import { SignupForm } from '../../features/auth/components/signup-form';
import { SocialSignIn } from '../../features/auth/components/social-sign-in';
import { forwardedFromState, redirectTarget } from '../../features/auth/redirect-target';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { pageMeta, usePageTitle } from '../../config/page-meta';
import { salon } from '../../../shared/salon';

export function SignupRoute() {
  usePageTitle(pageMeta.signup);
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const target = redirectTarget(location.state);
  // Once her account exists she is signed in; from then on this page only hands her on.
  const [signedUp, setSignedUp] = useState(false);

  if (user && !signedUp) return <Navigate to={target} replace />;

  return (
    <AuthShell
      eyebrow="Sign Up"
      title={`Welcome to ${salon.name}`}
      subtitle="Create your account to book treatments, keep your booking list and pay online."
    >
      <SignupForm
        onSignedUp={() => {
          setSignedUp(true);
          void navigate(target, { replace: true });
        }}
      />
      <SocialSignIn callbackURL={target} />

      <p className="mt-8 text-center text-sm text-base-content/80">
        Already have an account?{' '}
        <Link to={paths.login} state={forwardedFromState(location.state)} className="link font-semibold link-primary">
          Log in
        </Link>
      </p>
    </AuthShell>
  );
}
