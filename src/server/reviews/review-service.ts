import type { Db } from '../db/client.js';
import { HttpError } from '../http-error.js';
import { databaseNow } from '../booking/capacity.js';
import type { SessionUser } from '../plugins/auth.js';
import {
  ADMIN_FIELDS,
  ALREADY_REVIEWED_MESSAGE,
  AUTHOR_FIELDS,
  type ReviewCreateInput,
  type ReviewUpdateInput,
} from '../../shared/review.js';
import {
  announceReviewsChange,
  deleteReviewRow,
  findBooking,
  insertReview,
  lockReview,
  updateReviewRow,
  type ReviewChanges,
} from '../repositories/reviews.js';

const UNIQUE_VIOLATION = '23505';
const ONE_REVIEW_PER_VISIT = 'reviews_booking_uq';

/** True when the error (or one it wraps) is PostgreSQL refusing a duplicate under `constraint`. */
function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === UNIQUE_VIOLATION) return name === undefined || name === constraint;
  }
  return false;
}

const visitNotFound = () => new HttpError(404, 'Visit not found', [{ path: 'bookingId', message: 'No such visit of yours' }]);
const reviewNotFound = () => new HttpError(404, 'Review not found');

/**
 * A review of one of her own visits that she has had: completed, or confirmed and over by the
 * database's clock (the same clock for every instance). One review per visit is the unique index
 * on reviews.booking_id: of two posts at once, one inserts and the other is refused with 409.
 * Her name and photo come from her account, never from the body.
 */
export async function createReview(db: Db, me: SessionUser, input: ReviewCreateInput): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      const booking = await findBooking(tx, input.bookingId);
      if (!booking || booking.userId !== me.id) throw visitNotFound();
      if (booking.status === 'cancelled') {
        throw new HttpError(400, 'A cancelled visit cannot be reviewed.', [{ path: 'bookingId', message: 'This visit was cancelled' }]);
      }
      const now = await databaseNow(tx);
      const had = booking.status === 'completed' || (booking.status === 'confirmed' && booking.endsAt <= now);
      if (!had) {
        throw new HttpError(400, 'You can review this visit once you have had it.', [{ path: 'bookingId', message: 'This visit has not happened yet' }]);
      }
      const id = await insertReview(tx, {
        userId: me.id,
        bookingId: booking.id,
        name: me.name,
        imageUrl: me.image ?? '',
        rating: input.rating,
        feedback: input.feedback,
        role: input.role,
      });
      await announceReviewsChange(tx);
      return id;
    });
  } catch (err) {
    if (isUniqueViolation(err, ONE_REVIEW_PER_VISIT)) {
      throw new HttpError(409, ALREADY_REVIEWED_MESSAGE, [{ path: 'bookingId', message: ALREADY_REVIEWED_MESSAGE }]);
    }
    throw err;
  }
}

/**
 * Her own review's words (rating, feedback, role), or an admin's moderation (hidden, reply).
 * A customer naming an admin field is refused (403) before anything is read; words of a review
 * that is not hers are 'not found' to a customer and refused to an admin, who moderates but never
 * rewrites what a customer said. Answers how many reviews changed (0 when nothing differed).
 */
export async function updateReview(db: Db, me: SessionUser, id: string, input: ReviewUpdateInput): Promise<number> {
  const authorFields = AUTHOR_FIELDS.filter((key) => input[key] !== undefined);
  const adminFields = ADMIN_FIELDS.filter((key) => input[key] !== undefined);
  if (authorFields.length === 0 && adminFields.length === 0) {
    throw new HttpError(400, 'Nothing to change: send rating, feedback, role, hidden or reply.');
  }
  if (adminFields.length > 0 && me.role !== 'admin') throw new HttpError(403, 'Only an admin can hide, show or reply to a review.');

  return db.transaction(async (tx) => {
    const row = await lockReview(tx, id);
    if (!row) throw reviewNotFound();
    if (authorFields.length > 0 && row.userId !== me.id) {
      if (me.role === 'admin') throw new HttpError(403, 'Only the customer who wrote a review can change its words.');
      throw reviewNotFound();
    }
    const now = await databaseNow(tx);
    const changes: ReviewChanges = {};
    if (authorFields.length > 0) {
      if (input.rating !== undefined) changes.rating = input.rating;
      if (input.feedback !== undefined) changes.feedback = input.feedback;
      if (input.role !== undefined) changes.role = input.role;
      // Her account may have a new name or photo since she wrote it.
      changes.name = me.name;
      changes.imageUrl = me.image ?? '';
    }
    if (input.hidden !== undefined) changes.hidden = input.hidden;
    if (input.reply !== undefined) {
      const reply = input.reply === null || input.reply === '' ? null : input.reply;
      if (reply !== row.reply) {
        changes.reply = reply;
        changes.repliedAt = reply === null ? null : now;
      }
    }
    const differs = (Object.keys(changes) as (keyof ReviewChanges)[]).some((key) => changes[key] !== row[key]);
    if (!differs) return 0;
    await updateReviewRow(tx, id, { ...changes, updatedAt: now });
    await announceReviewsChange(tx);
    return 1;
  });
}

/** Her own review only: an admin hides a review instead, which keeps what the customer wrote. */
export async function deleteReview(db: Db, me: SessionUser, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockReview(tx, id);
    if (!row) throw reviewNotFound();
    if (row.userId !== me.id) {
      if (me.role === 'admin') throw new HttpError(403, 'An admin hides a review instead of deleting it.');
      throw reviewNotFound();
    }
    await deleteReviewRow(tx, id);
    await announceReviewsChange(tx);
  });
}
