import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedSchema, insertedSchema, modifiedSchema } from '@shared/results';
import type { ReviewCreateInput, ReviewUpdateInput } from '@shared/review';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

export function createReview(input: ReviewCreateInput) {
  return apiClient.post('/api/review', input, { schema: insertedSchema });
}

export function updateReview({ id, changes }: { id: string; changes: ReviewUpdateInput }) {
  return apiClient.patch(`/api/review/${id}`, changes, { schema: modifiedSchema });
}

export function deleteReview(id: string) {
  return apiClient.delete(`/api/review/${id}`, { schema: deletedSchema });
}

/** Every review list (the home page's, hers, the admin's) sits under one key: a write refreshes them all. */
function useRefreshReviews() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews });
}

export function useCreateReview() {
  const refresh = useRefreshReviews();
  return useMutation({ mutationFn: createReview, onSettled: refresh });
}

export function useUpdateReview() {
  const refresh = useRefreshReviews();
  return useMutation({ mutationFn: updateReview, onSettled: refresh });
}

export function useDeleteReview() {
  const refresh = useRefreshReviews();
  return useMutation({ mutationFn: deleteReview, onSettled: refresh });
}
