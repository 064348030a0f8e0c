import { queryOptions, useQuery } from '@tanstack/react-query';
import { backupListSchema, type BackupList } from '@shared/backups';
import { apiClient } from '@/lib/api-client';

/**
 * Kept beside its fetcher, as the settings' key is: Back up now invalidates by this same key.
 * Asked again whenever the page opens (staleTime 0): the daily backup may have run meanwhile.
 */
export const backupsQueryKey = ['backups'] as const;

/** GET /api/admin/backups (admin): the kept backups, or why this server has none (PostgreSQL). */
export function getBackups({ signal }: { signal?: AbortSignal } = {}): Promise<BackupList> {
  return apiClient.get('/api/admin/backups', { schema: backupListSchema, signal });
}

export const backupsQueryOptions = () =>
  queryOptions({
    queryKey: backupsQueryKey,
    queryFn: ({ signal }) => getBackups({ signal }),
    staleTime: 0,
  });

export function useBackups() {
  return useQuery(backupsQueryOptions());
}

/** Where the browser downloads a kept backup (a plain link: the server answers with an attachment). */
export const backupDownloadHref = (name: string) => `/api/admin/backups/${encodeURIComponent(name)}`;
