import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { reviews } from '../db/schema.js';
import type { Review } from '../../shared/review.js';

/** Published testimonials, newest first; reviews an admin hid stay in the table but not here. */
export async function listPublishedReviews(db: Db): Promise<Review[]> {
  const rows = await db.select().from(reviews).where(eq(reviews.hidden, false)).orderBy(desc(reviews.createdAt));
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    role: r.role,
    feedback: r.feedback,
    rating: r.rating,
    image: r.imageUrl,
  }));
}
