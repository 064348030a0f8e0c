import { z } from 'zod';
import type { App, Actor } from '../types.js';
import { apiErrorSchema, guardedErrorResponses } from '../../shared/errors.js';
import { idParamsSchema } from '../../shared/ids.js';
import { bookingListSchema, bookingSchema, listFilterSchema, moveBookingSchema } from '../../shared/payments.js';
import { currentUser, requireAdmin, requireUser } from '../plugins/auth.js';
import { notFound } from '../http-error.js';
import { EXPORT_ROW_LIMIT, bookingRow, findBooking, listBookings } from '../repositories/bookings.js';
import { databaseNow } from '../booking/capacity.js';
import { attachmentName, listOrCsv, sendCsv } from '../csv.js';
import { bookingsCsv } from '../csv-exports.js';
import { buildIcs } from '../calendar/ics.js';
import { counterPaymentInputSchema } from '../../shared/deposits.js';
import { toMinorUnits } from '../../shared/money.js';
import { requestLanguage } from '../messages.js';
import { languageOf } from '../repositories/languages.js';
import { pickText } from '../../shared/i18n/bilingual.js';

/**
 * Every `/api/bookings` route: the appointments list (and its CSV), one appointment's calendar
 * file, and each change to an appointment (move, cancel, complete, no-show, reopen, counter money
 * given back), which BookingService decides; a change answers the booking as its actor now sees it.
 */
export async function bookingRoutes(app: App) {
  const service = app.bookings;

  const bookingAsSeenBy = async (actor: Actor, id: string) => {
    const booking = await findBooking(app.db, actor, id, await app.salonSettings.get(), await databaseNow(app.db));
    if (!booking) throw notFound('Booking');
    return booking;
  };

  app.get(
    '/bookings',
    {
      onRequest: requireUser,
      schema: {
        tags: ['bookings'],
        summary: 'Appointments: your own, or (admin) every booking, filterable by date and status; format=csv downloads it',
        querystring: listFilterSchema,
        response: { 200: listOrCsv(bookingListSchema, 'The bookings; with format=csv, the same rows as a CSV file'), ...guardedErrorResponses },
      },
    },
    async (request, reply) => {
      const me = await currentUser(request);
      const settings = await app.salonSettings.get();
      const list = await listBookings(app.db, me, request.query, settings, await databaseNow(app.db), request.query.format === 'csv' ? EXPORT_ROW_LIMIT : undefined);
      if (request.query.format === 'csv') return sendCsv(reply, bookingsCsv(list, settings.timeZone, request.query.lang ?? requestLanguage(request)), attachmentName('parlour-bookings', request.query));
      return list;
    },
  );

  app.post(
    '/bookings/:id/cancel',
    {
      onRequest: requireUser,
      schema: {
        tags: ['bookings'],
        summary: 'Cancels a confirmed booking and refunds it (customers: up to the notice limit)',
        params: idParamsSchema,
        // 503: the processor refused the refund just now; the cancellation is kept and completes by itself.
        response: { 200: bookingSchema, ...guardedErrorResponses, 503: apiErrorSchema },
      },
    },
    async (request) => {
      const me = await currentUser(request);
      await service.cancel(me, request.params.id);
      return bookingAsSeenBy(me, request.params.id);
    },
  );

  app.post(
    '/bookings/:id/complete',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['bookings'],
        summary: 'Marks a confirmed booking whose time has come as completed (admin)',
        params: idParamsSchema,
        response: { 200: bookingSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      const me = await currentUser(request);
      await service.complete(request.params.id);
      return bookingAsSeenBy(me, request.params.id);
    },
  );

  app.patch(
    '/bookings/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['bookings'],
        summary: 'Moves a confirmed booking to another free time, with its stylist or another (customers: up to the notice limit)',
        params: idParamsSchema,
        body: moveBookingSchema,
        response: { 200: bookingSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      const me = await currentUser(request);
      await service.move(me, request.params.id, new Date(request.body.startsAt), request.body.staffId);
      return bookingAsSeenBy(me, request.params.id);
    },
  );

  app.post(
    '/bookings/:id/counter-payments',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['bookings'],
        summary: 'Records money taken at the salon for a visit: cash, card, bKash or Nagad, never more than it owes (admin)',
        params: idParamsSchema,
        body: counterPaymentInputSchema,
        response: { 200: bookingSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      const me = await currentUser(request);
      await app.payments.recordCounterPayment(request.params.id, { amountMinor: toMinorUnits(request.body.amount), method: request.body.method }, me.id);
      return bookingAsSeenBy(me, request.params.id);
    },
  );

  app.post(
    '/bookings/:id/counter-refund/handed-back',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['bookings'],
        summary: 'Records that the counter money of a visit she cancelled online was given back to her; once (admin)',
        params: idParamsSchema,
        // 404: no such booking, or nothing of it to give back at the counter; 409: given back already.
        response: { 200: bookingSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      const me = await currentUser(request);
      await service.handBack(request.params.id, me.id);
      return bookingAsSeenBy(me, request.params.id);
    },
  );

  app.post(
    '/bookings/:id/no-show',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['bookings'],
        summary: 'Marks a confirmed booking whose time has passed as a no-show (admin)',
        params: idParamsSchema,
        response: { 200: bookingSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      const me = await currentUser(request);
      await service.noShow(request.params.id);
      return bookingAsSeenBy(me, request.params.id);
    },
  );

  app.post(
    '/bookings/:id/reopen',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['bookings'],
        summary: 'Puts a visit marked completed or a no-show back to confirmed, within 24 hours of the mark (admin)',
        params: idParamsSchema,
        response: { 200: bookingSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      const me = await currentUser(request);
      await service.reopen(request.params.id);
      return bookingAsSeenBy(me, request.params.id);
    },
  );

  // An appointment's calendar file, the same one the e-mails carry.
  app.get(
    '/bookings/:id/ics',
    {
      onRequest: requireUser,
      schema: {
        tags: ['bookings'],
        summary: 'The appointment as an iCalendar (.ics) file, for its customer or an admin',
        params: idParamsSchema,
        response: {
          200: {
            description: 'The iCalendar file (METHOD:PUBLISH, or CANCEL for a cancelled appointment)',
            content: { 'text/calendar': { schema: z.string() } },
          },
          ...guardedErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const me = await currentUser(request);
      const settings = await app.salonSettings.get();
      // A plain link sends the browser's Accept-Language, not the page's: her saved language first.
      const language = (await languageOf(app.db, me.id)) ?? requestLanguage(request);
      // One snapshot for the check and the row: a move committing in between cannot pair the new
      // time with the old SEQUENCE, which calendars would then ignore.
      const file = await app.db.transaction(
        async (tx) => {
          const now = await databaseNow(tx);
          // Another customer's booking is 'not found', exactly like an id that does not exist.
          const booking = await findBooking(tx, me, request.params.id, settings, now);
          // An unpaid checkout is not an appointment yet.
          if (!booking || booking.status === 'pending') return undefined;
          const row = await bookingRow(tx, booking._id);
          if (!row) return undefined;
          // Named by the title her language reads (the salon's Bangla one when it wrote one), numbers in the salon's digits.
          const titled = { ...row, title: pickText({ en: row.title, bn: row.titleBn }, language).text };
          return buildIcs([titled], { timeZone: settings.timeZone, publicUrl: app.config.publicUrl, now, language, latinDigits: settings.latinDigits, customer: booking.customer.email === null ? undefined : { name: booking.customer.name, email: booking.customer.email } });
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
