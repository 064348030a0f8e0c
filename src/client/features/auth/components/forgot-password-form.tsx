import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { emailSchema } from '../../../../shared/user';
import { FormAlert } from '../../../components/ui/form-alert';
import { InputField } from '../../../components/ui/form-field';
import { useRequestPasswordReset } from '../api/password-reset';

export const RESET_LINK_SENT_MESSAGE =
  'If an account uses this e-mail, we have sent a link to reset the password. It works for one hour.';

const forgotPasswordSchema = z.object({ email: emailSchema });

export function ForgotPasswordForm() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
    mode: 'onTouched',
  });
  const request = useRequestPasswordReset();

  const onSubmit = handleSubmit(({ email }) => request.mutate(email));

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Reset your password" className="space-y-5">
      <InputField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        registration={register('email')}
      />
      {/* The same words whatever the address: the page never tells who has an account. */}
      {request.isSuccess ? <FormAlert tone="success">{RESET_LINK_SENT_MESSAGE}</FormAlert> : null}
      {request.error ? <FormAlert>{request.error.message}</FormAlert> : null}
      <button type="submit" className="btn w-full rounded-full shadow-soft btn-primary" disabled={request.isPending}>
        {request.isPending ? (
          <span aria-hidden="true" className="loading loading-sm loading-spinner" />
        ) : (
          <Send aria-hidden="true" className="size-4" />
        )}
        Send reset link
      </button>
    </form>
  );
}
