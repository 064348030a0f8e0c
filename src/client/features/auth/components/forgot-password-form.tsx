import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { emailSchema } from '@shared/user';
import { FormActions } from '@/components/ui/form-actions';
import { InputField } from '@/components/ui/form-field';
import { useRequestPasswordReset } from '../api/password-reset';

const forgotPasswordSchema = z.object({ email: emailSchema });

export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
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
    <form noValidate onSubmit={onSubmit} aria-label={t('forgot.title')} className="space-y-5">
      <InputField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        registration={register('email')}
      />
      <FormActions
        label={t('forgot.submit')}
        icon={Send}
        pending={request.isPending}
        error={request.error?.message}
        // The same words whatever the address: the page never tells who has an account.
        success={request.isSuccess ? t('forgot.sent') : null}
        className="w-full shadow-soft"
      />
    </form>
  );
}
