import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { apiClient } from '@/lib/api-client';
import { clearSession } from './api/get-session';

/**
 * Ends the session on the server first (spec section 4), then forgets the session, the admin
 * check and the cart, then goes home. (A guarded page still on screen for that moment sends her
 * home as well; see useSignedOutWhileHere.)
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiClient.get('/api/logout'),
    onSuccess: async () => {
      clearSession(queryClient);
      await navigate(paths.home);
    },
  });
}
