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

const argument = process.argv[2];
if (!argument) {
  console.error('Usage: npm run restore -- FILE   (a backup file, or the name of one in DATA_DIR/backups)');
  process.exit(2);
}

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
if (config.databaseUrl) {
  console.error(
    'DATABASE_URL is set: this salon runs on a PostgreSQL server, which Parlour does not back up or restore itself. ' +
      'Restore it with pg_restore (or the server’s point-in-time recovery); see the README, "Backups". Nothing was changed.',
  );
  process.exit(1);
}

const kept = path.join(config.dataDir, BACKUPS_FOLDER, argument);
const file = !fs.existsSync(argument) && path.basename(argument) === argument && fs.existsSync(kept) ? kept : argument;

try {
  const result = await restoreBackup({ file, dataDir: config.dataDir, log: (line) => console.log(line) });
  console.log('');
  for (const line of result.summary) console.log(line);
  process.exit(0);
} catch (err) {
  if (err instanceof RestoreRefusedError || err instanceof BackupFileError) {
    console.error(err instanceof BackupFileError ? `${err.message} Nothing was changed.` : err.message);
    process.exit(1);
  }
  console.error(err);
  console.error('The restore failed; the data folder was left as it was.');
  process.exit(1);
}
