import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acknowledgedSchema } from '@shared/results';
import type { SalonSettings } from '@shared/salon-settings';
import { apiClient } from '@/lib/api-client';
import { settingsQueryKey } from './get-settings';

/** PUT /api/settings (admin): replaces the booking rules; answers {acknowledged: true}. */
export function updateSettings(settings: SalonSettings) {
  return apiClient.put('/api/settings', settings, { schema: acknowledgedSchema });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    // Booking pages show times in the salon's zone and offer dates by these rules: ask again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueryKey }),
  });
}
