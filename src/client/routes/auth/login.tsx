import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-alert';
import { paths } from '@/config/paths';
import { useSignIn } from '@/features/auth/api/sign-in';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { LoginForm } from '@/features/auth/components/login-form';
import { SocialSignIn } from '@/features/auth/components/social-sign-in';
import { forwardedFromState, hasFrom, redirectTarget } from '@/features/auth/redirect-target';
import { describeSignInError } from '@/features/auth/sign-in-error';
import { useCurrentUser } from '@/features/auth/use-current-user';
import { useErrorText } from '@/hooks/use-error-text';
import { pageMeta, usePageTitle } from '@/config/page-meta';

export function LoginRoute() {
  usePageTitle(pageMeta.login);
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { user } = useCurrentUser();
  const signIn = useSignIn();
  const target = redirectTarget(location.state);
  const providerError = searchParams.get('error');

  // Someone already signed in has nothing to do here, unless a guard sent her because her
  // account cannot open the page she wanted: then she may log in with another one.
  if (user && !hasFrom(location.state)) return <Navigate to={paths.home} replace />;
  // Once the sign-in has started, the session belongs to the new account: no word about the old one.
  const signedInElsewhere = user !== null && (signIn.isIdle || signIn.isError);

  return (
    <AuthShell eyebrow={t('login.eyebrow')} title={t('login.title')} subtitle={t('login.subtitle')}>
      {signedInElsewhere ? (
        <FormAlert className="mb-6">
          <p>
            <Trans
              t={t}
              i18nKey="login.signedInElsewhere"
              values={{ name: user.name }}
              components={{ name: <span translate="no" />, home: <Link to={paths.home} className="link" /> }}
            />
          </p>
        </FormAlert>
      ) : null}
      {providerError ? <FormAlert className="mb-6">{errorText(describeSignInError(providerError))}</FormAlert> : null}

      <LoginForm
        onSubmit={(values) => signIn.mutate(values, { onSuccess: () => void navigate(target, { replace: true }) })}
        isPending={signIn.isPending}
        error={signIn.error}
      />
      <SocialSignIn callbackURL={target} />

      <p className="mt-8 text-center text-sm text-base-content/80">
        {t('login.noAccount')}{' '}
        <Link to={paths.signup} state={forwardedFromState(location.state)} className="link font-semibold link-primary">
          {t('login.signUp')}
        </Link>
      </p>
    </AuthShell>
  );
}
