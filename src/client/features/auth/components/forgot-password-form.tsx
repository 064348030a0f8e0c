import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { emailSchema } from '../../../../shared/user';
import { FormActions } from '../../../components/ui/form-actions';
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
      <FormActions
        label="Send reset link"
        icon={Send}
        pending={request.isPending}
        error={request.error?.message}
        // The same words whatever the address: the page never tells who has an account.
        success={request.isSuccess ? RESET_LINK_SENT_MESSAGE : null}
        className="w-full shadow-soft"
      />
    </form>
  );
}
