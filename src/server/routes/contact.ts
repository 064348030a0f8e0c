import type { App } from '../types.js';
import { errorResponses } from '../../shared/errors.js';
import { contactMessageInputSchema } from '../../shared/contact.js';
import { insertedSchema } from '../../shared/results.js';
import { insertContactMessage } from '../repositories/contact-messages.js';

export async function contactRoutes(app: App) {
  app.post(
    '/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Leaves a message for the salon (kept for the admin)',
        body: contactMessageInputSchema,
        response: { 201: insertedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const insertedId = await insertContactMessage(app.db, request.body);
      return reply.status(201).send({ insertedId });
    },
  );
}
