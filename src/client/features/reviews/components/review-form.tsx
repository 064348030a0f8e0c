import { useEffect, useRef } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FEEDBACK_MAX_LENGTH, reviewFormSchema, type ReviewFormInput, type ReviewFormValues } from '../../../../shared/review';
import { SubmitButton } from '../../../components/ui/form-actions';
import { FormAlert } from '../../../components/ui/form-alert';
import { InputField, TextareaField } from '../../../components/ui/form-field';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { ApiRequestError } from '../../../lib/api-client';
import { useCreateReview, useUpdateReview } from '../api/change-review';
import { StarRatingInput } from './star-rating-input';

const fieldNames = new Set<string>(['rating', 'feedback', 'role']);
function isFieldName(path: string): path is keyof ReviewFormInput {
  return fieldNames.has(path);
}

/** The form's heading: the page links to it (#review-form) so focus lands there when it opens. */
export const REVIEW_FORM_ID = 'review-form';

export const REVIEW_SENT_MESSAGE = 'Thank you for your review!';
export const REVIEW_SAVED_MESSAGE = 'Your review is updated';

interface ReviewFormProps {
  /** What she is reviewing, e.g. 'Signature Glow Facial on 12 Nov 2026'. */
  visitLabel: string;
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

  const showServerIssues = (error: Error) => {
    if (!(error instanceof ApiRequestError)) return;
    for (const issue of error.issues ?? []) {
      if (isFieldName(issue.path)) setError(issue.path, { type: 'server', message: issue.message });
    }
  };

  const onSubmit = handleSubmit((values) => {
    const done = (message: string) => () => onDone(message);
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
          {existing ? 'Change your review' : 'Write your review'}
        </h2>
        <p className="mt-1 text-base-content/75 [overflow-wrap:anywhere]">{visitLabel}</p>
      </div>
      <div className="flex items-center gap-3">
        <UserAvatar name={author.name} image={author.image} size={48} />
        <div className="min-w-0">
          <p className="font-semibold [overflow-wrap:anywhere]">{author.name}</p>
          <p className="text-sm text-base-content/70">Your photo and first name from your account appear with your review, with only the initial of your last name.</p>
        </div>
      </div>
      <Controller
        control={control}
        name="rating"
        render={({ field }) => (
          <StarRatingInput
            label="Your rating"
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.rating?.message}
          />
        )}
      />
      <TextareaField
        label="Your feedback"
        rows={5}
        maxLength={FEEDBACK_MAX_LENGTH}
        hint={`${feedbackLength} / ${FEEDBACK_MAX_LENGTH} characters; at least 10.`}
        error={errors.feedback?.message}
        registration={register('feedback')}
      />
      <InputField
        label="About you"
        optional
        hint="For example 'University student' or 'Bride, December'."
        error={errors.role?.message}
        registration={register('role')}
      />
      {mutation.error ? <FormAlert>{mutation.error.message}</FormAlert> : null}
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton label={existing ? 'Save changes' : 'Send review'} icon={Send} pending={mutation.isPending} className="px-8" />
        <button type="button" className="btn rounded-full btn-ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
