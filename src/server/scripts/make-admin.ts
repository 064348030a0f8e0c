/**
 * `npm run make-admin -- someone@example.com`: promotes an existing account to admin, on the
 * database the environment points at (DATABASE_URL, or the embedded one in DATA_DIR).
 */
import { openDatabase } from '../db/client.js';
import { prepareDatabase } from '../db/prepare.js';
import { loadConfig } from '../env.js';
import { findUserByEmail, makeAdmin } from '../repositories/users.js';

export async function promoteByEmail(email: string): Promise<'promoted' | 'already-admin' | 'not-found'> {
  const config = loadConfig();
  const database = config.databaseUrl
    ? await openDatabase({ driver: 'postgres', url: config.databaseUrl })
    : await openDatabase({ driver: 'embedded', dataDir: config.dataDir });
  try {
    await prepareDatabase(database, { seed: false });
    const user = await findUserByEmail(database.db, email);
    if (!user) return 'not-found';
    return (await makeAdmin(database.db, user._id)) > 0 ? 'promoted' : 'already-admin';
  } finally {
    await database.close();
  }
}

const email = process.argv[2];
if (!email) {
  console.error('Usage: npm run make-admin -- someone@example.com');
  process.exit(2);
}
const outcome = await promoteByEmail(email);
const messages = {
  promoted: `${email} is now an admin.`,
  'already-admin': `${email} was already an admin.`,
  'not-found': `No account uses ${email}. Sign up first, then run this again.`,
};
console.log(messages[outcome]);
process.exit(outcome === 'not-found' ? 1 : 0);
