import type { App } from '../types.js';
import { errorResponses } from '../../shared/errors.js';
import { reviewListSchema } from '../../shared/review.js';
import { listPublishedReviews } from '../repositories/reviews.js';

export async function reviewRoutes(app: App) {
  app.get(
    '/review',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Published customer testimonials',
        response: { 200: reviewListSchema, 500: errorResponses[500] },
      },
    },
    async () => listPublishedReviews(app.db),
  );
}
