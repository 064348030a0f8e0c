import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contactMessageInputSchema, type ContactMessageInput } from '@shared/contact';
import { FormActions } from '@/components/ui/form-actions';
import { InputField, TextareaField } from '@/components/ui/form-field';
import { applyServerFieldErrors, fieldsNamed } from '@/lib/server-field-errors';
import { useSendContactMessage } from '../api/send-contact-message';

const emptyMessage: ContactMessageInput = { firstName: '', lastName: '', email: '', phone: '', message: '' };
const fieldOf = fieldsNamed<ContactMessageInput>('firstName', 'lastName', 'email', 'phone', 'message');

export function ContactForm() {
  const { t } = useTranslation('home');
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(contactMessageInputSchema),
    defaultValues: emptyMessage,
    mode: 'onTouched',
  });
  const sendMessage = useSendContactMessage();

  const onSubmit = handleSubmit((values) => {
    sendMessage.mutate(values, {
      onSuccess: () => reset(emptyMessage),
      // Field problems the server found go under their fields, like the browser's own checks.
      onError: (error) => void applyServerFieldErrors(error, setError, fieldOf),
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="contact-form-title" className="space-y-5">
      <h3 id="contact-form-title" className="text-2xl font-semibold">
        {t('contactForm.title')}
      </h3>
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label={t('contactForm.firstName')}
          autoComplete="given-name"
          error={errors.firstName?.message}
          registration={register('firstName')}
        />
        <InputField
          label={t('contactForm.lastName')}
          autoComplete="family-name"
          optional
          error={errors.lastName?.message}
          registration={register('lastName')}
        />
        <InputField
          label={t('contactForm.email')}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          registration={register('email')}
        />
        <InputField
          label={t('contactForm.phone')}
          type="tel"
          autoComplete="tel"
          optional
          error={errors.phone?.message}
          registration={register('phone')}
        />
      </div>
      <TextareaField
        label={t('contactForm.message')}
        rows={5}
        error={errors.message?.message}
        registration={register('message')}
      />

      <FormActions
        label={t('contactForm.send')}
        icon={Send}
        pending={sendMessage.isPending}
        error={sendMessage.error?.message}
        success={sendMessage.isSuccess ? t('contactForm.sent') : null}
        className="w-full sm:w-auto sm:px-8"
      />
    </form>
  );
}
