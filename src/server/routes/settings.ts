import type { App } from '../types.js';
import { errorResponses, guardedErrorResponses } from '../../shared/errors.js';
import { acknowledgedSchema } from '../../shared/results.js';
import { salonSettingsSchema } from '../../shared/salon-settings.js';
import { requireAdmin } from '../plugins/auth.js';
import { saveSalonSettings } from '../repositories/settings.js';

export async function settingsRoutes(app: App) {
  // Opening hours and booking rules are what any visitor may read on a salon's door.
  app.get(
    '/settings',
    { schema: { tags: ['salon'], summary: "The salon's booking rules", response: { 200: salonSettingsSchema, ...errorResponses } } },
    async () => app.salonSettings.get(),
  );

  app.put(
    '/settings',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['salon'],
        summary: "Replaces the salon's booking rules (admin); existing bookings keep their times",
        body: salonSettingsSchema,
        response: { 200: acknowledgedSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      await saveSalonSettings(app.db, request.body);
      app.salonSettings.invalidate();
      // New opening hours (or a longer horizon) may open places that people wait for.
      await app.waitlist.hoursChanged();
      return { acknowledged: true };
    },
  );
}
