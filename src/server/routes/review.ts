import type { App } from '../types.js';
import { errorResponses, guardedErrorResponses } from '../../shared/errors.js';
import { idParamsSchema } from '../../shared/ids.js';
import { deletedSchema, insertedSchema, modifiedSchema } from '../../shared/results.js';
import {
  adminReviewQuerySchema,
  managedReviewListSchema,
  myReviewsSchema,
  reviewCreateSchema,
  reviewListSchema,
  reviewUpdateSchema,
  type Review,
} from '../../shared/review.js';
import { listAllReviews, listReviewableVisits, listReviewsOf } from '../repositories/reviews.js';
import { createReview, deleteReview, updateReview } from '../reviews/review-service.js';
import { currentUser, requireAdmin, requireUser } from '../plugins/auth.js';

export async function reviewRoutes(app: App) {
  /** After a committed write: this instance's cached testimonials go (others hear pg_notify). */
  function reviewsChanged() {
    app.publishedReviews.invalidate();
  }

  app.get(
    '/review',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Published customer testimonials, newest first',
        response: { 200: reviewListSchema, 500: errorResponses[500] },
      },
    },
    async (_request, reply) => {
      const json = await app.publishedReviews.get();
      // Built from the same schema-checked rows; sent as it is (see GET /service).
      return reply.type('application/json; charset=utf-8').send(json as unknown as Review[]);
    },
  );

  app.get(
    '/review/mine',
    {
      onRequest: requireUser,
      schema: {
        tags: ['reviews'],
        summary: 'Her visits she can still review, and the reviews she wrote with their state',
        response: { 200: myReviewsSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      const me = await currentUser(request);
      const [reviewable, reviews] = await Promise.all([listReviewableVisits(app.db, me.id), listReviewsOf(app.db, me.id)]);
      return { reviewable, reviews };
    },
  );

  app.post(
    '/review',
    {
      onRequest: requireUser,
      schema: {
        tags: ['reviews'],
        summary: 'Reviews one of her visits (once it has happened; one review per visit)',
        body: reviewCreateSchema,
        response: { 201: insertedSchema, ...guardedErrorResponses },
      },
    },
    async (request, reply) => {
      const insertedId = await createReview(app.db, await currentUser(request), request.body);
      reviewsChanged();
      return reply.status(201).send({ insertedId });
    },
  );

  app.patch(
    '/review/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['reviews'],
        summary: 'Changes her own review (rating, feedback, role); an admin hides, shows or replies',
        params: idParamsSchema,
        body: reviewUpdateSchema,
        response: { 200: modifiedSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      const modifiedCount = await updateReview(app.db, await currentUser(request), request.params.id, request.body);
      if (modifiedCount > 0) reviewsChanged();
      return { modifiedCount };
    },
  );

  app.delete(
    '/review/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['reviews'],
        summary: 'Deletes her own review',
        params: idParamsSchema,
        response: { 200: deletedSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      await deleteReview(app.db, await currentUser(request), request.params.id);
      reviewsChanged();
      return { deletedCount: 1 };
    },
  );

  app.get(
    '/admin/reviews',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['reviews'],
        summary: 'Every review with its visit and state, newest first; filter by rating and state (admin)',
        querystring: adminReviewQuerySchema,
        response: { 200: managedReviewListSchema, ...guardedErrorResponses },
      },
    },
    async (request) => listAllReviews(app.db, request.query),
  );
}
