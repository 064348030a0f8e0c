import { useState } from 'react';
import { CalendarCheck, CheckCircle2, MessageSquareHeart, PenLine, Trash2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ManagedReview, MyReviews, ReviewVisit } from '@shared/review';
import { FormAlert } from '@/components/ui/form-alert';
import { QueryState } from '@/components/ui/query-state';
import { StarRating } from '@/components/ui/star-rating';
import { confirmDialog, showError, toast } from '@/lib/dialogs';
import { useSalonText, useSalonTexts } from '@/hooks/use-language';
import type { Language } from '@shared/i18n/language';
import { useSalonFormat, type SalonFormat } from '@/hooks/use-salon-format';
import type { SessionUser } from '@shared/user';
import { useErrorText } from '@/hooks/use-error-text';
import { useDeleteReview } from '../api/change-review';
import { useMyReviews } from '../api/get-my-reviews';
import { ReviewForm } from './review-form';
import { ReviewStateBadge, ReviewWords, SalonReply } from './review-card-parts';

const panel = 'rounded-box bg-base-100 shadow-soft ring-1 ring-base-300/70';

interface MyReviewsPanelProps {
  user: SessionUser;
  timeZone: string;
  /** The visit whose form is open (from the list or the e-mail link), if any. */
  openBookingId: string | undefined;
  onOpen: (bookingId: string) => void;
  onClose: () => void;
}

/** The visit a review is about, as the form names it: its title as the page shows it, and when. */
export function visitLabel(
  visit: ReviewVisit,
  timeZone: string,
  dates: Pick<SalonFormat, 'dateTime'>,
  texts: ReturnType<typeof useSalonTexts>,
): { title: string; lang: Language | undefined; when: string } {
  const title = texts(visit.title, visit.title_bn);
  return { title: title.text, lang: title.lang, when: dates.dateTime(visit.startsAt, timeZone) };
}

/** /dashboard/review: the visits she can review, her reviews and their state, and the form. */
export function MyReviewsPanel({ user, timeZone, openBookingId, onOpen, onClose }: MyReviewsPanelProps) {
  const { t } = useTranslation('reviews');
  const query = useMyReviews(user.email);
  const row = (
    <>
      <div className="skeleton size-12 shrink-0 rounded-field" />
      <div className="flex-1 space-y-2">
        <div className="skeleton h-3.5 w-2/5" />
        <div className="skeleton h-3 w-3/5" />
      </div>
    </>
  );
  return (
    <QueryState query={query} className="mt-8" loading={{ label: t('loading'), rows: 2, row }}>
      {(data) => <Loaded data={data} user={user} timeZone={timeZone} openBookingId={openBookingId} onOpen={onOpen} onClose={onClose} />}
    </QueryState>
  );
}

function Loaded({ data, user, timeZone, openBookingId, onOpen, onClose }: MyReviewsPanelProps & { data: MyReviews }) {
  const { t } = useTranslation('reviews');
  const dates = useSalonFormat();
  const texts = useSalonTexts();
  // What the last send or save did, kept on screen after the form closes (a toast was gone
  // before many noticed it). Opening another form clears it.
  const [notice, setNotice] = useState<string | null>(null);
  const open = (bookingId: string) => {
    setNotice(null);
    onOpen(bookingId);
  };
  const done = (message: string) => {
    setNotice(message);
    onClose();
  };
  const openVisit = openBookingId ? data.reviewable.find((visit) => visit.bookingId === openBookingId) : undefined;
  const openReview = openBookingId ? data.reviews.find((review) => review.visit?.bookingId === openBookingId) : undefined;
  const author = { name: user.name, image: user.image };

  return (
    <div className="mt-8 space-y-10">
      {openVisit ? (
        <ReviewForm key={openVisit.bookingId} bookingId={openVisit.bookingId} visitLabel={visitLabel(openVisit, timeZone, dates, texts)} author={author} onDone={done} onCancel={onClose} />
      ) : openReview?.visit ? (
        <ReviewForm
          key={openReview._id}
          bookingId={openReview.visit.bookingId}
          visitLabel={visitLabel(openReview.visit, timeZone, dates, texts)}
          existing={{ id: openReview._id, values: { rating: openReview.rating, feedback: openReview.feedback, role: openReview.role } }}
          author={author}
          onDone={done}
          onCancel={onClose}
        />
      ) : openBookingId ? (
        <FormAlert>{t('cannotReview')}</FormAlert>
      ) : notice ? (
        <SentNotice message={notice} onDismiss={() => setNotice(null)} />
      ) : null}

      <section aria-labelledby="visits-to-review">
        <h2 id="visits-to-review" className="text-xl font-semibold">
          {t('visits.heading')}
        </h2>
        {data.reviewable.length === 0 ? (
          <div className={`mt-4 flex flex-col items-center gap-2 p-8 text-center ${panel}`}>
            <CalendarCheck aria-hidden="true" className="size-8 text-primary" />
            <p className="font-display text-lg font-semibold">{t('visits.emptyTitle')}</p>
            <p className="text-base-content/75">{t('visits.emptyText')}</p>
          </div>
        ) : (
          <ul aria-label={t('visits.heading')} className="mt-4 grid gap-4 md:grid-cols-2">
            {data.reviewable.map((visit) => (
              <VisitCard key={visit.bookingId} visit={visit} timeZone={timeZone} isOpen={visit.bookingId === openBookingId} onWrite={() => open(visit.bookingId)} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="your-reviews">
        <h2 id="your-reviews" className="text-xl font-semibold">
          {t('mine.heading')}
        </h2>
        {data.reviews.length === 0 ? (
          <div className={`mt-4 flex flex-col items-center gap-2 p-8 text-center ${panel}`}>
            <MessageSquareHeart aria-hidden="true" className="size-8 text-primary" />
            <p className="font-display text-lg font-semibold">{t('mine.emptyTitle')}</p>
            <p className="text-base-content/75">{t('mine.emptyText')}</p>
          </div>
        ) : (
          <ul aria-label={t('mine.heading')} className="mt-4 space-y-4">
            {data.reviews.map((review) => (
              <MyReviewCard key={review._id} review={review} timeZone={timeZone} onEdit={() => review.visit && open(review.visit.bookingId)} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** 'Thank you for your review!' and where it is now, announced as a status, until she closes it. */
function SentNotice({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  const { t } = useTranslation('reviews');
  return (
    <div role="status" className="flex items-start gap-3 rounded-box border border-success/40 bg-success/10 p-4">
      <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{message}</p>
        <p className="mt-1 text-sm text-base-content/80">{t('sent.where')}</p>
      </div>
      <button type="button" className="btn btn-circle btn-ghost btn-sm" aria-label={t('sent.close')} onClick={onDismiss}>
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

function VisitCard({ visit, timeZone, isOpen, onWrite }: { visit: ReviewVisit; timeZone: string; isOpen: boolean; onWrite: () => void }) {
  const { t } = useTranslation('reviews');
  const dates = useSalonFormat();
  const title = useSalonText(visit.title, visit.title_bn);
  const titleId = `visit-${visit.bookingId}`;
  return (
    <li className={`flex flex-wrap items-center gap-4 p-4 ${panel}`}>
      <img src={visit.image} alt="" width={56} height={56} className="size-14 shrink-0 rounded-field bg-base-200 object-cover" />
      {/* At least 10rem: on a 320 px phone the button goes below rather than squeezing the title
          until its words break. */}
      <div className="min-w-40 flex-1">
        <p id={titleId} lang={title.lang} className="font-semibold wrap-break-word">
          {title.text}
        </p>
        <p className="text-sm text-base-content/75">
          <time dateTime={visit.startsAt}>{dates.dateTime(visit.startsAt, timeZone)}</time>
        </p>
      </div>
      <button type="button" className="btn rounded-full btn-sm btn-primary" aria-describedby={titleId} aria-pressed={isOpen} onClick={onWrite}>
        <PenLine aria-hidden="true" className="size-4" />
        {t('visits.write')}
      </button>
    </li>
  );
}

function MyReviewCard({ review, timeZone, onEdit }: { review: ManagedReview; timeZone: string; onEdit: () => void }) {
  const { t } = useTranslation('reviews');
  const dates = useSalonFormat();
  const texts = useSalonTexts();
  const title = review.visit ? texts(review.visit.title, review.visit.title_bn) : { text: t('mine.review'), lang: undefined };
  const errorText = useErrorText();
  const remove = useDeleteReview();
  const titleId = `review-${review._id}`;
  const onDelete = async () => {
    const confirmed = await confirmDialog({
      title: t('delete.title'),
      text: t('delete.text'),
      confirmButtonText: t('delete.yes'),
      cancelButtonText: t('delete.keep'),
    });
    if (!confirmed) return;
    remove.mutate(review._id, {
      onSuccess: () => void toast({ title: t('delete.done') }),
      onError: (error) => void showError({ title: t('delete.failed'), text: errorText(error.message) }),
    });
  };
  return (
    <li className={`p-5 ${panel}`} aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p id={titleId} lang={title.lang} className="font-semibold [overflow-wrap:anywhere]">
            {title.text}
          </p>
          {review.visit ? (
            <p className="text-sm text-base-content/75">
              <time dateTime={review.visit.startsAt}>{dates.dateTime(review.visit.startsAt, timeZone)}</time>
            </p>
          ) : null}
        </div>
        <ReviewStateBadge state={review.state} />
      </div>
      <StarRating rating={review.rating} className="mt-3" />
      <ReviewWords feedback={review.feedback} role={review.role} />
      {review.state === 'hidden' ? (
        <p className="mt-2 text-sm text-base-content/75">{t('mine.hidden')}</p>
      ) : null}
      {review.reply ? <SalonReply reply={review.reply} tone="card" /> : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className="btn rounded-full btn-outline btn-sm btn-primary" aria-describedby={titleId} onClick={onEdit} disabled={!review.visit}>
          <PenLine aria-hidden="true" className="size-4" />
          {t('mine.edit')}
        </button>
        <button
          type="button"
          className="btn rounded-full btn-outline btn-sm btn-error"
          aria-describedby={titleId}
          disabled={remove.isPending}
          onClick={() => void onDelete()}
        >
          {remove.isPending ? <span aria-hidden="true" className="loading loading-xs loading-spinner" /> : <Trash2 aria-hidden="true" className="size-4" />}
          {t('mine.delete')}
        </button>
      </div>
    </li>
  );
}
