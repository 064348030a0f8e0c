import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { isLanguage, type Language } from '../../shared/i18n/language.js';

/** Her saved language (docs/decisions/047), or null when she never chose one. */
export async function languageOf(db: Db, userId: string): Promise<Language | null> {
  const [row] = await rowsOf<{ language: string | null }>(db, sql`select language from user_profiles where user_id = ${userId}`);
  return isLanguage(row?.language) ? row.language : null;
}

export async function saveLanguage(db: Db, userId: string, language: Language): Promise<void> {
  await db.execute(sql`
    insert into user_profiles (user_id, language, updated_at) values (${userId}, ${language}, now())
    on conflict (user_id) do update set language = excluded.language, updated_at = now()`);
}
