import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedSchema } from '@shared/results';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

export function deleteService(id: string) {
  return apiClient.delete(`/api/service/${encodeURIComponent(id)}`, { schema: deletedSchema });
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteService(id),
    // Refetched whatever happened: a 404 means another admin deleted it first.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.services }),
  });
}
