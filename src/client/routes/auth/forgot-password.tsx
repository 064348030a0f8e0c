import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { AuthShell } from '../../features/auth/components/auth-shell';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { pageMeta, usePageTitle } from '../../config/page-meta';

export function ForgotPasswordRoute() {
  usePageTitle(pageMeta.forgotPassword);
  return (
    <AuthShell
      eyebrow="Forgot password"
      title="Reset your password"
      subtitle="Tell us the e-mail of your account and we will send you a link to choose a new password."
    >
      <ForgotPasswordForm />
      <p className="mt-8 text-center text-sm">
        <Link to={paths.login} className="link inline-flex items-center gap-1.5 font-semibold link-primary">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Log In
        </Link>
      </p>
    </AuthShell>
  );
}
