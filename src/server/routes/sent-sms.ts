import type { FastifyRequest } from 'fastify';
import type { App } from '../types.js';
import { guardedErrorResponses } from '../../shared/errors.js';
import { sentSmsListSchema, sentSmsQuerySchema } from '../../shared/sms.js';
import { requireAdmin } from '../plugins/auth.js';
import { HttpError } from '../http-error.js';
import { listSentSms } from '../repositories/sms.js';

export async function sentSmsRoutes(app: App) {
  // The texts hold live verification codes: shown under the same rule as the e-mails' outbox
  // (SHOW_OUTBOX: on in the demo, off in a deployment unless asked for).
  const whenShown = async (_request: FastifyRequest) => {
    if (!app.config.showOutbox) throw new HttpError(404, 'Sent SMS are not shown on this server (SHOW_OUTBOX is off).');
  };

  app.get(
    '/admin/sms',
    {
      onRequest: [whenShown, requireAdmin],
      schema: {
        tags: ['mail'],
        summary: 'The texts the salon sent, newest first, with their segment counts (admin; only when SHOW_OUTBOX is on)',
        querystring: sentSmsQuerySchema,
        response: { 200: sentSmsListSchema, ...guardedErrorResponses },
      },
    },
    async (request) => listSentSms(app.db, request.query.limit),
  );
}
