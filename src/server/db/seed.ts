import { eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from './client.js';
import { appMeta, reviews, services, staff, staffHours, staffServices, staffTimeOff } from './schema.js';
import { seedReviews, seedServices, seedStylists } from './seed-data.js';
import { DEFAULT_SALON_SETTINGS, minutesOfDay } from '../../shared/salon-settings.js';
import { addCalendarDays, salonToday, weekdayOfDate, zonedTimeToInstant } from '../../shared/calendar.js';
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
        titleBn: s.title_bn,
        descriptionBn: s.description_bn,
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

const STAFF_SEEDED_KEY = 'demo_staff_seeded_at';

/**
 * Seeds the demo team once per database that has the demo catalogue (a database seeded before
 * stylists existed gets them at its next start). Each stylist is linked to the demo services she
 * does that are still in the catalogue, matched by title. Returns true when it seeded.
 */
export async function seedDemoStaff(db: Db, now: number = Date.now()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const markers = await tx.select().from(appMeta).where(inArray(appMeta.key, [SEEDED_KEY, STAFF_SEEDED_KEY]));
    if (!markers.some((m) => m.key === SEEDED_KEY) || markers.some((m) => m.key === STAFF_SEEDED_KEY)) return false;

    const titles = new Map(seedServices.map((s) => [s.slug, s.title]));
    const live = await tx.select({ id: services.id, title: services.title }).from(services).where(isNull(services.deletedAt));
    const idOfTitle = new Map(live.map((s) => [s.title, s.id]));
    // Time off starts on a weekday of next week, counted from the salon's Sunday.
    const zone = DEFAULT_SALON_SETTINGS.timeZone;
    const today = salonToday(zone, now);
    const nextSunday = addCalendarDays(today, 7 - weekdayOfDate(today));

    const base = now - seedStylists.length * 1000;
    for (const [index, stylist] of seedStylists.entries()) {
      const [row] = await tx
        .insert(staff)
        .values({ name: stylist.name, bio: stylist.bio, createdAt: new Date(base + index * 1000) })
        .returning({ id: staff.id });
      const staffId = row!.id;
      const linked = stylist.services.flatMap((s) => {
        const serviceId = idOfTitle.get(titles.get(s.slug) ?? '');
        return serviceId ? [{ staffId, serviceId, durationMinutes: s.duration ?? null }] : [];
      });
      if (linked.length > 0) await tx.insert(staffServices).values(linked);
      const spans = Object.entries(stylist.hours).flatMap(([weekday, list]) =>
        list.map(([start, end]) => ({ staffId, weekday: Number(weekday), startMinute: minutesOfDay(start), endMinute: minutesOfDay(end) })),
      );
      if (spans.length > 0) await tx.insert(staffHours).values(spans);
      const off = stylist.timeOffNextWeek;
      if (off) {
        const first = addCalendarDays(nextSunday, off.weekday);
        const startsAt = zonedTimeToInstant(first, '00:00', zone);
        const endsAt = zonedTimeToInstant(addCalendarDays(first, off.days), '00:00', zone);
        if (startsAt && endsAt) await tx.insert(staffTimeOff).values({ staffId, startsAt, endsAt, note: off.note });
      }
    }
    await tx.insert(appMeta).values({ key: STAFF_SEEDED_KEY, value: new Date(now).toISOString() });
    return true;
  });
}
