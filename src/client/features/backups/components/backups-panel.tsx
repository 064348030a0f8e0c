import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DatabaseBackup, Download, HardDriveDownload } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Backup } from '@shared/backups';
import type { SalonSettings } from '@shared/salon-settings';
import { timeZoneLabel } from '@shared/calendar';
import { localTime } from '@shared/opening-hours';
import { FormAlert } from '@/components/ui/form-alert';
import { QueryState } from '@/components/ui/query-state';
import { useIntlLocale, useLanguage } from '@/hooks/use-language';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { toast } from '@/lib/dialogs';
import { useCreateBackup } from '../api/create-backup';
import { backupDownloadHref, backupsQueryOptions } from '../api/get-backups';

// Commands and tools, the same in every language: kept out of the catalogues.
const RESTORE_COMMAND = 'npm run restore -- FILE';
const POSTGRES_TOOLS = { dump: 'pg_dump', restore: 'pg_restore', wal: 'WAL' };

const sectionClass = 'rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70 sm:p-6';

/** Bytes as people read file sizes: 820 KB, 3.4 MB (৮২০ কেবি, ৩.৪ এমবি). */
function formatFileSize(bytes: number, t: TFunction<'admin-tools'>): string {
  if (bytes < 1000) return t('backups.sizes.bytes', { value: bytes });
  if (bytes < 1_000_000) return t('backups.sizes.kb', { value: Math.round(bytes / 1000) });
  return t('backups.sizes.mb', { value: bytes / 1_000_000 });
}

/** 'Dhaka time (Asia/Dhaka)'; in Bangla the zone's name as Intl writes it ('বাংলাদেশ মানক সময়'). */
function useZoneName(timeZone: string): string {
  const language = useLanguage();
  const locale = useIntlLocale();
  if (language === 'en') return timeZoneLabel(timeZone);
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' }).formatToParts(new Date());
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

function BackupRow({ backup, timeZone }: { backup: Backup; timeZone: string }) {
  const { t } = useTranslation('admin-tools');
  const taken = useSalonFormat().dateTime(backup.createdAt, timeZone);
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
      <div className="min-w-0">
        <p className="font-medium">
          <time dateTime={backup.createdAt}>{taken}</time>
        </p>
        <p className="text-sm text-base-content/75">
          {t(`backups.kinds.${backup.kind}`)} · {formatFileSize(backup.size, t)}
        </p>
      </div>
      {/* A plain link: the browser saves the file itself, with the session cookie. */}
      <a href={backupDownloadHref(backup.name)} download={backup.name} className="btn gap-2 btn-outline btn-sm" aria-label={t('backups.downloadOf', { when: taken })}>
        <Download aria-hidden="true" className="size-4" />
        {t('backups.download')}
      </a>
    </li>
  );
}

/**
 * The settings page's Backups section: take one now, see the kept ones, download any. On a
 * PostgreSQL server it says which tools back the salon up instead.
 */
export function BackupsPanel({ settings }: { settings: SalonSettings }) {
  const { t } = useTranslation('admin-tools');
  const locale = useIntlLocale();
  const zone = useZoneName(settings.timeZone);
  const headingId = useId();
  const info = useQuery({ ...backupsQueryOptions(), select: (list) => ({ available: list.available, message: list.message, folder: list.folder }) });
  const backups = useQuery({ ...backupsQueryOptions(), select: (list) => list.backups });
  const create = useCreateBackup();

  const backUpNow = () => {
    create.mutate(undefined, {
      onSuccess: () => void toast({ title: t('backups.taken') }),
    });
  };

  return (
    <section className={sectionClass} aria-labelledby={headingId}>
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold">
        <DatabaseBackup aria-hidden="true" className="size-5 text-primary" />
        {t('backups.heading')}
      </h2>
      {info.data && !info.data.available ? (
        <div className="mt-2 space-y-2 text-sm text-base-content/80">
          <p>{info.data.message}</p>
          <p>
            <Trans
              t={t}
              i18nKey="backups.postgres"
              values={POSTGRES_TOOLS}
              components={{ dump: <code translate="no" />, restore: <code translate="no" />, wal: <abbr translate="no" /> }}
            />
          </p>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-base-content/75">
            <Trans
              t={t}
              i18nKey={info.data?.folder ? 'backups.scheduleIn' : 'backups.schedule'}
              values={{ time: localTime(settings.backupTime, locale), zone, kept: settings.backupsKept, folder: info.data?.folder, command: RESTORE_COMMAND }}
              components={{ folder: <code className="break-all" translate="no" />, command: <code className="whitespace-nowrap" translate="no" /> }}
            />
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
            {create.isPending ? t('backups.backingUp') : t('backups.backUpNow')}
          </button>
          <QueryState
            query={backups}
            className="mt-4"
            loading={{
              label: t('backups.loading'),
              rows: 2,
              row: (
                <>
                  <div className="skeleton h-4 flex-1" />
                  <div className="skeleton h-8 w-28 rounded-full" />
                </>
              ),
            }}
            empty={{ icon: DatabaseBackup, title: t('backups.empty.title'), message: t('backups.empty.message') }}
          >
            {(list) => (
              <ul aria-label={t('backups.listLabel')} className="mt-4 divide-y divide-base-300/70">
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
