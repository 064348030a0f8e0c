import { count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { contactMessages } from '../db/schema.js';
import type { ContactMessage, ContactMessageInput, ContactMessagePatch } from '../../shared/contact.js';

export async function insertContactMessage(db: Db, input: ContactMessageInput): Promise<string> {
  const [row] = await db.insert(contactMessages).values(input).returning({ id: contactMessages.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

function toContactMessage(row: typeof contactMessages.$inferSelect): ContactMessage {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    handledAt: row.handledAt?.toISOString() ?? null,
  };
}

/** Every message, newest first. */
export async function listContactMessages(db: Db): Promise<ContactMessage[]> {
  const rows = await db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
  return rows.map(toContactMessage);
}

export async function countUnreadContactMessages(db: Db): Promise<number> {
  const [row] = await db.select({ unread: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  return row?.unread ?? 0;
}

/**
 * Applies the admin's change; null when there is no such message. The first opening is kept (a
 * second admin opening it later does not move it), and handling a message also reads it.
 */
export async function updateContactMessage(db: Db, id: string, patch: ContactMessagePatch): Promise<ContactMessage | null> {
  const readsIt = patch.read === true || patch.handled === true;
  const [row] = await db
    .update(contactMessages)
    .set({
      ...(readsIt ? { readAt: sql`coalesce(${contactMessages.readAt}, now())` } : {}),
      ...(patch.handled === true ? { handledAt: sql`coalesce(${contactMessages.handledAt}, now())` } : {}),
      ...(patch.handled === false ? { handledAt: null } : {}),
    })
    .where(eq(contactMessages.id, id))
    .returning();
  return row ? toContactMessage(row) : null;
}
