import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, EyeOff, MessageCircleReply, MessageSquareHeart } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { replySchema, reviewStateSchema, type AdminReviewQuery, type ManagedReview } from '@shared/review';
import { SubmitButton } from '@/components/ui/form-actions';
import { FormAlert } from '@/components/ui/form-alert';
import { TextareaField } from '@/components/ui/form-field';
import { FilterBar, FilterSelect } from '@/components/ui/list-filters';
import { QueryState } from '@/components/ui/query-state';
import { StarRating } from '@/components/ui/star-rating';
import { UserAvatar } from '@/components/ui/user-avatar';
import { showError, toast } from '@/lib/dialogs';
import { useSalonText } from '@/hooks/use-language';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { useUpdateReview } from '../api/change-review';
import { useAdminReviews } from '../api/get-admin-reviews';
import { ReviewStateBadge, ReviewWords, SalonReply } from './review-card-parts';

const panel = 'rounded-box bg-base-100 shadow-soft ring-1 ring-base-300/70';

interface ReviewFiltersProps {
  filters: AdminReviewQuery;
  onChange: (name: keyof AdminReviewQuery, value: string) => void;
  onClear: () => void;
}

const RATINGS = [5, 4, 3, 2, 1] as const;

/** Rating and state filters (kept in the page's URL by the route), in the lists' shared filter bar. */
export function ReviewFilters({ filters, onChange, onClear }: ReviewFiltersProps) {
  const { t } = useTranslation('admin-tools');
  const ratings = RATINGS.map((rating) => ({ value: String(rating), label: t('reviews.stars', { count: rating }) }));
  const states = reviewStateSchema.options.map((state) => ({ value: state, label: t(`reviews.states.${state}`) }));
  return (
    <FilterBar label={t('reviews.filterLabel')} isFiltered={filters.rating !== undefined || filters.state !== undefined} onClear={onClear}>
      <FilterSelect label={t('reviews.rating')} value={filters.rating?.toString()} options={ratings} onChange={(value) => onChange('rating', value)} />
      <FilterSelect label={t('reviews.state')} value={filters.state} options={states} onChange={(value) => onChange('state', value)} />
    </FilterBar>
  );
}

/** Every review for the admin: its visit, rating and state, with Hide/Show and a public reply. */
export function AdminReviewList({ filters, timeZone }: { filters: AdminReviewQuery; timeZone: string }) {
  const { t } = useTranslation('admin-tools');
  const reviews = useAdminReviews(filters);
  const isFiltered = filters.rating !== undefined || filters.state !== undefined;
  return (
    <QueryState
      query={reviews}
      className="mt-6"
      loading={{
        label: t('reviews.loading'),
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
        title: isFiltered ? t('reviews.emptyFiltered.title') : t('reviews.empty.title'),
        message: isFiltered ? t('reviews.emptyFiltered.message') : t('reviews.empty.message'),
      }}
    >
      {(list) => (
        <>
          <p className="mt-6 text-sm text-base-content/75" aria-live="polite">
            {t('reviews.count', { count: list.length })}
          </p>
          <ul aria-label={t('reviews.listLabel')} className="mt-3 space-y-4">
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
  const { t } = useTranslation('admin-tools');
  const format = useSalonFormat();
  const visitTitle = useSalonText(review.visit?.title ?? '', review.visit?.title_bn);
  const update = useUpdateReview();
  const [replying, setReplying] = useState(false);
  const titleId = useId();
  const setHidden = (hidden: boolean) =>
    update.mutate(
      { id: review._id, changes: { hidden } },
      {
        onSuccess: () => void toast({ title: hidden ? t('reviews.hiddenToast') : t('reviews.shownToast') }),
        onError: (error) => void showError({ title: t('reviews.notChanged'), text: error.message }),
      },
    );
  return (
    <li className={`p-5 ${panel}`} aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <UserAvatar name={review.name} image={review.image || null} size={40} ring="none" />
          <div className="min-w-0">
            <p id={titleId} className="font-semibold [overflow-wrap:anywhere]" translate="no">
              {review.name}
            </p>
            {review.email ? (
              <p className="text-xs text-base-content/70 [overflow-wrap:anywhere]" translate="no">
                {review.email}
              </p>
            ) : null}
          </div>
        </div>
        <ReviewStateBadge state={review.state} />
      </div>
      <p className="mt-3 text-sm text-base-content/80 [overflow-wrap:anywhere]">
        {review.visit ? (
          <>
            <span className="font-medium" lang={visitTitle.lang}>
              {visitTitle.text}
            </span>
            {', '}
            <time dateTime={review.visit.startsAt}>{format.dateTime(review.visit.startsAt, timeZone)}</time>
          </>
        ) : (
          t('reviews.noVisit')
        )}
      </p>
      <StarRating rating={review.rating} className="mt-2" />
      <ReviewWords feedback={review.feedback} role={review.role} />
      {review.reply && !replying ? <SalonReply reply={review.reply} tone="card" /> : null}
      {replying ? (
        <ReplyForm review={review} onDone={() => setReplying(false)} />
      ) : (
        <div className="mt-4 flex flex-wrap gap-2">
          {review.state === 'published' ? (
            <button type="button" className="btn rounded-full btn-outline btn-sm" aria-describedby={titleId} disabled={update.isPending} onClick={() => setHidden(true)}>
              <EyeOff aria-hidden="true" className="size-4" />
              {t('reviews.hide')}
            </button>
          ) : (
            <button type="button" className="btn rounded-full btn-sm btn-primary" aria-describedby={titleId} disabled={update.isPending} onClick={() => setHidden(false)}>
              <Eye aria-hidden="true" className="size-4" />
              {t('reviews.show')}
            </button>
          )}
          <button type="button" className="btn rounded-full btn-outline btn-sm btn-primary" aria-describedby={titleId} onClick={() => setReplying(true)}>
            <MessageCircleReply aria-hidden="true" className="size-4" />
            {review.reply ? t('reviews.editReply') : t('reviews.reply')}
          </button>
        </div>
      )}
    </li>
  );
}

const replyFormSchema = z.object({ reply: replySchema.min(1, 'Write a reply, or press Remove reply') });
type ReplyFormValues = z.infer<typeof replyFormSchema>;

function ReplyForm({ review, onDone }: { review: ManagedReview; onDone: () => void }) {
  const { t } = useTranslation('admin-tools');
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
          void toast({ title: reply === null ? t('reviews.removedToast') : t('reviews.publishedToast') });
          onDone();
        },
      },
    );
  return (
    <form noValidate aria-label={t('reviews.replyTo', { name: review.name })} id={formId} onSubmit={handleSubmit((values) => save(values.reply))} className="mt-4 space-y-3">
      <TextareaField label={t('reviews.replyLabel')} rows={3} autoFocus error={errors.reply?.message} registration={register('reply')} />
      {update.error ? <FormAlert>{update.error.message}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <SubmitButton label={t('reviews.publish')} icon={MessageCircleReply} pending={update.isPending} className="btn-sm" />
        {review.reply ? (
          <button type="button" className="btn rounded-full btn-outline btn-sm btn-error" disabled={update.isPending} onClick={() => save(null)}>
            {t('reviews.removeReply')}
          </button>
        ) : null}
        <button type="button" className="btn rounded-full btn-ghost btn-sm" onClick={onDone}>
          {t('reviews.cancel')}
        </button>
      </div>
    </form>
  );
}
