import type { App } from '../types.js';
import { apiErrorSchema, errorResponses, guardedErrorResponses } from '../../shared/errors.js';
import { contactMessageInputSchema, contactMessageListSchema, contactMessagePatchSchema, contactMessageSchema, contactUnreadSchema } from '../../shared/contact.js';
import { idParamsSchema } from '../../shared/ids.js';
import { insertedSchema } from '../../shared/results.js';
import { countUnreadContactMessages, insertContactMessage, listContactMessages, updateContactMessage } from '../repositories/contact-messages.js';
import { consumeThrottle } from '../repositories/throttles.js';
import { clientAddressKey } from '../client-address.js';
import { requireAdmin } from '../plugins/auth.js';
import { HttpError, notFound } from '../http-error.js';
import { englishMessage, type CountedTemplate } from '../../shared/i18n/message-templates.js';

/** Too many messages from one address: how long to wait (each form a catalogue key). */
const CONTACT_WAIT: CountedTemplate = {
  one: 'You have sent several messages in a short time. Please wait {{count, number}} minute before sending another, or call the salon.',
  other: 'You have sent several messages in a short time. Please wait {{count, number}} minutes before sending another, or call the salon.',
};

/** Messages one address may leave per window: a person writes a few, a script writes thousands. */
export const CONTACT_MESSAGES_PER_ADDRESS = 5;
export const CONTACT_WINDOW_SECONDS = 10 * 60;

export async function contactRoutes(app: App) {
  app.post(
    '/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Leaves a message for the salon (kept for the admin)',
        body: contactMessageInputSchema,
        response: { 201: insertedSchema, ...errorResponses, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // Counted after validation: a visitor fixing a typo in the form is not held against.
      const verdict = await consumeThrottle(app.db, `contact:${clientAddressKey(request.ip)}`, CONTACT_MESSAGES_PER_ADDRESS, CONTACT_WINDOW_SECONDS);
      if (!verdict.allowed) {
        const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
        throw new HttpError(429, englishMessage(CONTACT_WAIT, { count: minutes }));
      }
      const insertedId = await insertContactMessage(app.db, request.body);
      return reply.status(201).send({ insertedId });
    },
  );

  app.get(
    '/contact',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['contact'],
        summary: 'The messages left through the contact form, newest first, with their read and handled state (admin)',
        response: { 200: contactMessageListSchema, ...guardedErrorResponses },
      },
    },
    async () => listContactMessages(app.db),
  );

  app.get(
    '/contact/unread',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['contact'],
        summary: 'How many messages no admin has opened yet (admin)',
        response: { 200: contactUnreadSchema, ...guardedErrorResponses },
      },
    },
    async () => ({ unread: await countUnreadContactMessages(app.db) }),
  );

  app.patch(
    '/contact/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['contact'],
        summary: 'Marks a message read (opened) or handled, or reopens it (admin)',
        params: idParamsSchema,
        body: contactMessagePatchSchema,
        response: { 200: contactMessageSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      const message = await updateContactMessage(app.db, request.params.id, request.body);
      if (!message) throw notFound('Message');
      return message;
    },
  );
}
