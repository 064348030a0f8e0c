import type { App } from '../types.js';
import { guardedErrorResponses } from '../../shared/errors.js';
import { sentSmsListSchema, sentSmsQuerySchema, smsUsageSchema } from '../../shared/sms.js';
import { salonDayStart, salonDateOf } from '../../shared/calendar.js';
import { databaseNow } from '../booking/capacity.js';
import { requireAdmin } from '../plugins/auth.js';
import { whenOutboxShown } from '../plugins/outbox-guard.js';
import { countSmsSince, listSentSms } from '../repositories/sms.js';

export async function sentSmsRoutes(app: App) {
  // The texts hold live verification codes: shown under the same rule as the e-mails' outbox.
  const whenShown = whenOutboxShown(app, 'Sent SMS are');

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

/** The month's count for the admin home: no text shown, so it is there whatever SHOW_OUTBOX says. */
export async function smsUsageRoutes(app: App) {
  app.get(
    '/admin/sms/usage',
    {
      onRequest: [requireAdmin],
      schema: { tags: ['admin'], summary: "Texts sent in the salon's current month, and the SMS segments they cost (admin)", response: { 200: smsUsageSchema, ...guardedErrorResponses } },
    },
    async () => {
      const { timeZone } = await app.salonSettings.get();
      const today = salonDateOf(await databaseNow(app.db), timeZone);
      const month = today.slice(0, 7);
      return { month, ...(await countSmsSince(app.db, salonDayStart(`${month}-01`, timeZone))) };
    },
  );
}
