import { useEffect, useRef } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_MAX_LENGTH, FEEDBACK_MIN_LENGTH, reviewFormSchema, type ReviewFormInput, type ReviewFormValues } from '@shared/review';
import { SubmitButton } from '@/components/ui/form-actions';
import { FormAlert } from '@/components/ui/form-alert';
import { InputField, TextareaField } from '@/components/ui/form-field';
import { UserAvatar } from '@/components/ui/user-avatar';
import { useErrorText } from '@/hooks/use-error-text';
import { useIntlLocale } from '@/hooks/use-language';
import type { Language } from '@shared/i18n/language';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { useCreateReview, useUpdateReview } from '../api/change-review';
import { StarRatingInput } from './star-rating-input';

const fieldNames = new Set<string>(['rating', 'feedback', 'role']);
function isFieldName(path: string): path is keyof ReviewFormInput {
  return fieldNames.has(path);
}

/** The form's heading: the page links to it (#review-form) so focus lands there when it opens. */
export const REVIEW_FORM_ID = 'review-form';

/** What the panel says once a review is sent or saved (keys of the `reviews` catalogue). */
export const REVIEW_SENT_MESSAGE = 'form.sent';
export const REVIEW_SAVED_MESSAGE = 'form.saved';

interface ReviewFormProps {
  /**
   * What she is reviewing: the service's title as the page shows it (its `lang` when it is not the
   * page's) and when the visit was, e.g. 'Signature Glow Facial', '12 Nov 2026, 10:00'.
   */
  visitLabel: { title: string; lang: Language | undefined; when: string };
  /** She writes about this visit... */
  bookingId: string;
  /** ...or changes the review she wrote. */
  existing?: { id: string; values: ReviewFormValues } | undefined;
  author: { name: string; image: string | null };
  /** Sent or saved: what to tell her (the panel keeps it on screen once the form has closed). */
  onDone: (message: string) => void;
  onCancel: () => void;
}

/**
 * Her review of one visit: stars, feedback and an optional role line, checked by the same schema
 * the server uses. Her name and photo are shown as they will appear: they come from her account.
 */
export function ReviewForm({ visitLabel, bookingId, existing, author, onDone, onCancel }: ReviewFormProps) {
  const { t } = useTranslation('reviews');
  const errorText = useErrorText();
  const locale = useIntlLocale();
  // Ungrouped, as the English hint has always read ('0 / 1000'); Bengali digits on a Bangla page.
  const count = (value: number) => new Intl.NumberFormat(locale, { useGrouping: false }).format(value);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ReviewFormInput, unknown, ReviewFormValues>({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: existing?.values ?? { rating: undefined, feedback: '', role: '' },
    mode: 'onTouched',
  });
  const create = useCreateReview();
  const update = useUpdateReview();
  const mutation = existing ? update : create;
  const feedbackLength = (useWatch({ control, name: 'feedback' }) ?? '').trim().length;

  // Opened from a list or an e-mail link: her attention goes to the form.
  useEffect(() => {
    headingRef.current?.focus();
  }, [bookingId]);

  const showServerIssues = (error: Error) => void applyServerFieldErrors(error, setError, (path) => (isFieldName(path) ? path : undefined));

  const onSubmit = handleSubmit((values) => {
    const done = (key: typeof REVIEW_SENT_MESSAGE | typeof REVIEW_SAVED_MESSAGE) => () => onDone(t(key));
    if (existing) {
      update.mutate({ id: existing.id, changes: values }, { onSuccess: done(REVIEW_SAVED_MESSAGE), onError: showServerIssues });
    } else {
      create.mutate({ bookingId, ...values }, { onSuccess: done(REVIEW_SENT_MESSAGE), onError: showServerIssues });
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={REVIEW_FORM_ID}
      className="space-y-5 rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70 sm:p-6"
    >
      <div>
        <h2 id={REVIEW_FORM_ID} ref={headingRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
          {existing ? t('form.changeTitle') : t('form.writeTitle')}
        </h2>
        <p className="mt-1 text-base-content/75 [overflow-wrap:anywhere]">
          <span lang={visitLabel.lang}>{visitLabel.title}</span>, {visitLabel.when}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <UserAvatar name={author.name} image={author.image} size={48} />
        <div className="min-w-0">
          <p translate="no" className="font-semibold [overflow-wrap:anywhere]">
            {author.name}
          </p>
          <p className="text-sm text-base-content/70">{t('form.shownAs')}</p>
        </div>
      </div>
      <Controller
        control={control}
        name="rating"
        render={({ field }) => (
          <StarRatingInput
            label={t('form.rating')}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.rating?.message}
          />
        )}
      />
      <TextareaField
        label={t('form.feedback')}
        rows={5}
        maxLength={FEEDBACK_MAX_LENGTH}
        hint={t('form.feedbackHint', { length: count(feedbackLength), max: count(FEEDBACK_MAX_LENGTH), min: count(FEEDBACK_MIN_LENGTH) })}
        error={errors.feedback?.message}
        registration={register('feedback')}
      />
      <InputField
        label={t('form.role')}
        optional
        hint={t('form.roleHint')}
        error={errors.role?.message}
        registration={register('role')}
      />
      {mutation.error ? <FormAlert>{errorText(mutation.error.message)}</FormAlert> : null}
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton label={existing ? t('form.save') : t('form.send')} icon={Send} pending={mutation.isPending} className="px-8" />
        <button type="button" className="btn rounded-full btn-ghost" onClick={onCancel}>
          {t('form.cancel')}
        </button>
      </div>
    </form>
  );
}
