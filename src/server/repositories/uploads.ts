import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { uploads } from '../db/schema.js';

export type StoredImage = { key: string; contentType: string; width: number; height: number; bytes: Uint8Array; originalKey?: string | null };

/** Stores an image and its smaller copies in one go: a half-stored set is never served. */
export async function insertUploads(db: Db, images: StoredImage[]): Promise<void> {
  await db.insert(uploads).values(images);
}

export async function findUpload(db: Db, key: string): Promise<StoredImage | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.key, key));
  return row;
}

/** Whether `/uploads/<key>` is a full-size image this server stored. */
export async function uploadExists(db: Db, url: string): Promise<boolean> {
  const key = url.startsWith('/uploads/') ? url.slice('/uploads/'.length) : undefined;
  if (!key) return false;
  const [row] = await db.select({ key: uploads.key }).from(uploads).where(eq(uploads.key, key));
  return Boolean(row);
}

/**
 * Removes uploads nobody refers to any more: not a live service, not an account photo, not a
 * review, not a booking's snapshot. Fresh uploads get a grace period, because a
 * form uploads its image a moment before it saves the record that refers to it.
 * Answers how many files (originals and their copies) were removed.
 */
export async function removeUnreferencedUploads(db: Db, graceMinutes: number): Promise<number> {
  const removed = await rowsOf(db, sql`
    with referenced as (
      select image_url as url from services where deleted_at is null
      union select image from "user" where image is not null
      union select image_url from reviews
      union select image_url from bookings
      union select photo_url from staff where photo_url is not null
    ),
    orphans as (
      select u.key from uploads u
      where u.original_key is null
        and u.created_at < now() - make_interval(mins => ${graceMinutes})
        and not exists (select 1 from referenced r where r.url = '/uploads/' || u.key)
    )
    delete from uploads
    where key in (select key from orphans) or original_key in (select key from orphans)
    returning key`);
  return removed.length;
}
