import type { Db } from '../db/client.js';
import { contactMessages } from '../db/schema.js';
import type { ContactMessageInput } from '../../shared/contact.js';

export async function insertContactMessage(db: Db, input: ContactMessageInput): Promise<string> {
  const [row] = await db.insert(contactMessages).values(input).returning({ id: contactMessages.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}
