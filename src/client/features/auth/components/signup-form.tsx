import { useEffect, useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus, UserRound } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { emailSchema, MAX_UPLOAD_BYTES, nameSchema, passwordSchema } from '@shared/user';
import { optionalPhoneSchema } from '@shared/phone';
import { FormActions } from '@/components/ui/form-actions';
import { FileField, InputField, PasswordField, PhoneField } from '@/components/ui/form-field';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { useSignUp } from '../api/sign-up';

export const IMAGE_REQUIRED_MESSAGE = 'image is required';
export const IMAGE_TOO_LARGE_MESSAGE = 'The image must be at most 5 MB';
export const IMAGE_TYPE_MESSAGE = 'Choose an image file (JPEG, PNG, WebP, GIF or AVIF)';

/** The photo field holds the input's FileList; the first file is the photo (spec section 3). */
const photoSchema = z.custom<FileList | undefined>().superRefine((files, ctx) => {
  const file = files?.[0];
  if (!file) {
    ctx.addIssue({ code: 'custom', message: IMAGE_REQUIRED_MESSAGE });
    return;
  }
  if (!file.type.startsWith('image/')) ctx.addIssue({ code: 'custom', message: IMAGE_TYPE_MESSAGE });
  else if (file.size > MAX_UPLOAD_BYTES) ctx.addIssue({ code: 'custom', message: IMAGE_TOO_LARGE_MESSAGE });
});

/** The same rules the server checks (shared schemas), plus the photo, which is uploaded first. */
export const signUpFormSchema = z.object({
  name: nameSchema,
  image: photoSchema,
  email: emailSchema,
  password: passwordSchema,
  phone: optionalPhoneSchema,
});

const fieldNames = new Set(['name', 'image', 'email', 'password', 'phone'] as const);
type FieldName = 'name' | 'image' | 'email' | 'password' | 'phone';
function isFieldName(path: string): path is FieldName {
  return fieldNames.has(path as FieldName);
}

/** A round preview of the chosen photo, where the browser can show one. */
function PhotoPreview({ file }: { file: File | undefined }) {
  const url = useMemo(
    () => (file && file.type.startsWith('image/') && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  return (
    <span className="grid size-12 shrink-0 place-items-center overflow-hidden rounded-full bg-base-200 ring-2 ring-accent/60 ring-offset-2 ring-offset-base-100">
      {url ? (
        <img src={url} alt="" className="size-full object-cover" />
      ) : (
        <UserRound aria-hidden="true" className="size-6 text-base-content/50" />
      )}
    </span>
  );
}

interface SignupFormProps {
  /** `withPhone`: she gave a mobile number, which was texted a code to prove it. */
  onSignedUp: (withPhone: boolean) => void;
}

export function SignupForm({ onSignedUp }: SignupFormProps) {
  const { t } = useTranslation('auth');
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof signUpFormSchema>, unknown, z.output<typeof signUpFormSchema>>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { name: '', image: undefined, email: '', password: '', phone: '' },
    mode: 'onTouched',
  });
  const signUp = useSignUp();
  const files = useWatch({ control, name: 'image' });

  const onSubmit = handleSubmit(({ name, email, password, image, phone }) => {
    const photo = image?.[0];
    if (!photo) return;
    signUp.mutate(
      { name, email, password, photo, phone },
      {
        onSuccess: () => onSignedUp(phone !== undefined),
        onError: (error) => {
          // A refused photo (too large, not an image) is also marked on its field.
          applyServerFieldErrors(error, setError, (path) => (isFieldName(path) ? path : undefined));
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('signup.formLabel')} className="space-y-5">
      <InputField label={t('signup.name')} autoComplete="name" error={errors.name?.message} registration={register('name')} />
      <FileField
        label={t('signup.image')}
        accept="image/*"
        hint={t('signup.imageHint')}
        error={errors.image?.message}
        registration={register('image')}
        preview={<PhotoPreview file={files?.[0]} />}
      />
      <InputField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        registration={register('email')}
      />
      <PasswordField
        label={t('fields.password')}
        autoComplete="new-password"
        hint={t('fields.passwordHint')}
        error={errors.password?.message}
        registration={register('password')}
      />
      <PhoneField
        label={t('signup.phone')}
        optional
        hint={t('signup.phoneHint')}
        error={errors.phone?.message}
        registration={register('phone')}
      />

      <FormActions
        label={t('signup.submit')}
        icon={UserPlus}
        pending={signUp.isPending}
        error={signUp.error?.message}
        className="w-full shadow-soft"
      />
    </form>
  );
}
