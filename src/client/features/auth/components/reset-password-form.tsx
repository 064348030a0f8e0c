import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { passwordSchema } from '../../../../shared/user';
import { FormActions } from '../../../components/ui/form-actions';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordField } from '../../../components/ui/form-field';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { useResetPassword } from '../api/password-reset';

export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed. Log in with your new password.';
export const INVALID_RESET_LINK_MESSAGE = 'This reset link is invalid or has expired. Ask for a new one.';

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
  return (
    <>
      <p>{message}</p>
      <p>
        <Link to={paths.forgotPassword} className="link font-semibold">
          Ask for a new reset link
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
        <FormAlert tone="success">{PASSWORD_CHANGED_MESSAGE}</FormAlert>
        <Link to={paths.login} className="btn w-full rounded-full shadow-soft btn-primary">
          Go to Log In
        </Link>
      </div>
    );
  }

  const error = reset.error;
  const linkIsDead = error instanceof ApiRequestError && error.code === 'INVALID_TOKEN';

  const onSubmit = handleSubmit(({ newPassword }) => reset.mutate({ newPassword, token }));

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Choose a new password" className="space-y-5">
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint="At least 6 characters, with an uppercase letter, a lowercase letter and a number."
        error={errors.newPassword?.message}
        registration={register('newPassword')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        registration={register('confirmPassword')}
      />
      <FormActions
        label="Change password"
        icon={KeyRound}
        pending={reset.isPending}
        error={error ? linkIsDead ? <DeadLinkAdvice message={error.message} /> : error.message : null}
        className="w-full shadow-soft"
      />
    </form>
  );
}
