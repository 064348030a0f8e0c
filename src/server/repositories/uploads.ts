import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { uploads } from '../db/schema.js';

export type StoredImage = { key: string; contentType: string; width: number; height: number; bytes: Uint8Array };

export async function insertUpload(db: Db, image: StoredImage): Promise<void> {
  await db.insert(uploads).values(image);
}

export async function findUpload(db: Db, key: string): Promise<StoredImage | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.key, key));
  return row;
}
