import { useMutation, useQueryClient } from '@tanstack/react-query';
import { insertedSchema } from '@shared/results';
import type { JoinWaitlistInput } from '@shared/waitlist';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** POST /api/waitlist: 201 with the wish's id; 409 when she already waits for it that day. */
export function joinWaitlist(input: JoinWaitlistInput) {
  return apiClient.post('/api/waitlist', input, { schema: insertedSchema });
}

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWaitlist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.waitlist }),
  });
}
