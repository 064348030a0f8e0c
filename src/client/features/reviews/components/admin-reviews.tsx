import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, EyeOff, MessageCircleReply, MessageSquareHeart, X } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { replySchema, reviewStateSchema, type AdminReviewQuery, type ManagedReview } from '../../../../shared/review';
import { SubmitButton } from '../../../components/ui/form-actions';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextareaField } from '../../../components/ui/form-field';
import { QueryState } from '../../../components/ui/query-state';
import { StarRating } from '../../../components/ui/star-rating';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { showError, toast } from '../../../lib/dialogs';
import { formatSalonDateTime } from '../../../../shared/calendar';
import { useUpdateReview } from '../api/change-review';
import { useAdminReviews } from '../api/get-admin-reviews';
import { ReviewStateBadge, SalonReply, reviewStateLabels } from './review-card-parts';

const panel = 'rounded-box bg-base-100 shadow-soft ring-1 ring-base-300/70';

interface ReviewFiltersProps {
  filters: AdminReviewQuery;
  onChange: (name: keyof AdminReviewQuery, value: string) => void;
  onClear: () => void;
}

/** Rating and state filters (kept in the page's URL by the route). */
export function ReviewFilters({ filters, onChange, onClear }: ReviewFiltersProps) {
  const id = useId();
  const isFiltered = filters.rating !== undefined || filters.state !== undefined;
  return (
    <form role="search" aria-label="Filter reviews" onSubmit={(event) => event.preventDefault()} className={`mt-8 flex flex-wrap items-end gap-4 p-4 ${panel}`}>
      <div>
        <label htmlFor={`${id}-rating`} className="mb-1.5 block text-sm font-medium">
          Rating
        </label>
        <select id={`${id}-rating`} className="select select-sm" value={filters.rating ?? ''} onChange={(event) => onChange('rating', event.target.value)}>
          <option value="">All</option>
          {[5, 4, 3, 2, 1].map((rating) => (
            <option key={rating} value={rating}>
              {rating} {rating === 1 ? 'star' : 'stars'}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-state`} className="mb-1.5 block text-sm font-medium">
          State
        </label>
        <select id={`${id}-state`} className="select select-sm" value={filters.state ?? ''} onChange={(event) => onChange('state', event.target.value)}>
          <option value="">All</option>
          {reviewStateSchema.options.map((state) => (
            <option key={state} value={state}>
              {reviewStateLabels[state]}
            </option>
          ))}
        </select>
      </div>
      {isFiltered ? (
        <button type="button" className="btn rounded-full btn-ghost btn-sm" onClick={onClear}>
          <X aria-hidden="true" className="size-4" />
          Clear filters
        </button>
      ) : null}
    </form>
  );
}

/** Every review for the admin: its visit, rating and state, with Hide/Show and a public reply. */
export function AdminReviewList({ filters, timeZone }: { filters: AdminReviewQuery; timeZone: string }) {
  const reviews = useAdminReviews(filters);
  const isFiltered = filters.rating !== undefined || filters.state !== undefined;
  return (
    <QueryState
      query={reviews}
      className="mt-6"
      loading={{
        label: 'Loading the reviews',
        rows: 3,
        row: (
          <>
            <div className="skeleton size-10 shrink-0 rounded-full" />
            <div className="flex-1 space-y-2">
              <div className="skeleton h-3.5 w-2/5" />
              <div className="skeleton h-3 w-4/5" />
            </div>
          </>
        ),
      }}
      empty={{
        icon: MessageSquareHeart,
        title: isFiltered ? 'No reviews match these filters' : 'No reviews yet',
        message: isFiltered ? 'Try another rating or state.' : 'When customers review their visits, their reviews appear here.',
      }}
    >
      {(list) => (
        <>
          <p className="mt-6 text-sm text-base-content/75" aria-live="polite">
            {list.length} {list.length === 1 ? 'review' : 'reviews'}
          </p>
          <ul aria-label="Reviews" className="mt-3 space-y-4">
            {list.map((review) => (
              <AdminReviewCard key={review._id} review={review} timeZone={timeZone} />
            ))}
          </ul>
        </>
      )}
    </QueryState>
  );
}

function AdminReviewCard({ review, timeZone }: { review: ManagedReview; timeZone: string }) {
  const update = useUpdateReview();
  const [replying, setReplying] = useState(false);
  const titleId = useId();
  const setHidden = (hidden: boolean) =>
    update.mutate(
      { id: review._id, changes: { hidden } },
      {
        onSuccess: () => void toast({ title: hidden ? 'Review hidden from the home page' : 'Review shown on the home page' }),
        onError: (error) => void showError({ title: 'The review was not changed', text: error.message }),
      },
    );
  return (
    <li className={`p-5 ${panel}`} aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <UserAvatar name={review.name} image={review.image || null} size={40} ring="none" />
          <div className="min-w-0">
            <p id={titleId} className="font-semibold [overflow-wrap:anywhere]">
              {review.name}
            </p>
            {review.email ? <p className="text-xs text-base-content/70 [overflow-wrap:anywhere]">{review.email}</p> : null}
          </div>
        </div>
        <ReviewStateBadge state={review.state} />
      </div>
      <p className="mt-3 text-sm text-base-content/80 [overflow-wrap:anywhere]">
        {review.visit ? (
          <>
            <span className="font-medium">{review.visit.title}</span>
            {', '}
            <time dateTime={review.visit.startsAt}>{formatSalonDateTime(review.visit.startsAt, timeZone)}</time>
          </>
        ) : (
          'Testimonial from before online booking (no visit on record)'
        )}
      </p>
      <StarRating rating={review.rating} className="mt-2" />
      <p className="mt-2 text-base-content/90 [overflow-wrap:anywhere] whitespace-pre-line">{review.feedback}</p>
      {review.role ? <p className="mt-1 text-sm text-base-content/70 [overflow-wrap:anywhere]">{review.role}</p> : null}
      {review.reply && !replying ? <SalonReply reply={review.reply} tone="card" /> : null}
      {replying ? (
        <ReplyForm review={review} onDone={() => setReplying(false)} />
      ) : (
        <div className="mt-4 flex flex-wrap gap-2">
          {review.state === 'published' ? (
            <button type="button" className="btn rounded-full btn-outline btn-sm" aria-describedby={titleId} disabled={update.isPending} onClick={() => setHidden(true)}>
              <EyeOff aria-hidden="true" className="size-4" />
              Hide
            </button>
          ) : (
            <button type="button" className="btn rounded-full btn-sm btn-primary" aria-describedby={titleId} disabled={update.isPending} onClick={() => setHidden(false)}>
              <Eye aria-hidden="true" className="size-4" />
              Show
            </button>
          )}
          <button type="button" className="btn rounded-full btn-outline btn-sm btn-primary" aria-describedby={titleId} onClick={() => setReplying(true)}>
            <MessageCircleReply aria-hidden="true" className="size-4" />
            {review.reply ? 'Edit reply' : 'Reply'}
          </button>
        </div>
      )}
    </li>
  );
}

const replyFormSchema = z.object({ reply: replySchema.min(1, 'Write a reply, or press Remove reply') });
type ReplyFormValues = z.infer<typeof replyFormSchema>;

function ReplyForm({ review, onDone }: { review: ManagedReview; onDone: () => void }) {
  const update = useUpdateReview();
  const formId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ReplyFormValues>({ resolver: zodResolver(replyFormSchema), defaultValues: { reply: review.reply ?? '' } });
  const save = (reply: string | null) =>
    update.mutate(
      { id: review._id, changes: { reply } },
      {
        onSuccess: () => {
          void toast({ title: reply === null ? 'Reply removed' : 'Reply published' });
          onDone();
        },
      },
    );
  return (
    <form noValidate aria-label={`Reply to ${review.name}`} id={formId} onSubmit={handleSubmit((values) => save(values.reply))} className="mt-4 space-y-3">
      <TextareaField label="Public reply from the salon" rows={3} autoFocus error={errors.reply?.message} registration={register('reply')} />
      {update.error ? <FormAlert>{update.error.message}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <SubmitButton label="Publish reply" icon={MessageCircleReply} pending={update.isPending} className="btn-sm" />
        {review.reply ? (
          <button type="button" className="btn rounded-full btn-outline btn-sm btn-error" disabled={update.isPending} onClick={() => save(null)}>
            Remove reply
          </button>
        ) : null}
        <button type="button" className="btn rounded-full btn-ghost btn-sm" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
