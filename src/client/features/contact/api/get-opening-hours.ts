import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SalonSettings } from '../../../../shared/salon-settings';
import { settingsQueryKey } from '../../settings/api/settings-query-key';

/**
 * The salon's settings under the settings pages' own key (one cache entry, refreshed by their
 * save). The fetcher is loaded when first needed: it parses with the settings schema, which the
 * home page does not otherwise need; a server-rendered page arrives with the settings already.
 */
export const salonSettingsQueryOptions = () =>
  queryOptions<SalonSettings>({
    queryKey: settingsQueryKey,
    queryFn: async ({ signal }) => (await import('../../settings/api/get-settings')).getSettings({ signal }),
  });

export function usePublicSalonSettings() {
  return useQuery(salonSettingsQueryOptions());
}
