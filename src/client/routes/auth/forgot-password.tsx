import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { pageMeta, usePageTitle } from '@/config/page-meta';

export function ForgotPasswordRoute() {
  usePageTitle(pageMeta.forgotPassword);
  const { t } = useTranslation('auth');
  return (
    <AuthShell
      eyebrow={t('forgot.eyebrow')}
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
    >
      <ForgotPasswordForm />
      <p className="mt-8 text-center text-sm">
        <Link to={paths.login} className="link inline-flex items-center gap-1.5 font-semibold link-primary">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('forgot.backToLogin')}
        </Link>
      </p>
    </AuthShell>
  );
}
