import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { InvalidResetLink, ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Opened from the link in the e-mail: /reset-password?token=… (or ?error=INVALID_TOKEN). */
export function ResetPasswordRoute() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('reset.documentTitle'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const linkError = searchParams.get('error');

  return (
    <AuthShell eyebrow={t('reset.eyebrow')} title={t('reset.title')} subtitle={t('reset.subtitle')}>
      {token && !linkError ? <ResetPasswordForm token={token} /> : <InvalidResetLink />}
      <p className="mt-8 text-center text-sm">
        <Link to={paths.login} className="link inline-flex items-center gap-1.5 font-semibold link-primary">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('forgot.backToLogin')}
        </Link>
      </p>
    </AuthShell>
  );
}
