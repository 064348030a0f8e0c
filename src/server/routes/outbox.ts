import type { App } from '../types.js';
import { guardedErrorResponses } from '../../shared/errors.js';
import { outboxConfigSchema, outboxListSchema, outboxQuerySchema } from '../../shared/outbox.js';
import { requireAdmin } from '../plugins/auth.js';
import { whenOutboxShown } from '../plugins/outbox-guard.js';
import { listOutbox } from '../repositories/outbox.js';

export async function outboxRoutes(app: App) {
  app.get(
    '/config/outbox',
    { schema: { tags: ['mail'], summary: "Whether the admin's 'Sent e-mails' page is on (SHOW_OUTBOX)", response: { 200: outboxConfigSchema } } },
    async () => ({ enabled: app.config.showOutbox }),
  );

  const whenShown = whenOutboxShown(app, 'The outbox is');

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

