import fs from 'node:fs';
import { z } from 'zod';
import type { App } from '../types.js';
import { guardedErrorResponses } from '../../shared/errors.js';
import { backupListSchema, backupNameParamsSchema, backupSchema } from '../../shared/backups.js';
import { requireAdmin } from '../plugins/auth.js';
import { HttpError, notFound } from '../http-error.js';
import type { BackupService } from '../backups/backup-service.js';

/** What the admin is told on a PostgreSQL server, where these backups do not apply. */
export const POSTGRES_BACKUPS_MESSAGE =
  'This salon runs on a PostgreSQL server (DATABASE_URL), so Parlour does not back it up itself: ' +
  'back it up with pg_dump and restore with pg_restore, or set up point-in-time recovery on that server (see the README, "Backups").';

export async function backupRoutes(app: App) {
  const service = (): BackupService => {
    if (!app.backups) throw new HttpError(409, POSTGRES_BACKUPS_MESSAGE);
    return app.backups;
  };

  app.get(
    '/admin/backups',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['backups'],
        summary: "The embedded database's kept backups, newest first (admin); on PostgreSQL, why there are none",
        response: { 200: backupListSchema, ...guardedErrorResponses },
      },
    },
    async () =>
      app.backups
        ? { available: true, message: null, folder: app.backups.folder, backups: await app.backups.list() }
        : { available: false, message: POSTGRES_BACKUPS_MESSAGE, folder: null, backups: [] },
  );

  app.post(
    '/admin/backups',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['backups'],
        summary: 'Takes a backup of the embedded database now (admin); 409 on a PostgreSQL server',
        response: { 201: backupSchema, ...guardedErrorResponses },
      },
    },
    async (request, reply) => {
      const backup = await service().create('manual');
      request.log.info({ backup: backup.name, size: backup.size }, 'backup taken on demand');
      return reply.code(201).send(backup);
    },
  );

  app.get(
    '/admin/backups/:name',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['backups'],
        summary: 'Downloads a kept backup (admin)',
        params: backupNameParamsSchema,
        response: {
          200: { description: 'The backup file', content: { 'application/gzip': { schema: z.any().describe('The gzip file, sent as a stream') } } },
          ...guardedErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const file = await service().fileOf(request.params.name);
      if (!file) throw notFound('Backup');
      return reply
        .type('application/gzip')
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .header('cache-control', 'private, no-store')
        .send(fs.createReadStream(file));
    },
  );
}
