import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acknowledgedSchema } from '@shared/results';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** DELETE /api/waitlist/{id}: her own wish only (another's is a 404). */
export function leaveWaitlist(id: string) {
  return apiClient.delete(`/api/waitlist/${id}`, { schema: acknowledgedSchema });
}

export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveWaitlist,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.waitlist }),
  });
}
