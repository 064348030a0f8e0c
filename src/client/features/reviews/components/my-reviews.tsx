import { useState } from 'react';
import { CalendarCheck, CheckCircle2, MessageSquareHeart, PenLine, Trash2, X } from 'lucide-react';
import type { ManagedReview, MyReviews, ReviewVisit } from '../../../../shared/review';
import { ErrorState } from '../../../components/ui/error-state';
import { FormAlert } from '../../../components/ui/form-alert';
import { StarRating } from '../../../components/ui/star-rating';
import { confirmDialog, showError, toast } from '../../../lib/dialogs';
import { formatSalonDateTime } from '../../../../shared/calendar';
import type { SessionUser } from '../../../../shared/user';
import { useDeleteReview } from '../api/change-review';
import { useMyReviews } from '../api/get-my-reviews';
import { ReviewForm } from './review-form';
import { ReviewStateBadge, SalonReply } from './review-card-parts';

const panel = 'rounded-box bg-base-100 shadow-soft ring-1 ring-base-300/70';

interface MyReviewsPanelProps {
  user: SessionUser;
  timeZone: string;
  /** The visit whose form is open (from the list or the e-mail link), if any. */
  openBookingId: string | undefined;
  onOpen: (bookingId: string) => void;
  onClose: () => void;
}

export function visitLabel(visit: ReviewVisit, timeZone: string): string {
  return `${visit.title}, ${formatSalonDateTime(visit.startsAt, timeZone)}`;
}

/** /dashboard/review: the visits she can review, her reviews and their state, and the form. */
export function MyReviewsPanel({ user, timeZone, openBookingId, onOpen, onClose }: MyReviewsPanelProps) {
  const query = useMyReviews(user.email);

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading your visits and reviews" className={`mt-8 space-y-3 p-5 ${panel}`}>
        {[0, 1].map((row) => (
          <div key={row} className="flex items-center gap-4">
            <div className="skeleton size-12 shrink-0 rounded-field" />
            <div className="flex-1 space-y-2">
              <div className="skeleton h-3.5 w-2/5" />
              <div className="skeleton h-3 w-3/5" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="mt-8">
        <ErrorState title="Something went wrong" message={query.error.message} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
      </div>
    );
  }
  return <Loaded data={query.data} user={user} timeZone={timeZone} openBookingId={openBookingId} onOpen={onOpen} onClose={onClose} />;
}

function Loaded({ data, user, timeZone, openBookingId, onOpen, onClose }: MyReviewsPanelProps & { data: MyReviews }) {
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
        <ReviewForm key={openVisit.bookingId} bookingId={openVisit.bookingId} visitLabel={visitLabel(openVisit, timeZone)} author={author} onDone={done} onCancel={onClose} />
      ) : openReview?.visit ? (
        <ReviewForm
          key={openReview._id}
          bookingId={openReview.visit.bookingId}
          visitLabel={visitLabel(openReview.visit, timeZone)}
          existing={{ id: openReview._id, values: { rating: openReview.rating, feedback: openReview.feedback, role: openReview.role } }}
          author={author}
          onDone={done}
          onCancel={onClose}
        />
      ) : openBookingId ? (
        <FormAlert>
          This visit cannot be reviewed: it is not one of your visits, or it has not happened yet. Choose one of your visits below.
        </FormAlert>
      ) : notice ? (
        <SentNotice message={notice} onDismiss={() => setNotice(null)} />
      ) : null}

      <section aria-labelledby="visits-to-review">
        <h2 id="visits-to-review" className="text-xl font-semibold">
          Visits to review
        </h2>
        {data.reviewable.length === 0 ? (
          <div className={`mt-4 flex flex-col items-center gap-2 p-8 text-center ${panel}`}>
            <CalendarCheck aria-hidden="true" className="size-8 text-primary" />
            <p className="font-display text-lg font-semibold">No visits waiting for a review</p>
            <p className="text-base-content/75">After each visit to the salon, you can tell us how it went here.</p>
          </div>
        ) : (
          <ul aria-label="Visits to review" className="mt-4 grid gap-4 md:grid-cols-2">
            {data.reviewable.map((visit) => (
              <VisitCard key={visit.bookingId} visit={visit} timeZone={timeZone} isOpen={visit.bookingId === openBookingId} onWrite={() => open(visit.bookingId)} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="your-reviews">
        <h2 id="your-reviews" className="text-xl font-semibold">
          Your reviews
        </h2>
        {data.reviews.length === 0 ? (
          <div className={`mt-4 flex flex-col items-center gap-2 p-8 text-center ${panel}`}>
            <MessageSquareHeart aria-hidden="true" className="size-8 text-primary" />
            <p className="font-display text-lg font-semibold">No reviews yet</p>
            <p className="text-base-content/75">Your reviews appear here, with the salon’s replies.</p>
          </div>
        ) : (
          <ul aria-label="Your reviews" className="mt-4 space-y-4">
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
  return (
    <div role="status" className="flex items-start gap-3 rounded-box border border-success/40 bg-success/10 p-4">
      <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{message}</p>
        <p className="mt-1 text-sm text-base-content/80">It is on our home page now, and under Your reviews below, where you can change it.</p>
      </div>
      <button type="button" className="btn btn-circle btn-ghost btn-sm" aria-label="Close the message" onClick={onDismiss}>
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

function VisitCard({ visit, timeZone, isOpen, onWrite }: { visit: ReviewVisit; timeZone: string; isOpen: boolean; onWrite: () => void }) {
  const titleId = `visit-${visit.bookingId}`;
  return (
    <li className={`flex flex-wrap items-center gap-4 p-4 ${panel}`}>
      <img src={visit.image} alt="" width={56} height={56} className="size-14 shrink-0 rounded-field bg-base-200 object-cover" />
      <div className="min-w-0 flex-1">
        <p id={titleId} className="font-semibold [overflow-wrap:anywhere]">
          {visit.title}
        </p>
        <p className="text-sm text-base-content/75">
          <time dateTime={visit.startsAt}>{formatSalonDateTime(visit.startsAt, timeZone)}</time>
        </p>
      </div>
      <button type="button" className="btn rounded-full btn-sm btn-primary" aria-describedby={titleId} aria-pressed={isOpen} onClick={onWrite}>
        <PenLine aria-hidden="true" className="size-4" />
        Write a review
      </button>
    </li>
  );
}

function MyReviewCard({ review, timeZone, onEdit }: { review: ManagedReview; timeZone: string; onEdit: () => void }) {
  const remove = useDeleteReview();
  const titleId = `review-${review._id}`;
  const onDelete = async () => {
    const confirmed = await confirmDialog({
      title: 'Delete this review?',
      text: 'It leaves the home page. You can write a new one for this visit later.',
      confirmButtonText: 'Yes, delete it',
      cancelButtonText: 'Keep it',
    });
    if (!confirmed) return;
    remove.mutate(review._id, {
      onSuccess: () => void toast({ title: 'Review deleted' }),
      onError: (error) => void showError({ title: 'The review was not deleted', text: error.message }),
    });
  };
  return (
    <li className={`p-5 ${panel}`} aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p id={titleId} className="font-semibold [overflow-wrap:anywhere]">
            {review.visit ? review.visit.title : 'Review'}
          </p>
          {review.visit ? (
            <p className="text-sm text-base-content/75">
              <time dateTime={review.visit.startsAt}>{formatSalonDateTime(review.visit.startsAt, timeZone)}</time>
            </p>
          ) : null}
        </div>
        <ReviewStateBadge state={review.state} />
      </div>
      <StarRating rating={review.rating} className="mt-3" />
      <p className="mt-2 text-base-content/90 [overflow-wrap:anywhere] whitespace-pre-line">{review.feedback}</p>
      {review.role ? <p className="mt-1 text-sm text-base-content/70 [overflow-wrap:anywhere]">{review.role}</p> : null}
      {review.state === 'hidden' ? (
        <p className="mt-2 text-sm text-base-content/75">The salon has hidden this review from the home page.</p>
      ) : null}
      {review.reply ? <SalonReply reply={review.reply} tone="card" /> : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className="btn rounded-full btn-outline btn-sm btn-primary" aria-describedby={titleId} onClick={onEdit} disabled={!review.visit}>
          <PenLine aria-hidden="true" className="size-4" />
          Edit
        </button>
        <button
          type="button"
          className="btn rounded-full btn-outline btn-sm btn-error"
          aria-describedby={titleId}
          disabled={remove.isPending}
          onClick={() => void onDelete()}
        >
          {remove.isPending ? <span aria-hidden="true" className="loading loading-xs loading-spinner" /> : <Trash2 aria-hidden="true" className="size-4" />}
          Delete
        </button>
      </div>
    </li>
  );
}
