import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backupSchema } from '@shared/backups';
import { apiClient } from '@/lib/api-client';
import { backupsQueryKey } from './get-backups';

/** POST /api/admin/backups (admin): takes a backup now; answers {name, size, createdAt, kind}. */
export function createBackup() {
  return apiClient.post('/api/admin/backups', undefined, { schema: backupSchema });
}

export function useCreateBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBackup,
    // The new one is listed, and an old one may have been pruned to make room.
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupsQueryKey }),
  });
}
