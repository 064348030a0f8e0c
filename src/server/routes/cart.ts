import type { App } from '../types.js';
import { errorResponses, guardedErrorResponses } from '../../shared/errors.js';
import { idParamsSchema } from '../../shared/ids.js';
import { acknowledgedSchema, insertedSchema } from '../../shared/results.js';
import {
  MAX_CART_ITEMS,
  availabilityQuerySchema,
  availabilitySchema,
  cartAddSchema,
  cartItemSchema,
  cartListSchema,
  cartQuerySchema,
  cartTimeSchema,
} from '../../shared/cart.js';
import { currentUser, requireUser } from '../plugins/auth.js';
import { addToCart, cartItemOf, listCart, removeFromCart } from '../repositories/cart.js';
import { findUserByEmail } from '../repositories/users.js';
import { findService } from '../repositories/services.js';
import { findBooking } from '../repositories/bookings.js';
import { HttpError, notFound } from '../http-error.js';
import { openStarts } from '../booking/availability.js';
import { databaseNow } from '../booking/capacity.js';
import { englishMessage } from '../../shared/i18n/message-templates.js';

export async function cartRoutes(app: App) {
  app.post(
    '/cart',
    {
      onRequest: requireUser,
      schema: {
        tags: ['booking list'],
        summary: "Adds a service to the signed-in user's booking list",
        body: cartAddSchema,
        response: { 201: insertedSchema, ...guardedErrorResponses },
      },
    },
    async (request, reply) => {
      const me = await currentUser(request);
      // The original client also sends its e-mail; the session decides whose list grows.
      if (request.body.email && request.body.email.toLowerCase() !== me.email.toLowerCase()) {
        throw new HttpError(403, 'You can only add to your own booking list.');
      }
      const outcome = await addToCart(app.db, me.id, request.body.cartItemId, request.body.staffId);
      if (outcome === 'unknown-service') {
        throw new HttpError(404, 'That service is no longer offered.', [{ path: 'cartItemId', message: 'Unknown service' }]);
      }
      if (outcome === 'staff-gone') {
        throw new HttpError(400, 'That stylist no longer works here.', [{ path: 'staffId', message: 'That stylist no longer works here' }]);
      }
      if (outcome === 'staff-not-qualified') {
        throw new HttpError(400, 'That stylist does not do this service.', [{ path: 'staffId', message: 'That stylist does not do this service' }]);
      }
      if (outcome === 'full') throw new HttpError(409, englishMessage('Your booking list is full ({{count, number}} services). Book or remove some first.', { count: MAX_CART_ITEMS }));
      return reply.status(201).send(outcome);
    },
  );

  app.get(
    '/cart',
    {
      onRequest: requireUser,
      schema: {
        tags: ['booking list'],
        summary: "A booking list: the signed-in user's own (admins may name anyone's by e-mail)",
        querystring: cartQuerySchema,
        response: { 200: cartListSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      const me = await currentUser(request);
      const asked = request.query.email?.trim().toLowerCase();
      const { paymentPolicy } = await app.salonSettings.get();
      if (!asked || asked === me.email.toLowerCase()) return listCart(app.db, me.id, me.email, paymentPolicy);
      if (me.role !== 'admin') throw new HttpError(403, 'You can only see your own booking list.');
      const other = await findUserByEmail(app.db, asked);
      return other ? listCart(app.db, other._id, other.email, paymentPolicy) : [];
    },
  );

  app.delete(
    '/cart/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['booking list'],
        summary: 'Removes an item (and its held time) from your booking list',
        params: idParamsSchema,
        response: { 200: acknowledgedSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      const me = await currentUser(request);
      const removed = await removeFromCart(app.db, me.id, request.params.id);
      if (removed === 0) throw notFound('Booking list item');
      return { acknowledged: true };
    },
  );

  app.patch(
    '/cart/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['booking list'],
        summary: 'Sets the appointment time of an item with a stylist (or any) and holds it for a few minutes (null lets it go)',
        params: idParamsSchema,
        body: cartTimeSchema,
        response: { 200: cartItemSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      const me = await currentUser(request);
      const startsAt = request.body.startsAt === null ? null : new Date(request.body.startsAt);
      const item = await app.bookings.hold(me, request.params.id, startsAt, request.body.staffId ?? null);
      return cartItemOf(item, me.email, (await app.salonSettings.get()).paymentPolicy);
    },
  );

  app.get(
    '/availability',
    {
      schema: {
        tags: ['booking list'],
        summary: 'Start times on a salon-local date where the whole service fits and the salon has room',
        querystring: availabilityQuerySchema,
        // Public: a visitor sees the times too (a signed-in customer's own appointments are left out).
        response: { 200: availabilitySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { serviceId, date, cartItemId, bookingId, staffId, customerId } = request.query;
      const me = await request.sessionUser();
      if (customerId !== undefined && me?.role !== 'admin') throw new HttpError(403, 'Only the salon books for another customer.');
      const service = await findService(app.db, serviceId);
      if (!service) throw notFound('Service');
      // The front desk books by the salon's rules: a customer at the counter can have the next free time.
      const settings = customerId === undefined ? await app.salonSettings.get() : { ...(await app.salonSettings.get()), minNoticeMinutes: 0 };
      const now = await databaseNow(app.db);
      // Moving a booking: its own place does not stand in its way, and it keeps the length it was booked with.
      const moving = bookingId ? me && (await findBooking(app.db, me, bookingId, settings, now)) : undefined;
      if (bookingId && !moving) throw notFound('Booking');
      // Times change as others book: never cache an answer.
      reply.header('cache-control', 'no-store');
      const starts = await openStarts(app.db, {
        serviceId,
        // Moving a booking keeps the length it was booked with.
        durationMinutes: moving ? moving.duration : service.duration,
        date,
        settings,
        now,
        // A signed-in customer is not offered times that overlap her own other appointments (the
        // front desk's: those of the customer it books for).
        userId: customerId ?? me?.id,
        // A booking being moved keeps its stylist unless another is asked for.
        staffId: staffId ?? moving?.staffId ?? null,
        exceptCartItemId: cartItemId,
        exceptBookingId: moving ? moving._id : undefined,
      });
      return { timeZone: settings.timeZone, slots: starts.map((slot) => ({ startsAt: slot.startsAt.toISOString(), staff: slot.staff })) };
    },
  );
}
