import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SalonSettings } from '@shared/salon-settings';

/**
 * The settings' one cache entry (the admin's save invalidates it). Here rather than in
 * lib/query-client.ts's `queryKeys` so the home page can name it without loading the settings
 * schema.
 */
export const settingsQueryKey = ['settings'] as const;

/**
 * The salon's settings (time zone, hours, how it writes numbers), read across the site: the home
 * page, the dashboards and the shared hooks alike, so they live here rather than in a feature. The
 * fetcher is loaded when first needed: it parses with the settings schema, which the home page does
 * not otherwise need; a server-rendered page arrives with the settings already.
 */
export const salonSettingsQueryOptions = () =>
  queryOptions<SalonSettings>({
    queryKey: settingsQueryKey,
    queryFn: async ({ signal }) => (await import('./salon-settings-fetch')).getSettings({ signal }),
  });

export function usePublicSalonSettings() {
  return useQuery(salonSettingsQueryOptions());
}
