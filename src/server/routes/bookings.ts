import type { App } from '../types.js';
import { guardedErrorResponses } from '../../shared/errors.js';
import { idParamsSchema } from '../../shared/ids.js';
import { HOLD_TAKEN_MESSAGE } from '../../shared/cart.js';
import { bookingSchema, moveBookingSchema } from '../../shared/payments.js';
import { currentUser, requireAdmin, requireUser } from '../plugins/auth.js';
import { HttpError, notFound } from '../http-error.js';
import { findBooking, type Viewer } from '../repositories/bookings.js';
import { databaseNow } from '../booking/capacity.js';
import { markNoShow, moveBooking } from '../booking/reschedule.js';
import { overlapMessage, rejectionMessages } from './cart.js';

/**
 * Changes to one appointment besides cancelling and completing it (those stay with the payments
 * routes, as a cancel refunds): moving it to another time, and marking a missed visit.
 */
export async function bookingRoutes(app: App) {
  const bookingAsSeenBy = async (viewer: Viewer, id: string) => {
    const booking = await findBooking(app.db, viewer, id, await app.salonSettings.get(), await databaseNow(app.db));
    if (!booking) throw notFound('Booking');
    return booking;
  };

  app.patch(
    '/bookings/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['bookings'],
        summary: 'Moves a confirmed booking to another free time of the same length (customers: up to the notice limit)',
        params: idParamsSchema,
        body: moveBookingSchema,
        response: { 200: bookingSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      const me = await currentUser(request);
      const settings = await app.salonSettings.get();
      const outcome = await moveBooking(app.db, app.notices, { mover: me, bookingId: request.params.id, startsAt: new Date(request.body.startsAt), settings });
      if (!outcome.ok) {
        switch (outcome.reason) {
          case 'not-found':
            throw notFound('Booking');
          case 'not-confirmed':
            throw new HttpError(409, `A ${outcome.status} booking cannot be moved.`);
          case 'inside-notice':
            throw new HttpError(409, `Appointments can be moved up to ${outcome.hours} hours before they start.`);
          case 'taken':
            throw new HttpError(409, HOLD_TAKEN_MESSAGE);
          case 'overlaps-own': {
            const message = overlapMessage(outcome.other, settings.timeZone);
            throw new HttpError(409, message, [{ path: 'startsAt', message }]);
          }
          default: {
            const message = rejectionMessages[outcome.reason];
            throw new HttpError(400, message, [{ path: 'startsAt', message }]);
          }
        }
      }
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
      const outcome = await markNoShow(app.db, request.params.id);
      if (outcome === 'not-found') throw notFound('Booking');
      if (typeof outcome === 'object') throw new HttpError(409, outcome.refused);
      return bookingAsSeenBy(me, request.params.id);
    },
  );
}
