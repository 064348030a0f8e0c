import type { App } from '../types.js';
import { guardedErrorResponses } from '../../shared/errors.js';
import { idParamsSchema } from '../../shared/ids.js';
import { acknowledgedSchema, insertedSchema } from '../../shared/results.js';
import { adminWaitlistQuerySchema, adminWaitlistSchema, joinWaitlistInputSchema, myWishesSchema, offerByHandInputSchema } from '../../shared/waitlist.js';
import { currentUser, requireAdmin, requireUser } from '../plugins/auth.js';

/** The waitlist: her wishes (join, see, leave) and the salon's view of a day (docs/decisions/045). */
export async function waitlistRoutes(app: App) {
  app.post(
    '/waitlist',
    {
      onRequest: requireUser,
      schema: {
        tags: ['waitlist'],
        summary: 'Joins the waitlist for a service on a salon-local day (a stylist or any, optionally between two times)',
        body: joinWaitlistInputSchema,
        response: { 201: insertedSchema, ...guardedErrorResponses },
      },
    },
    async (request, reply) => {
      const me = await currentUser(request);
      const insertedId = await app.waitlist.join(me, request.body);
      return reply.status(201).send({ insertedId });
    },
  );

  app.get(
    '/waitlist/mine',
    {
      onRequest: requireUser,
      schema: {
        tags: ['waitlist'],
        summary: "The signed-in customer's wishes with her place in line and any time held for her",
        response: { 200: myWishesSchema, ...guardedErrorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.waitlist.mine(await currentUser(request));
    },
  );

  app.delete(
    '/waitlist/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['waitlist'],
        summary: 'Leaves the waitlist (her own wish only)',
        params: idParamsSchema,
        response: { 200: acknowledgedSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      await app.waitlist.leave(await currentUser(request), request.params.id);
      return { acknowledged: true };
    },
  );

  app.get(
    '/admin/waitlist',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['waitlist'],
        summary: "A day's waitlist: who waits for what, in line order, and the offers made",
        querystring: adminWaitlistQuerySchema,
        response: { 200: adminWaitlistSchema, ...guardedErrorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.waitlist.forDay(request.query.date);
    },
  );

  app.post(
    '/admin/waitlist/:id/offer',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['waitlist'],
        summary: 'Offers a waiting customer a time by hand: held on her booking list and e-mailed, as the automatic offer',
        params: idParamsSchema,
        body: offerByHandInputSchema,
        response: { 200: acknowledgedSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      await app.waitlist.offerByHand(request.params.id, new Date(request.body.startsAt));
      return { acknowledged: true };
    },
  );
}
