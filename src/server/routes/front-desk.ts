import type { App } from '../types.js';
import { guardedErrorResponses } from '../../shared/errors.js';
import {
  EMAIL_TAKEN_MESSAGE,
  deskBookingInputSchema,
  deskBookingResultSchema,
  deskCustomerListSchema,
  deskCustomerQuerySchema,
  deskCustomerSchema,
  newDeskCustomerSchema,
} from '../../shared/front-desk.js';
import { currentUser, requireAdmin } from '../plugins/auth.js';
import { HttpError } from '../http-error.js';
import { createDeskCustomer, searchCustomers } from '../repositories/front-desk.js';
import { bookAtFrontDesk } from '../booking/front-desk.js';

/**
 * `/api/front-desk`: the admin books for a customer who phoned or walked in (docs/decisions/046):
 * finds her or records her, then books her visits, paid at the counter now or at the visit.
 */
export async function frontDeskRoutes(app: App) {
  app.get(
    '/front-desk/customers',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['front desk'],
        summary: 'Customers whose name, e-mail or mobile number contains the query (at most 10; admin)',
        querystring: deskCustomerQuerySchema,
        response: { 200: deskCustomerListSchema, ...guardedErrorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return searchCustomers(app.db, request.query.q);
    },
  );

  app.post(
    '/front-desk/customers',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['front desk'],
        summary: 'Records a customer at the desk: name, mobile number and, if she has one, e-mail (admin)',
        body: newDeskCustomerSchema,
        response: { 201: deskCustomerSchema, ...guardedErrorResponses },
      },
    },
    async (request, reply) => {
      const created = await createDeskCustomer(app.db, request.body);
      if (!created) throw new HttpError(409, EMAIL_TAKEN_MESSAGE, [{ path: 'email', message: EMAIL_TAKEN_MESSAGE }]);
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/front-desk/bookings',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['front desk'],
        summary: 'Books visits for a customer at the desk, paid at the counter now or at the visit; she is e-mailed if she has an address (admin)',
        body: deskBookingInputSchema,
        response: { 201: deskBookingResultSchema, ...guardedErrorResponses },
      },
    },
    async (request, reply) => {
      const me = await currentUser(request);
      const result = await bookAtFrontDesk({ db: app.db, payments: app.payments, settings: await app.salonSettings.get(), team: app.roster }, me.id, request.body);
      return reply.code(201).send(result);
    },
  );
}
