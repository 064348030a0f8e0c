import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { App } from '../types.js';
import { guardedErrorResponses } from '../../shared/errors.js';
import { idParamsSchema } from '../../shared/ids.js';
import { currentUser, requireUser } from '../plugins/auth.js';
import { notFound } from '../http-error.js';
import { findBooking } from '../repositories/bookings.js';
import { databaseNow } from '../booking/capacity.js';
import { bookings } from '../db/schema.js';
import { buildIcs } from '../calendar/ics.js';

/** An appointment's calendar file, the same one the e-mails carry. */
export async function bookingCalendarRoutes(app: App) {
  app.get(
    '/bookings/:id/ics',
    {
      onRequest: requireUser,
      schema: {
        tags: ['bookings'],
        summary: 'The appointment as an iCalendar (.ics) file, for its customer or an admin',
        params: idParamsSchema,
        response: { 200: z.string().describe('text/calendar'), ...guardedErrorResponses },
      },
    },
    async (request, reply) => {
      const me = await currentUser(request);
      const settings = await app.salonSettings.get();
      // One snapshot for the check and the row: a move committing in between cannot pair the new
      // time with the old SEQUENCE, which calendars would then ignore.
      const file = await app.db.transaction(
        async (tx) => {
          const now = await databaseNow(tx);
          // Another customer's booking is 'not found', exactly like an id that does not exist.
          const booking = await findBooking(tx, me, request.params.id, settings, now);
          // An unpaid checkout is not an appointment yet.
          if (!booking || booking.status === 'pending') return undefined;
          const [row] = await tx.select().from(bookings).where(eq(bookings.id, booking._id));
          if (!row) return undefined;
          return buildIcs([row], { timeZone: settings.timeZone, publicUrl: app.config.publicUrl, now, customer: booking.customer });
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      if (!file) throw notFound('Booking');
      return reply
        .type(`text/calendar; charset=utf-8; method=${file.method}`)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        // The file changes whenever the appointment moves.
        .header('cache-control', 'private, no-store')
        .serializer((payload: unknown) => payload as string)
        .send(file.content);
    },
  );
}
