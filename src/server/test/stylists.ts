import { inArray } from 'drizzle-orm';
import { bookings } from '../db/schema.js';
import type { App } from '../types.js';
import type { Account } from './accounts.js';
import { asUser } from './booking.js';

/**
 * A stylist the admin adds through the API (POST /api/staff), doing `serviceIds` and working the
 * salon's whole week, 10:00-20:00; answers her id. From then on the salon books with stylists
 * (docs/decisions/037): retire her (DELETE /api/staff/:id) to book chairs alone again.
 */
export async function addStylist(app: App, admin: Account, name: string, serviceIds: string[]): Promise<string> {
  const res = await asUser(app, admin).post('/api/staff', { name, bio: '', services: serviceIds.map((serviceId) => ({ serviceId, duration: null })) });
  if (res.statusCode !== 201) throw new Error(`adding ${name} failed: ${res.statusCode} ${res.body}`);
  const id = res.json<{ insertedId: string }>().insertedId;
  const hours = await asUser(app, admin).put(`/api/staff/${id}/hours`, { days: Array.from({ length: 7 }, () => [{ start: '10:00', end: '20:00' }]) });
  if (hours.statusCode !== 200) throw new Error(`her hours failed: ${hours.statusCode} ${hours.body}`);
  return id;
}

/**
 * Gives bookings a stylist straight in the database: booking with a stylist is another part's
 * work, and these tests are about what is shown once a booking has one.
 */
export async function setStylist(app: App, bookingIds: string[], staffId: string | null): Promise<void> {
  await app.db.update(bookings).set({ staffId }).where(inArray(bookings.id, bookingIds));
}
