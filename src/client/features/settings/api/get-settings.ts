import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsQueryKey } from '@/lib/salon-settings';
import { getSettings } from '@/lib/salon-settings-fetch';

export { getSettings, settingsQueryKey };

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsQueryKey,
    queryFn: ({ signal }) => getSettings({ signal }),
  });

export function useSalonSettings() {
  return useQuery(settingsQueryOptions());
}
