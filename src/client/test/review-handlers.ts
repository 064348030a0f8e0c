import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';
import type { z } from 'zod';
import { fieldIssuesOf } from '@shared/errors';
import type { deletedSchema, insertedSchema, modifiedSchema } from '@shared/results';
import {
  ALREADY_REVIEWED_MESSAGE,
  adminReviewQuerySchema,
  managedReviewSchema,
  reviewCreateSchema,
  reviewUpdateSchema,
  reviewVisitSchema,
  type ManagedReview,
  type MyReviews,
  type Review,
  type ReviewVisit,
} from '@shared/review';
import { DEFAULT_SALON_SETTINGS, type SalonSettings } from '@shared/salon-settings';
import type { User } from '@shared/user';
import { apiErrorResponse } from './handlers';

type Inserted = z.infer<typeof insertedSchema>;
type Modified = z.infer<typeof modifiedSchema>;
type Deleted = z.infer<typeof deletedSchema>;

/** 10:00 in Dhaka on Saturday 2 November 2030 (04:00Z). */
export const NOV_2_2030_10_00 = '2030-11-02T04:00:00.000Z';

/** A visit of hers, checked against the shared schema. */
export function visitRecord(n: number, overrides: Partial<ReviewVisit> = {}): ReviewVisit {
  return reviewVisitSchema.parse({
    bookingId: `b0000000-0000-4000-8000-00000000000${n}`,
    title: 'Signature Facial',
    title_bn: null,
    image: '/images/services/signature-facial.svg',
    startsAt: NOV_2_2030_10_00,
    status: 'completed',
    ...overrides,
  });
}

/** A review as its author or the admin sees it, checked against the shared schema. */
export function managedReview(n: number, overrides: Partial<ManagedReview> = {}): ManagedReview {
  return managedReviewSchema.parse({
    _id: `a0000000-0000-4000-8000-00000000000${n}`,
    name: 'Mitu Customer',
    role: '',
    feedback: 'A calm room and very kind hands.',
    rating: 5,
    image: '/images/reviews/nusrat.svg',
    createdAt: '2030-11-03T08:00:00.000Z',
    updatedAt: '2030-11-03T08:00:00.000Z',
    reply: null,
    repliedAt: null,
    state: 'published',
    visit: null,
    email: null,
    ...overrides,
  });
}

/** One write that reached the fake, with the JSON body the browser sent. */
export interface ReviewWrite {
  method: 'POST' | 'PATCH' | 'DELETE';
  id?: string;
  body?: unknown;
}

interface FakeReviewsOptions {
  session: { user: User | null };
  reviewable?: ReviewVisit[];
  reviews?: ManagedReview[];
  settings?: SalonSettings;
}

/**
 * The review API as the server answers it: her reviewable visits and reviews, the admin list
 * (filtered), and writes checked with the shared schemas that really change what is listed.
 */
export function fakeReviews({ session, reviewable = [], reviews = [], settings = DEFAULT_SALON_SETTINGS }: FakeReviewsOptions) {
  const state = { reviewable: [...reviewable], reviews: [...reviews], writes: [] as ReviewWrite[] };
  let next = 1;

  const handlers = [
    http.get('/api/settings', () => HttpResponse.json(settings)),
    http.get<PathParams, DefaultBodyType, MyReviews>('/api/review/mine', () =>
      HttpResponse.json({ reviewable: state.reviewable, reviews: state.reviews.filter((r) => r.email === null || r.email === session.user?.email) }),
    ),
    http.get<PathParams, DefaultBodyType, Review[]>('/api/review', () =>
      HttpResponse.json(state.reviews.filter((r) => r.state === 'published')),
    ),
    http.get('/api/admin/reviews', ({ request }) => {
      if (session.user?.role !== 'admin') return apiErrorResponse(403, 'Only an admin can do this.');
      const query = adminReviewQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return apiErrorResponse(400, 'Invalid query', fieldIssuesOf(query.error));
      const { rating, state: wanted } = query.data;
      const list: ManagedReview[] = state.reviews.filter((r) => (rating === undefined || r.rating === rating) && (wanted === undefined || r.state === wanted));
      return HttpResponse.json(list);
    }),
    http.post('/api/review', async ({ request }) => {
      const body: unknown = await request.json();
      state.writes.push({ method: 'POST', body });
      const parsed = reviewCreateSchema.safeParse(body);
      if (!parsed.success) return apiErrorResponse(400, 'Check the highlighted fields.', fieldIssuesOf(parsed.error));
      const { bookingId, ...values } = parsed.data;
      if (state.reviews.some((r) => r.visit?.bookingId === bookingId)) return apiErrorResponse(409, ALREADY_REVIEWED_MESSAGE);
      const visit = state.reviewable.find((v) => v.bookingId === bookingId);
      if (!visit) return apiErrorResponse(404, 'Visit not found');
      const review = managedReview(next, { ...values, _id: `d0000000-0000-4000-8000-00000000000${next}`, visit, name: session.user?.name ?? '', email: session.user?.email ?? null });
      next += 1;
      state.reviews.unshift(review);
      state.reviewable = state.reviewable.filter((v) => v.bookingId !== bookingId);
      const answer: Inserted = { insertedId: review._id };
      return HttpResponse.json(answer, { status: 201 });
    }),
    http.patch<{ id: string }>('/api/review/:id', async ({ request, params }) => {
      const body: unknown = await request.json();
      state.writes.push({ method: 'PATCH', id: params.id, body });
      const parsed = reviewUpdateSchema.safeParse(body);
      if (!parsed.success) return apiErrorResponse(400, 'Check the highlighted fields.', fieldIssuesOf(parsed.error));
      const index = state.reviews.findIndex((r) => r._id === params.id);
      if (index < 0) return apiErrorResponse(404, 'Review not found');
      const { hidden, reply, ...words } = parsed.data;
      const current = state.reviews[index]!;
      state.reviews[index] = {
        ...current,
        ...Object.fromEntries(Object.entries(words).filter(([, value]) => value !== undefined)),
        ...(hidden !== undefined && { state: hidden ? 'hidden' : 'published' }),
        ...(reply !== undefined && { reply: reply || null, repliedAt: reply ? '2030-11-04T08:00:00.000Z' : null }),
      };
      const answer: Modified = { modifiedCount: 1 };
      return HttpResponse.json(answer);
    }),
    http.delete<{ id: string }>('/api/review/:id', ({ params }) => {
      state.writes.push({ method: 'DELETE', id: params.id });
      const review = state.reviews.find((r) => r._id === params.id);
      if (!review) return apiErrorResponse(404, 'Review not found');
      state.reviews = state.reviews.filter((r) => r !== review);
      if (review.visit) state.reviewable.push(review.visit);
      const answer: Deleted = { deletedCount: 1 };
      return HttpResponse.json(answer);
    }),
  ];
  return { state, handlers };
}
