import { useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Service } from '@shared/service';
import { staffAccountEmailSchema, staffBioSchema, staffNameSchema, type StaffDetail, type StaffService } from '@shared/staff';
import { MAX_UPLOAD_BYTES } from '@shared/user';
import { FormActions } from '@/components/ui/form-actions';
import { FileField, InputField, TextareaField } from '@/components/ui/form-field';
import { UserAvatar } from '@/components/ui/user-avatar';
import { useSalonTexts } from '@/hooks/use-language';
import { useErrorText } from '@/hooks/use-error-text';
import { applyServerFieldErrors } from '@/lib/server-field-errors';

/** The form's values: the shared rules for name and bio, a photo file, and one row per service. */
const staffFormSchema = z.object({
  name: staffNameSchema,
  bio: staffBioSchema,
  // Empty: no account linked. Checked as an e-mail by the shared rule only when filled in.
  accountEmail: z.union([z.literal(''), staffAccountEmailSchema.unwrap()]),
  photo: z
    .custom<FileList | undefined>()
    .transform((files) => files?.[0])
    .superRefine((file, ctx) => {
      if (!file) return;
      if (!file.type.startsWith('image/')) ctx.addIssue({ code: 'custom', message: 'Choose an image file (JPEG, PNG, WebP, GIF or AVIF)' });
      else if (file.size > MAX_UPLOAD_BYTES) ctx.addIssue({ code: 'custom', message: 'The image must be at most 5 MB' });
    }),
  services: z.array(
    z.object({
      serviceId: z.string(),
      selected: z.boolean(),
      // Empty: she takes the service's own duration.
      duration: z
        .string()
        .trim()
        .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) >= 15 && Number(v) <= 480 && Number(v) % 15 === 0), 'Whole quarter hours from 15 to 480'),
    }),
  ),
});
type StaffFormInput = z.input<typeof staffFormSchema>;
export type StaffFormValues = { name: string; bio: string; photo: File | undefined; services: StaffService[]; accountEmail: string | null };

interface StaffFormProps {
  catalogue: Service[];
  /** The stylist being changed; without one the form adds a new stylist. */
  stylist?: StaffDetail | undefined;
  onSubmit: (values: StaffFormValues) => Promise<string | undefined>;
}

/** The API's field names and the form's: the photo is uploaded first and sent as its address. */
const serverFields = { name: 'name', bio: 'bio', accountEmail: 'accountEmail', photo_url: 'photo' } as const;
const fieldOf = (path: string) => (Object.hasOwn(serverFields, path) ? serverFields[path as keyof typeof serverFields] : undefined);

export function StaffForm({ catalogue, stylist, onSubmit }: StaffFormProps) {
  const { t } = useTranslation('staff');
  const errorText = useErrorText();
  const salonText = useSalonTexts();
  const defaultValues = useMemo<StaffFormInput>(() => {
    const mine = new Map((stylist?.services ?? []).map((s) => [s.serviceId, s.duration]));
    return {
      name: stylist?.name ?? '',
      bio: stylist?.bio ?? '',
      accountEmail: stylist?.accountEmail ?? '',
      photo: undefined,
      services: catalogue.map((service) => ({
        serviceId: service._id,
        selected: mine.has(service._id),
        duration: mine.get(service._id)?.toString() ?? '',
      })),
    };
  }, [catalogue, stylist]);
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<StaffFormInput, unknown, z.output<typeof staffFormSchema>>({ resolver: zodResolver(staffFormSchema), defaultValues, mode: 'onTouched' });
  const rows = useWatch({ control, name: 'services' });
  const [notice, setNotice] = useState<string | null>(null);

  const submit = handleSubmit(async (values) => {
    setNotice(null);
    const services = values.services.filter((s) => s.selected).map((s) => ({ serviceId: s.serviceId, duration: s.duration === '' ? null : Number(s.duration) }));
    try {
      const accountEmail = values.accountEmail === '' ? null : values.accountEmail;
      const result = await onSubmit({ name: values.name, bio: values.bio, photo: values.photo, services, accountEmail });
      if (!stylist) reset(defaultValues);
      setNotice(result ?? null);
    } catch (error) {
      applyServerFieldErrors(error, setError, fieldOf);
      setError('root.server', { type: 'server', message: error instanceof Error ? error.message : t('form.notSaved') });
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-label={stylist ? t('editName', { name: stylist.name }) : t('add')} className="space-y-5">
      <InputField label={t('form.name')} autoComplete="off" error={errors.name?.message} registration={register('name')} />
      <TextareaField label={t('form.bio')} optional rows={3} hint={t('form.bioHint')} error={errors.bio?.message} registration={register('bio')} />
      <InputField
        label={t('form.accountEmail')}
        optional
        type="email"
        autoComplete="off"
        hint={t('form.accountEmailHint')}
        error={errors.accountEmail?.message}
        registration={register('accountEmail')}
      />
      <FileField
        label={t('form.photo')}
        optional
        accept="image/*"
        hint={stylist?.photo_url ? t('form.photoKeep') : t('form.photoNone')}
        error={errors.photo?.message}
        registration={register('photo')}
        preview={<UserAvatar name={stylist?.name ?? t('form.newStylist')} image={stylist?.photo_url ?? null} size={48} ring="none" />}
      />
      <fieldset>
        <legend className="mb-2 text-sm font-medium">{t('form.services')}</legend>
        <p className="mb-3 text-xs text-base-content/70">{t('form.servicesHint')}</p>
        <ul className="divide-y divide-base-300 rounded-box ring-1 ring-base-300">
          {catalogue.map((service, index) => {
            const durationError = errors.services?.[index]?.duration?.message;
            const title = salonText(service.title, service.title_bn);
            return (
              <li key={service._id} className="flex flex-wrap items-center gap-x-3 gap-y-2 p-3">
                <label className="flex min-w-0 flex-1 basis-48 items-center gap-3">
                  <input type="checkbox" className="checkbox checkbox-sm checkbox-primary" {...register(`services.${index}.selected`)} />
                  <span className="min-w-0 break-words" lang={title.lang}>
                    {title.text}
                  </span>
                </label>
                {rows?.[index]?.selected && (
                  <label className="flex items-center gap-2 text-sm">
                    <span>{t('form.minutes')}</span>
                    <input
                      type="text"
                      inputMode="numeric"
                      placeholder={String(service.duration)}
                      aria-label={t('form.minutesFor', { service: title.text })}
                      aria-invalid={durationError ? true : undefined}
                      className={`input input-sm w-20 ${durationError ? 'input-error' : ''}`}
                      {...register(`services.${index}.duration`)}
                    />
                  </label>
                )}
                {durationError && <p className="w-full text-sm font-medium text-error">{errorText(durationError)}</p>}
              </li>
            );
          })}
        </ul>
      </fieldset>
      <FormActions label={stylist ? t('form.saveChanges') : t('form.addStylist')} icon={Save} pending={isSubmitting} error={errors.root?.server?.message} success={notice} className="w-full sm:w-auto sm:px-10" />
    </form>
  );
}
