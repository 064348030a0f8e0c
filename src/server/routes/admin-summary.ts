import type { App } from '../types.js';
import { guardedErrorResponses } from '../../shared/errors.js';
import { adminSummaryQuerySchema, adminSummarySchema } from '../../shared/admin-summary.js';
import { requireAdmin } from '../plugins/auth.js';
import { getAdminSummary } from '../repositories/admin-summary.js';

export async function adminSummaryRoutes(app: App) {
  app.get(
    '/admin/summary',
    {
      onRequest: [requireAdmin],
      schema: {
        tags: ['admin'],
        summary: "The salon's figures for salon-local days from..to, inclusive (admin)",
        querystring: adminSummaryQuerySchema,
        response: { 200: adminSummarySchema, ...guardedErrorResponses },
      },
    },
    async (request) => getAdminSummary(app.db, request.query, await app.salonSettings.get()),
  );
}
