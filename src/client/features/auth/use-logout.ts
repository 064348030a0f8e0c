import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

/** Ends the session on the server, then forgets every cached answer that belonged to the user. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.get('/api/logout'),
    onSettled: async () => {
      queryClient.removeQueries({ queryKey: ['cart'] });
      queryClient.removeQueries({ queryKey: ['isAdmin'] });
      await queryClient.invalidateQueries();
    },
  });
}
