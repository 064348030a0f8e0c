import type { FastifyRequest } from 'fastify';
import type { App } from '../types.js';
import { HttpError } from '../http-error.js';

/**
 * The guard of the pages that show what the salon sent (e-mails with live reset links, texts with
 * live codes): a deployment shows them only when SHOW_OUTBOX asks. Off, the page does not exist
 * for anyone, so the answer says nothing about roles either.
 */
export function whenOutboxShown(app: App, what: string) {
  return async (_request: FastifyRequest) => {
    if (!app.config.showOutbox) throw new HttpError(404, `${what} not shown on this server (SHOW_OUTBOX is off).`);
  };
}
