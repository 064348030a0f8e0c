import type { FastifyRequest } from 'fastify';
import type { App } from '../types.js';
import { guardedErrorResponses } from '../../shared/errors.js';
import { outboxConfigSchema, outboxListSchema, outboxQuerySchema } from '../../shared/outbox.js';
import { requireAdmin } from '../plugins/auth.js';
import { HttpError } from '../http-error.js';
import { listOutbox } from '../repositories/outbox.js';

export async function outboxRoutes(app: App) {
  app.get(
    '/config/outbox',
    { schema: { tags: ['mail'], summary: "Whether the admin's 'Sent e-mails' page is on (SHOW_OUTBOX)", response: { 200: outboxConfigSchema } } },
    async () => ({ enabled: app.config.showOutbox }),
  );

  // The bodies hold live password-reset links: a deployment shows them only when SHOW_OUTBOX asks.
  // Off, the page does not exist for anyone, so the answer says nothing about roles either.
  const whenShown = async (_request: FastifyRequest) => {
    if (!app.config.showOutbox) throw new HttpError(404, 'The outbox is not shown on this server (SHOW_OUTBOX is off).');
  };

  app.get(
    '/admin/outbox',
    {
      onRequest: [whenShown, requireAdmin],
      schema: {
        tags: ['mail'],
        summary: 'The e-mails the salon sent, newest first (admin; only when SHOW_OUTBOX is on)',
        querystring: outboxQuerySchema,
        response: { 200: outboxListSchema, ...guardedErrorResponses },
      },
    },
    async (request) => listOutbox(app.db, request.query.limit),
  );
}
