/**
 * `npm run restore -- FILE`: restores a backup of the embedded database into DATA_DIR (default
 * ./data). FILE is a path, or the name of a backup kept in DATA_DIR/backups. The server must be
 * stopped; the database it replaces is kept aside. See src/server/backups/restore.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../env.js';
import { BackupFileError } from '../backups/backup-file.js';
import { BACKUPS_FOLDER } from '../backups/backup-service.js';
import { RestoreRefusedError, restoreBackup } from '../backups/restore.js';

/** Refusals the person running the command can act on: said in words, without a stack trace. */
class Refused extends Error {}

async function restore(argument: string): Promise<string[]> {
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new Refused(
      'DATABASE_URL is set: this salon runs on a PostgreSQL server, which Parlour does not back up or restore itself. ' +
        'Restore it with pg_restore (or the server’s point-in-time recovery); see the README, "Backups". Nothing was changed.',
    );
  }
  const kept = path.join(config.dataDir, BACKUPS_FOLDER, argument);
  const file = !fs.existsSync(argument) && path.basename(argument) === argument && fs.existsSync(kept) ? kept : argument;
  const result = await restoreBackup({ file, dataDir: config.dataDir, log: (line) => console.log(line) });
  return result.summary;
}

const argument = process.argv[2];
if (!argument) {
  console.error('Usage: npm run restore -- FILE   (a backup file, or the name of one in DATA_DIR/backups)');
  process.exit(2);
}
try {
  const summary = await restore(argument);
  console.log('');
  for (const line of summary) console.log(line);
  process.exit(0);
} catch (err) {
  if (err instanceof Refused || err instanceof RestoreRefusedError || err instanceof ConfigError) {
    console.error(err.message);
  } else if (err instanceof BackupFileError) {
    console.error(`${err.message} Nothing was changed.`);
  } else {
    console.error(err);
    console.error('The restore failed; the data folder was left as it was.');
  }
  process.exit(1);
}
