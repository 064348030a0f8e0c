import { salonSettingsSchema, type SalonSettings } from '@shared/salon-settings';
import { apiClient } from './api-client';

/**
 * The salon's booking rules (public): its time zone, hours and how far ahead one may book. A
 * module of its own, loaded when first needed: it parses with the settings schema, which the home
 * page does not otherwise need.
 */
export function getSettings({ signal }: { signal?: AbortSignal } = {}): Promise<SalonSettings> {
  // Parsed: the zone and hours drive every time shown.
  return apiClient.get('/api/settings', { schema: salonSettingsSchema, signal });
}
