import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { appMeta, bookings, reviews, user } from '../db/schema.js';
import type { Mailer } from '../mail/mailer.js';

export type ReviewRequestDeps = { db: Db; mailer: Mailer; log: FastifyBaseLogger; publicUrl: string };

/** The page that opens the review form for this visit. */
export function reviewLink(publicUrl: string, bookingId: string): string {
  return new URL(`/dashboard/review?booking=${encodeURIComponent(bookingId)}`, publicUrl).toString();
}

/**
 * Asks the customer of a visit just marked completed to review it. Runs after the completion has
 * committed and never fails it: a problem is logged. Marking a visit completed twice (a double
 * click, two admins) sends one e-mail: the first call claims a marker row in app_meta, keyed by
 * the booking, and a later call finds it taken.
 */
export async function sendReviewRequest(deps: ReviewRequestDeps, bookingId: string): Promise<void> {
  const { db, mailer, log, publicUrl } = deps;
  try {
    const [visit] = await db
      .select({ title: bookings.title, name: user.name, email: user.email, reviewId: reviews.id })
      .from(bookings)
      .innerJoin(user, eq(user.id, bookings.userId))
      .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'completed')));
    // Already reviewed (she wrote one before the salon marked it): nothing to ask.
    if (!visit || visit.reviewId !== null) return;
    const claimed = await db
      .insert(appMeta)
      .values({ key: `review-request:${bookingId}`, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (claimed.length === 0) return;
    await mailer.send({
      to: visit.email,
      subject: `How was your ${visit.title}?`,
      text: [
        `Dear ${visit.name},`,
        '',
        `Thank you for visiting Parlour for your ${visit.title}. We would love to hear how it went:`,
        'a few words and a star rating help other women choose, and help us do better.',
        '',
        `Write your review: ${reviewLink(publicUrl, bookingId)}`,
        '',
        'Parlour beauty salon',
      ].join('\n'),
    });
  } catch (err) {
    log.error({ err, bookingId }, 'could not send the review request');
  }
}
