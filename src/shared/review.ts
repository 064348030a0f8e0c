import { z } from 'zod';
import { idSchema } from './ids.js';
import { bookingStatusSchema } from './payments.js';
import { englishMessage } from './i18n/message-templates.js';

// Apart from the schemas so the home page can use it without zod.
export { averageRating } from './ratings.js';

export const FEEDBACK_MIN_LENGTH = 10;
export const FEEDBACK_MAX_LENGTH = 1000;
export const REVIEW_ROLE_MAX_LENGTH = 60;
export const REPLY_MAX_LENGTH = 1000;

export const RATING_MESSAGE = 'Choose a rating from 1 to 5 stars';
export const ALREADY_REVIEWED_MESSAGE = 'You have already reviewed this visit';

/** Rating, feedback and role: the words a customer writes, checked in the form and on the server. */
export const ratingSchema = z.number({ error: RATING_MESSAGE }).int(RATING_MESSAGE).min(1, RATING_MESSAGE).max(5, RATING_MESSAGE);
export const feedbackSchema = z
  .string({ error: 'Feedback is required' })
  .trim()
  .min(1, { error: 'Feedback is required', abort: true })
  .min(FEEDBACK_MIN_LENGTH, `Feedback must be at least ${FEEDBACK_MIN_LENGTH} characters`)
  .max(FEEDBACK_MAX_LENGTH, `Feedback must be at most ${FEEDBACK_MAX_LENGTH} characters`);
export const reviewRoleSchema = z
  .string({ error: 'Role must be text' })
  .trim()
  .max(REVIEW_ROLE_MAX_LENGTH, `Role must be at most ${REVIEW_ROLE_MAX_LENGTH} characters`);

/** The review form: what she writes. Her name and photo come from her account. */
export const reviewFormSchema = z.object({
  rating: ratingSchema,
  feedback: feedbackSchema,
  role: reviewRoleSchema.default(''),
});
export type ReviewFormInput = z.input<typeof reviewFormSchema>;
export type ReviewFormValues = z.output<typeof reviewFormSchema>;

/** `POST /api/review`: a review of one of her visits. */
export const reviewCreateSchema = reviewFormSchema.extend({ bookingId: idSchema });
export type ReviewCreateInput = z.output<typeof reviewCreateSchema>;

export const replySchema = z
  .string({ error: 'Reply must be text' })
  .trim()
  .max(REPLY_MAX_LENGTH, englishMessage('Reply must be at most {{count, number}} characters', { count: REPLY_MAX_LENGTH }));

/**
 * `PATCH /api/review/:id`: the author changes her words; an admin hides, shows or replies (an
 * empty reply, or null, takes the reply away). Fields left out keep their value.
 */
export const reviewUpdateSchema = z.object({
  rating: ratingSchema.optional(),
  feedback: feedbackSchema.optional(),
  role: reviewRoleSchema.optional(),
  hidden: z.boolean({ error: 'hidden must be true or false' }).optional(),
  reply: replySchema.nullable().optional(),
});
export type ReviewUpdateInput = z.infer<typeof reviewUpdateSchema>;
export const AUTHOR_FIELDS = ['rating', 'feedback', 'role'] as const;
export const ADMIN_FIELDS = ['hidden', 'reply'] as const;

/** A published testimonial: the spec's fields plus its id, when it was written and the salon's reply. */
export const reviewSchema = z.object({
  _id: idSchema,
  name: z.string(),
  role: z.string(),
  feedback: z.string(),
  rating: ratingSchema,
  /** Her photo; empty when her account has none (the page shows her initials). */
  image: z.string(),
  createdAt: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export const reviewListSchema = z.array(reviewSchema);
export type Review = z.infer<typeof reviewSchema>;

export const reviewStateSchema = z.enum(['published', 'hidden']);
export type ReviewState = z.infer<typeof reviewStateSchema>;

/** The visit a review is about; seeded testimonials have none. */
export const reviewVisitSchema = z.object({
  bookingId: idSchema,
  title: z.string(),
  /** The Bangla title it had when booked (null: none; a Bangla page shows the English one). */
  title_bn: z.string().nullable(),
  image: z.string(),
  startsAt: z.string(),
  status: bookingStatusSchema,
});
export type ReviewVisit = z.infer<typeof reviewVisitSchema>;

/** A review as its author or an admin sees it: with its visit, state and dates. */
export const managedReviewSchema = reviewSchema.extend({
  state: reviewStateSchema,
  updatedAt: z.string(),
  visit: reviewVisitSchema.nullable(),
  /** The author's account e-mail (admin list only; null for seeded testimonials). */
  email: z.string().nullable(),
});
export type ManagedReview = z.infer<typeof managedReviewSchema>;

/** `GET /api/review/mine`: her visits she can still review, and the reviews she wrote. */
export const myReviewsSchema = z.object({
  reviewable: z.array(reviewVisitSchema),
  reviews: z.array(managedReviewSchema),
});
export type MyReviews = z.infer<typeof myReviewsSchema>;

/** `GET /api/admin/reviews?rating=&state=`: every review, newest first. */
export const adminReviewQuerySchema = z.object({
  rating: z.coerce.number({ error: RATING_MESSAGE }).int(RATING_MESSAGE).min(1, RATING_MESSAGE).max(5, RATING_MESSAGE).optional(),
  state: reviewStateSchema.optional(),
});
export type AdminReviewQuery = z.infer<typeof adminReviewQuerySchema>;
export const managedReviewListSchema = z.array(managedReviewSchema);
