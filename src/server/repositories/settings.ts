import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { salonSettings } from '../db/schema.js';
import { SETTINGS_CHANNEL } from '../change-cache.js';
import { DEFAULT_SALON_SETTINGS, salonSettingsSchema, type SalonSettings } from '../../shared/salon-settings.js';

/**
 * The salon's booking rules. Until an admin saves her own, the defaults apply; a stored value that
 * no longer passes the schema (an older shape) falls back to the defaults field by field.
 */
export async function getSalonSettings(db: Db): Promise<SalonSettings> {
  const [row] = await db.select({ settings: salonSettings.settings }).from(salonSettings);
  if (!row) return DEFAULT_SALON_SETTINGS;
  const parsed = salonSettingsSchema.safeParse({ ...DEFAULT_SALON_SETTINGS, ...(row.settings as object) });
  return parsed.success ? parsed.data : DEFAULT_SALON_SETTINGS;
}

/** Saves the rules; every instance drops its cached copy when the transaction commits. */
export async function saveSalonSettings(db: Db, settings: SalonSettings): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(salonSettings)
      .values({ id: 1, settings })
      .onConflictDoUpdate({ target: salonSettings.id, set: { settings, updatedAt: sql`now()` } });
    await tx.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, '')`);
  });
}
