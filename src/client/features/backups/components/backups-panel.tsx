import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DatabaseBackup, Download, HardDriveDownload } from 'lucide-react';
import type { Backup } from '../../../../shared/backups';
import type { SalonSettings } from '../../../../shared/salon-settings';
import { formatSalonDateTime, timeZoneLabel } from '../../../../shared/calendar';
import { FormAlert } from '../../../components/ui/form-alert';
import { QueryState } from '../../../components/ui/query-state';
import { toast } from '../../../lib/dialogs';
import { useCreateBackup } from '../api/create-backup';
import { backupDownloadHref, backupsQueryOptions } from '../api/get-backups';

const sectionClass = 'rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70 sm:p-6';

/** Bytes as people read file sizes: 820 KB, 3.4 MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

const kindLabels: Record<Backup['kind'], string> = { scheduled: 'Daily', manual: 'On demand' };

function BackupRow({ backup, timeZone }: { backup: Backup; timeZone: string }) {
  const taken = formatSalonDateTime(backup.createdAt, timeZone);
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
      <div className="min-w-0">
        <p className="font-medium">
          <time dateTime={backup.createdAt}>{taken}</time>
        </p>
        <p className="text-sm text-base-content/75">
          {kindLabels[backup.kind]} · {formatFileSize(backup.size)}
        </p>
      </div>
      {/* A plain link: the browser saves the file itself, with the session cookie. */}
      <a href={backupDownloadHref(backup.name)} download={backup.name} className="btn gap-2 btn-outline btn-sm" aria-label={`Download the backup of ${taken}`}>
        <Download aria-hidden="true" className="size-4" />
        Download
      </a>
    </li>
  );
}

/**
 * The settings page's Backups section: take one now, see the kept ones, download any. On a
 * PostgreSQL server it says which tools back the salon up instead.
 */
export function BackupsPanel({ settings }: { settings: SalonSettings }) {
  const headingId = useId();
  const info = useQuery({ ...backupsQueryOptions(), select: (list) => ({ available: list.available, message: list.message, folder: list.folder }) });
  const backups = useQuery({ ...backupsQueryOptions(), select: (list) => list.backups });
  const create = useCreateBackup();

  const backUpNow = () => {
    create.mutate(undefined, {
      onSuccess: () => void toast({ title: 'Backup taken' }),
    });
  };

  return (
    <section className={sectionClass} aria-labelledby={headingId}>
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold">
        <DatabaseBackup aria-hidden="true" className="size-5 text-primary" />
        Backups
      </h2>
      {info.data && !info.data.available ? (
        <div className="mt-2 space-y-2 text-sm text-base-content/80">
          <p>{info.data.message}</p>
          <p>
            Use the database server’s own tools: <code>pg_dump</code> for a copy, <code>pg_restore</code> to bring one back, and
            point-in-time recovery (WAL archiving) to return to any moment.
          </p>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-base-content/75">
            A copy of every service, account, booking, payment and image, taken every day at {settings.backupTime},{' '}
            {timeZoneLabel(settings.timeZone)}. The newest {settings.backupsKept} are kept
            {info.data?.folder ? (
              <>
                {' '}
                in <code className="break-all">{info.data.folder}</code>
              </>
            ) : null}
            . To restore one, stop the server and run <code className="whitespace-nowrap">npm run restore -- FILE</code>.
          </p>
          {create.isError ? (
            <FormAlert className="mt-4">
              <p>{create.error.message}</p>
            </FormAlert>
          ) : null}
          <button type="button" className="btn mt-4 rounded-full btn-primary" onClick={backUpNow} disabled={create.isPending || !info.data}>
            {create.isPending ? (
              <span aria-hidden="true" className="loading loading-sm loading-spinner" />
            ) : (
              <HardDriveDownload aria-hidden="true" className="size-4" />
            )}
            {create.isPending ? 'Backing up…' : 'Back up now'}
          </button>
          <QueryState
            query={backups}
            className="mt-4"
            loading={{
              label: 'Loading the backups',
              rows: 2,
              row: (
                <>
                  <div className="skeleton h-4 flex-1" />
                  <div className="skeleton h-8 w-28 rounded-full" />
                </>
              ),
            }}
            empty={{ icon: DatabaseBackup, title: 'No backups yet', message: 'The first is taken at the next backup time, or now with Back up now.' }}
          >
            {(list) => (
              <ul aria-label="Kept backups" className="mt-4 divide-y divide-base-300/70">
                {list.map((backup) => (
                  <BackupRow key={backup.name} backup={backup} timeZone={settings.timeZone} />
                ))}
              </ul>
            )}
          </QueryState>
        </>
      )}
    </section>
  );
}
