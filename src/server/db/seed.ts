import { eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { appMeta, reviews, services } from './schema.js';
import { seedReviews, seedServices } from './seed-data.js';
import { toMinorUnits } from '../../shared/money.js';

const SEEDED_KEY = 'demo_catalogue_seeded_at';

/**
 * Seeds the demo catalogue exactly once per database. The marker row (not the row counts) decides,
 * so a salon that deletes every demo service never sees them come back after a restart.
 * Returns true when it seeded.
 */
export async function seedDemoCatalogue(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const done = await tx.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
    if (done.length > 0) return false;

    // Spaced creation times keep the catalogue in the order listed above.
    const base = Date.now() - seedServices.length * 1000;
    await tx.insert(services).values(
      seedServices.map((s, i) => ({
        title: s.title,
        description: s.description,
        priceMinor: toMinorUnits(s.price),
        durationMinutes: s.duration,
        category: s.category,
        imageUrl: `/images/services/${s.slug}.svg`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    await tx.insert(reviews).values(
      seedReviews.map((r, i) => ({
        name: r.name,
        role: r.role,
        feedback: r.feedback,
        rating: r.rating,
        imageUrl: `/images/reviews/${r.slug}.svg`,
        // Reviews list newest first: the first one listed above gets the latest time.
        createdAt: new Date(base - i * 1000),
      })),
    );
    await tx.insert(appMeta).values({ key: SEEDED_KEY, value: new Date().toISOString() });
    return true;
  });
}
