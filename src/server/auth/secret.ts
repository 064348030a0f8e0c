import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appMeta } from '../db/schema.js';

const KEY = 'auth_secret';

/**
 * The key that signs session cookies. AUTH_SECRET wins; otherwise one is made on first start and
 * kept in the database, so `npm start` needs no setup and every instance on one database agrees.
 */
export async function resolveAuthSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appMeta)
    .values({ key: KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, KEY));
  if (!row) throw new Error('auth secret could not be stored');
  return row.value;
}
