import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { bookings, reviews, user } from '../db/schema.js';
import type { AdminReviewQuery, ManagedReview, Review, ReviewVisit } from '../../shared/review.js';
import { REVIEWS_CHANNEL } from '../change-cache.js';
import { publicReviewerName } from '../reviews/public-name.js';

type ReviewRow = typeof reviews.$inferSelect;
type BookingRow = typeof bookings.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toReviewDto(row: ReviewRow): Review {
  return {
    _id: row.id,
    name: row.name,
    role: row.role,
    feedback: row.feedback,
    rating: row.rating,
    image: row.imageUrl,
    createdAt: row.createdAt.toISOString(),
    reply: row.reply,
    repliedAt: iso(row.repliedAt),
  };
}

function toVisitDto(row: BookingRow): ReviewVisit {
  return { bookingId: row.id, title: row.title, title_bn: row.titleBn, image: row.imageUrl, startsAt: row.startsAt.toISOString(), status: row.status };
}

function toManagedDto(row: ReviewRow, booking: BookingRow | null, email: string | null): ManagedReview {
  return {
    ...toReviewDto(row),
    state: row.hidden ? 'hidden' : 'published',
    updatedAt: row.updatedAt.toISOString(),
    visit: booking ? toVisitDto(booking) : null,
    email,
  };
}

const newestFirst = [desc(reviews.createdAt), desc(reviews.id)];

/**
 * Published testimonials, newest first; reviews an admin hid stay in the table but not here. For
 * everyone (the API, the server-rendered home page and its JSON-LD), so each is signed with her
 * first name and an initial: her full surname never leaves the server.
 */
export async function listPublishedReviews(db: Db): Promise<Review[]> {
  const rows = await db.select().from(reviews).where(eq(reviews.hidden, false)).orderBy(...newestFirst);
  return rows.map((row) => ({ ...toReviewDto(row), name: publicReviewerName(row.name) }));
}

/** Her reviews with their visits, newest first. */
export async function listReviewsOf(db: Db, userId: string): Promise<ManagedReview[]> {
  const rows = await db
    .select({ review: reviews, booking: bookings })
    .from(reviews)
    .leftJoin(bookings, eq(bookings.id, reviews.bookingId))
    .where(eq(reviews.userId, userId))
    .orderBy(...newestFirst);
  return rows.map((r) => toManagedDto(r.review, r.booking, null));
}

/**
 * Her visits that can be reviewed and are not yet: completed, or confirmed and over by the
 * database's clock (the same test createReview applies), most recent first.
 */
export async function listReviewableVisits(db: Db, userId: string): Promise<ReviewVisit[]> {
  const rows = await db
    .select({ booking: bookings })
    .from(bookings)
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .where(
      and(
        eq(bookings.userId, userId),
        isNull(reviews.id),
        or(eq(bookings.status, 'completed'), and(eq(bookings.status, 'confirmed'), sql`${bookings.endsAt} <= now()`)),
      ),
    )
    .orderBy(desc(bookings.startsAt), desc(bookings.id));
  return rows.map((r) => toVisitDto(r.booking));
}

/** Every review for the admin, with its visit and author, filtered by rating and state. */
export async function listAllReviews(db: Db, query: AdminReviewQuery): Promise<ManagedReview[]> {
  const conditions: SQL[] = [];
  if (query.rating !== undefined) conditions.push(eq(reviews.rating, query.rating));
  if (query.state !== undefined) conditions.push(eq(reviews.hidden, query.state === 'hidden'));
  const rows = await db
    .select({ review: reviews, booking: bookings, email: user.email })
    .from(reviews)
    .leftJoin(bookings, eq(bookings.id, reviews.bookingId))
    .leftJoin(user, eq(user.id, reviews.userId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(...newestFirst);
  return rows.map((r) => toManagedDto(r.review, r.booking, r.email));
}

export async function findReview(db: Db, id: string): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
  return row;
}

/** The review row, locked until the transaction ends, so two edits of one review take turns. */
export async function lockReview(tx: Db, id: string): Promise<ReviewRow | undefined> {
  const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
  return row;
}

export async function findBooking(db: Db, id: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}


/** Every instance drops its cached testimonials when the transaction that changed them commits. */
export async function announceReviewsChange(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_notify(${REVIEWS_CHANNEL}, '')`);
}

export type NewReview = {
  userId: string;
  bookingId: string;
  name: string;
  imageUrl: string;
  rating: number;
  feedback: string;
  role: string;
};

export async function insertReview(tx: Db, values: NewReview): Promise<string> {
  const [row] = await tx.insert(reviews).values(values).returning({ id: reviews.id });
  return row!.id;
}

export type ReviewChanges = Partial<Pick<ReviewRow, 'name' | 'imageUrl' | 'rating' | 'feedback' | 'role' | 'hidden' | 'reply' | 'repliedAt' | 'updatedAt'>>;

export async function updateReviewRow(tx: Db, id: string, changes: ReviewChanges): Promise<void> {
  await tx.update(reviews).set(changes).where(eq(reviews.id, id));
}

export async function deleteReviewRow(tx: Db, id: string): Promise<void> {
  await tx.delete(reviews).where(eq(reviews.id, id));
}
