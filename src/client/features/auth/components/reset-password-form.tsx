import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { passwordSchema } from '@shared/user';
import { FormActions } from '@/components/ui/form-actions';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { useErrorText } from '@/hooks/use-error-text';
import { useResetPassword } from '../api/password-reset';

/** The same words the server answers a dead link with (its `errors` catalogue translates both). */
const INVALID_RESET_LINK_MESSAGE = 'This reset link is invalid or has expired. Ask for a new one.';

export const resetPasswordFormSchema = z
  .object({
    newPassword: passwordSchema,
    confirmPassword: z.string().min(1, 'Type the new password again'),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });

/** The way out of a dead link: ask for a fresh one. */
function DeadLinkAdvice({ message }: { message: string }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  return (
    <>
      <p>{errorText(message)}</p>
      <p>
        <Link to={paths.forgotPassword} className="link font-semibold">
          {t('reset.askNewLink')}
        </Link>
      </p>
    </>
  );
}

export function InvalidResetLink({ message = INVALID_RESET_LINK_MESSAGE }: { message?: string }) {
  return (
    <FormAlert>
      <DeadLinkAdvice message={message} />
    </FormAlert>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const reset = useResetPassword();

  if (reset.isSuccess) {
    return (
      <div className="space-y-6">
        <FormAlert tone="success">{t('reset.changed')}</FormAlert>
        <Link to={paths.login} className="btn w-full rounded-full shadow-soft btn-primary">
          {t('reset.goToLogin')}
        </Link>
      </div>
    );
  }

  const error = reset.error;
  const linkIsDead = error instanceof ApiRequestError && error.code === 'INVALID_TOKEN';

  const onSubmit = handleSubmit(({ newPassword }) => reset.mutate({ newPassword, token }));

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('reset.title')} className="space-y-5">
      <PasswordField
        label={t('reset.newPassword')}
        autoComplete="new-password"
        hint={t('fields.passwordHint')}
        error={errors.newPassword?.message}
        registration={register('newPassword')}
      />
      <PasswordField
        label={t('reset.confirmPassword')}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        registration={register('confirmPassword')}
      />
      <FormActions
        label={t('reset.submit')}
        icon={KeyRound}
        pending={reset.isPending}
        error={error ? linkIsDead ? <DeadLinkAdvice message={error.message} /> : error.message : null}
        className="w-full shadow-soft"
      />
    </form>
  );
}
