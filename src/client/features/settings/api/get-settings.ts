import { queryOptions, useQuery } from '@tanstack/react-query';
import { salonSettingsSchema, type SalonSettings } from '../../../../shared/salon-settings';
import { apiClient } from '../../../lib/api-client';
import { settingsQueryKey } from './settings-query-key';

export { settingsQueryKey };

/** The salon's booking rules (public): its time zone, hours and how far ahead one may book. */
export function getSettings({ signal }: { signal?: AbortSignal } = {}): Promise<SalonSettings> {
  // Parsed: only dashboard pages ask for this, and the zone and hours drive every time shown.
  return apiClient.get('/api/settings', { schema: salonSettingsSchema, signal });
}

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsQueryKey,
    queryFn: ({ signal }) => getSettings({ signal }),
  });

export function useSalonSettings() {
  return useQuery(settingsQueryOptions());
}
