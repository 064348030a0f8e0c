import { zodResolver } from '@hookform/resolvers/zod';
import { LogIn } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { signInInputSchema, type SignInInput } from '@shared/user';
import { FormActions } from '@/components/ui/form-actions';
import { InputField, PasswordField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';

interface LoginFormProps {
  /** Called with valid values; the page signs her in (see useSignIn) and decides where she goes. */
  onSubmit: (values: SignInInput) => void;
  isPending: boolean;
  error: Error | null;
}

export function LoginForm({ onSubmit, isPending, error }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(signInInputSchema),
    defaultValues: { email: '', password: '' },
    mode: 'onTouched',
  });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('login.formLabel')} className="space-y-5">
      <InputField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        registration={register('email')}
      />
      <div>
        <PasswordField
          label={t('fields.password')}
          autoComplete="current-password"
          error={errors.password?.message}
          registration={register('password')}
        />
        <div className="mt-2 text-right">
          <Link to={paths.forgotPassword} className="link text-sm font-medium link-hover link-primary">
            {t('login.forgotPassword')}
          </Link>
        </div>
      </div>

      <FormActions label={t('login.submit')} icon={LogIn} pending={isPending} error={error?.message} className="w-full shadow-soft" />
    </form>
  );
}
