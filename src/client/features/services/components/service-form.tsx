import { useCallback, useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { ImageIcon, Send } from 'lucide-react';
import { useForm, useWatch, type DefaultValues, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { paymentPolicySchema } from '@shared/deposits';
import { responsiveImage } from '@shared/images';
import {
  BUFFER_STEP,
  DEFAULT_DURATION,
  MAX_BUFFER,
  MAX_DURATION,
  MIN_DURATION,
  serviceBufferSchema,
  serviceCategorySchema,
  serviceDescriptionBnSchema,
  serviceDescriptionSchema,
  serviceDurationSchema,
  servicePriceSchema,
  serviceTitleBnSchema,
  serviceTitleSchema,
  type Service,
} from '@shared/service';
import { MAX_UPLOAD_BYTES } from '@shared/user';
import { FormActions } from '@/components/ui/form-actions';
import { FileField, InputField, TextareaField } from '@/components/ui/form-field';
import { PaymentPolicyFieldset } from '@/components/payment-policy-fieldset';
import { useContentLang, useLanguage } from '@/hooks/use-language';
import { pickText } from '@shared/i18n/bilingual';
import { applyServerFieldErrors } from '@/lib/server-field-errors';

export const IMAGE_REQUIRED_MESSAGE = 'Image is required';
export const IMAGE_TOO_LARGE_MESSAGE = 'The image must be at most 5 MB';
export const IMAGE_TYPE_MESSAGE = 'Choose an image file (JPEG, PNG, WebP, GIF or AVIF)';

/** The image field holds the input's FileList; its first file is the image (spec section 5). */
function imageFieldSchema(required: boolean) {
  return z
    .custom<FileList | undefined>()
    .transform((files) => files?.[0])
    .superRefine((file, ctx) => {
      if (!file) {
        if (required) ctx.addIssue({ code: 'custom', message: IMAGE_REQUIRED_MESSAGE });
        return;
      }
      if (!file.type.startsWith('image/')) ctx.addIssue({ code: 'custom', message: IMAGE_TYPE_MESSAGE });
      else if (file.size > MAX_UPLOAD_BYTES) ctx.addIssue({ code: 'custom', message: IMAGE_TOO_LARGE_MESSAGE });
    });
}

// Spec section 5 makes the title optional when updating; sending an empty one would blank the
// service's name, so an empty title means "keep the current one", as an empty image does.
const titleToKeepSchema = z
  .string()
  .trim()
  .transform((title) => (title === '' ? undefined : title))
  .pipe(serviceTitleSchema.optional());

// The field is optional: left empty (a number input then gives NaN) it means no time after the visit.
const bufferFieldSchema = z.preprocess((minutes) => (typeof minutes === 'number' && Number.isNaN(minutes) ? 0 : minutes), serviceBufferSchema);

/** 'The salon's policy' is a choice of the radio group, sent as null (no policy of the service's own). */
const SALON_POLICY = 'salon';
const policyFieldSchema = z
  .discriminatedUnion('mode', [z.object({ mode: z.literal(SALON_POLICY) }), ...paymentPolicySchema.options], { error: 'Choose how it is paid' })
  .transform((policy) => (policy.mode === SALON_POLICY ? null : policy));

/** The shared rules the server checks too, plus the image, which is uploaded before the save. */
function serviceFormSchema({ isUpdate }: { isUpdate: boolean }) {
  return z.object({
    title: isUpdate ? titleToKeepSchema : serviceTitleSchema,
    price: servicePriceSchema,
    description: serviceDescriptionSchema,
    // Optional, with the English limits; left empty: none, and a Bangla page shows the English.
    title_bn: serviceTitleBnSchema,
    description_bn: serviceDescriptionBnSchema,
    duration: serviceDurationSchema,
    buffer: bufferFieldSchema,
    category: serviceCategorySchema,
    paymentPolicy: policyFieldSchema,
    image: imageFieldSchema(!isUpdate),
  });
}

type ServiceFormSchema = ReturnType<typeof serviceFormSchema>;
type ServiceFormInput = z.input<ServiceFormSchema>;
export type ServiceFormValues = z.output<ServiceFormSchema>;
const fieldOfIssuePath: Record<string, FieldPath<ServiceFormInput>> = {
  title: 'title',
  price: 'price',
  description: 'description',
  title_bn: 'title_bn',
  description_bn: 'description_bn',
  duration: 'duration',
  buffer: 'buffer',
  category: 'category',
  // The server names the saved address; the form names the file it came from.
  image_url: 'image',
  image: 'image',
  'paymentPolicy.mode': 'paymentPolicy.mode',
  'paymentPolicy.percent': 'paymentPolicy.percent',
  'paymentPolicy.amount': 'paymentPolicy.amount',
};
const fieldOf = (path: string) => (Object.hasOwn(fieldOfIssuePath, path) ? fieldOfIssuePath[path] : undefined);

function defaultValuesOf(service: Service | undefined): DefaultValues<ServiceFormInput> {
  if (!service) {
    return { title: '', description: '', title_bn: '', description_bn: '', duration: DEFAULT_DURATION, buffer: 0, category: '', paymentPolicy: { mode: SALON_POLICY }, image: undefined };
  }
  return {
    title: service.title,
    price: service.price,
    description: service.description,
    title_bn: service.title_bn ?? '',
    description_bn: service.description_bn ?? '',
    duration: service.duration,
    buffer: service.buffer,
    category: service.category ?? '',
    paymentPolicy: service.paymentPolicy ?? { mode: SALON_POLICY },
    image: undefined,
  };
}

/** The preview's width, for the browser's choice from the current image's srcset. */
const PREVIEW_SIZES = '96px';

/** The chosen file where the browser can show it, else the service's current image. */
function ImagePreview({ file, current }: { file: File | undefined; current: Service | undefined }) {
  const { t } = useTranslation('services');
  const language = useLanguage();
  // A ref with a cleanup (React 19) makes and frees the preview URL with the <img> itself, so
  // StrictMode's second attach gets a live URL and nothing is held after the file changes.
  const showChosen = file !== undefined && file.type.startsWith('image/');
  const attachChosen = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img || !file || typeof URL.createObjectURL !== 'function') return undefined;
      const url = URL.createObjectURL(file);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );

  const frame = 'grid h-18 w-24 shrink-0 place-items-center overflow-hidden rounded-field bg-base-200 ring-1 ring-base-300';
  if (showChosen) {
    return (
      <span className={frame}>
        <img ref={attachChosen} alt={t('form.chosenImage')} className="size-full object-cover" />
      </span>
    );
  }
  if (current) {
    return (
      <span className={frame}>
        <img
          src={current.image_url}
          {...responsiveImage(current.image_url, PREVIEW_SIZES)}
          width={96}
          height={72}
          alt={t('form.currentImage', { title: pickText({ en: current.title, bn: current.title_bn }, language).text })}
          className="size-full object-cover"
        />
      </span>
    );
  }
  return (
    <span className={frame}>
      <ImageIcon aria-hidden="true" className="size-6 text-base-content/50" />
    </span>
  );
}

interface ServiceFormProps {
  /** The service being changed; without one the form adds a new service and needs an image. */
  service?: Service;
  /**
   * Saves the values. A rejection (an ApiRequestError) is shown on the form; a string it resolves
   * with is shown as a note (e.g. that nothing needed changing).
   */
  onSubmit: (values: ServiceFormValues) => Promise<string | undefined>;
}

/** The one form behind Add service and Update service (spec sections 2 and 5). */
export function ServiceForm({ service, onSubmit }: ServiceFormProps) {
  const { t } = useTranslation('services');
  // What the salon writes in English is marked so on a Bangla page (read with an English voice).
  const englishLang = useContentLang();
  const isUpdate = service !== undefined;
  const schema = useMemo(() => serviceFormSchema({ isUpdate }), [isUpdate]);
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    setValue,
    getFieldState,
    formState: { errors, isSubmitting },
  } = useForm<ServiceFormInput, unknown, ServiceFormValues>({
    resolver: zodResolver(schema),
    defaultValues: defaultValuesOf(service),
    mode: 'onTouched',
  });
  const files = useWatch({ control, name: 'image' });
  const policyMode = useWatch({ control, name: 'paymentPolicy.mode' });
  const [notice, setNotice] = useState<string | null>(null);

  const submit = handleSubmit(async (values) => {
    setNotice(null);
    let result: string | undefined;
    try {
      result = await onSubmit(values);
    } catch (error) {
      applyServerFieldErrors(error, setError, fieldOf);
      setError('root.server', { type: 'server', message: error instanceof Error ? error.message : t('form.notSaved') });
      return;
    }
    // A new service's form starts again empty; an updated one is re-rendered from the saved service.
    if (!isUpdate) {
      // Emptied through its field first, so the file cannot be sent twice even where the native
      // form reset behind reset() leaves file inputs alone (jsdom).
      setValue('image', undefined);
      reset();
    }
    setNotice(result ?? null);
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={isUpdate ? t('form.updateLabel') : t('form.addLabel')}
      className="mt-8 rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70 sm:p-8"
    >
      <div className="grid gap-5 md:grid-cols-2">
        <InputField
          label={t('form.title')}
          className="md:col-span-2"
          autoComplete="off"
          lang={englishLang}
          hint={isUpdate ? t('form.titleKeep') : undefined}
          error={errors.title?.message}
          registration={register('title')}
        />
        <InputField
          label={t('form.titleBn')}
          optional
          className="md:col-span-2"
          autoComplete="off"
          lang="bn"
          hint={t('form.titleBnHint')}
          error={errors.title_bn?.message}
          registration={register('title_bn')}
        />
        <InputField
          label={t('form.price')}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          hint={t('form.priceHint')}
          error={errors.price?.message}
          registration={register('price', { valueAsNumber: true })}
        />
        <InputField
          label={t('form.duration')}
          type="number"
          inputMode="numeric"
          min={MIN_DURATION}
          max={MAX_DURATION}
          step={5}
          hint={t('form.durationHint', { min: MIN_DURATION, max: MAX_DURATION })}
          error={errors.duration?.message}
          registration={register('duration', { valueAsNumber: true })}
        />
        <InputField
          label={t('form.buffer')}
          optional
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_BUFFER}
          step={BUFFER_STEP}
          hint={t('form.bufferHint')}
          error={errors.buffer?.message}
          registration={register('buffer', { valueAsNumber: true })}
        />
        <InputField
          label={t('form.category')}
          optional
          autoComplete="off"
          lang={englishLang}
          hint={t('form.categoryHint')}
          error={errors.category?.message}
          registration={register('category')}
        />
        <TextareaField
          label={t('form.description')}
          className="md:col-span-2"
          rows={4}
          lang={englishLang}
          error={errors.description?.message}
          registration={register('description')}
        />
        <TextareaField
          label={t('form.descriptionBn')}
          optional
          className="md:col-span-2"
          rows={4}
          lang="bn"
          hint={t('form.descriptionBnHint')}
          error={errors.description_bn?.message}
          registration={register('description_bn')}
        />
        <div className="md:col-span-2">
          <PaymentPolicyFieldset
            legend={t('form.policy')}
            hint={t('form.policyHint')}
            mode={policyMode}
            inherit={{ value: SALON_POLICY, label: t('form.salonPolicy'), hint: t('form.salonPolicyHint') }}
            form={{ register, getFieldState }}
          />
        </div>
        <FileField
          label={t('form.image')}
          className="md:col-span-2"
          accept="image/*"
          hint={isUpdate ? t('form.imageKeepHint') : t('form.imageHint')}
          error={errors.image?.message}
          registration={register('image')}
          preview={<ImagePreview file={files?.[0]} current={service} />}
        />
      </div>

      <div className="mt-6 space-y-4">
        <FormActions
          label={t('form.submit')}
          icon={Send}
          pending={isSubmitting}
          error={errors.root?.server?.message}
          success={notice}
          className="w-full shadow-soft sm:w-auto sm:px-10"
        />
      </div>
    </form>
  );
}
