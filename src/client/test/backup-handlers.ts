import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';
import { backupName, type Backup, type BackupList } from '@shared/backups';
import type { ApiError } from '@shared/errors';
import { apiErrorResponse } from './handlers';

export const POSTGRES_MESSAGE =
  'This salon runs on a PostgreSQL server (DATABASE_URL), so Parlour does not back it up itself: back it up with pg_dump and restore with pg_restore.';

/** A kept backup as the server lists it. */
export function backupAt(iso: string, kind: Backup['kind'] = 'scheduled', size = 48_213): Backup {
  return { name: backupName(new Date(iso), kind), size, createdAt: new Date(iso).toISOString(), kind };
}

/**
 * The backups API as the server answers it: the list, and Back up now adding one at the top.
 * `available: false` is a salon on PostgreSQL. `failNext` makes the next Back up now fail.
 */
export function fakeBackups({ backups = [] as Backup[], available = true, folder = '/srv/parlour/data/backups' } = {}) {
  const state = { backups: [...backups], taken: 0, failNext: undefined as string | undefined };
  const list = (): BackupList =>
    available ? { available, message: null, folder, backups: state.backups } : { available, message: POSTGRES_MESSAGE, folder: null, backups: [] };
  return {
    state,
    handlers: [
      http.get<PathParams, DefaultBodyType, BackupList>('/api/admin/backups', () => HttpResponse.json(list())),
      http.post<PathParams, DefaultBodyType, Backup | ApiError>('/api/admin/backups', () => {
        if (!available) return apiErrorResponse(409, POSTGRES_MESSAGE) as HttpResponse<ApiError>;
        if (state.failNext) {
          const message = state.failNext;
          state.failNext = undefined;
          return apiErrorResponse(500, message) as HttpResponse<ApiError>;
        }
        state.taken += 1;
        const backup = backupAt('2026-12-15T08:30:00Z', 'manual', 51_900);
        state.backups = [backup, ...state.backups];
        return HttpResponse.json(backup, { status: 201 });
      }),
    ],
  };
}
