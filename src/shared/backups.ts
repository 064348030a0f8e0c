import { z } from 'zod';

/**
 * The embedded database's backups, as the admin's settings page lists them. A backup's name is
 * its whole identity: it says when it was taken (UTC, to the millisecond) and whether the daily
 * schedule or an admin took it, and nothing that is not a name of this exact shape is ever
 * looked up in the backups folder.
 */
export const BACKUP_NAME_PATTERN = /^parlour-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-(manual|scheduled)\.backup\.gz$/;

export const backupKindSchema = z.enum(['manual', 'scheduled']);
export type BackupKind = z.infer<typeof backupKindSchema>;

export const backupSchema = z.object({
  name: z.string().regex(BACKUP_NAME_PATTERN),
  /** Bytes on disk (compressed). */
  size: z.number().int().min(0),
  createdAt: z.iso.datetime(),
  kind: backupKindSchema,
});
export type Backup = z.infer<typeof backupSchema>;

export const backupListSchema = z.object({
  /** False on a PostgreSQL server (DATABASE_URL): the standard tools back it up instead. */
  available: z.boolean(),
  /** Why they are unavailable, in words for the admin; null when available. */
  message: z.string().nullable(),
  /** Where the files are kept on the server; null when unavailable. */
  folder: z.string().nullable(),
  /** Newest first. */
  backups: z.array(backupSchema),
});
export type BackupList = z.infer<typeof backupListSchema>;

export const backupNameParamsSchema = z.object({
  name: z.string().regex(BACKUP_NAME_PATTERN, 'Not the name of a backup'),
});

/** The UTC instant a backup's name records, or undefined for a name of another shape. */
export function backupCreatedAt(name: string): Date | undefined {
  if (!BACKUP_NAME_PATTERN.test(name)) return undefined;
  const [date, time] = name.slice('parlour-'.length, 'parlour-'.length + 24).split('T') as [string, string];
  const [h, m, s, ms] = time.replace('Z', '').split('-');
  const instant = new Date(`${date}T${h}:${m}:${s}.${ms}Z`);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

/** The name a backup taken at `instant` gets. */
export function backupName(instant: Date, kind: BackupKind): string {
  const stamp = instant.toISOString().replace(/:/g, '-').replace('.', '-');
  return `parlour-${stamp}-${kind}.backup.gz`;
}
