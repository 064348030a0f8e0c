import { desc } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { outbox } from '../db/schema.js';
import { outboxStatusSchema, type OutboxMail } from '../../shared/outbox.js';

/** The newest `limit` e-mails, newest first. */
export async function listOutbox(db: Db, limit: number): Promise<OutboxMail[]> {
  const rows = await db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit);
  return rows.map((row) => ({
    _id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    status: outboxStatusSchema.parse(row.status),
    error: row.error,
    attachments: row.attachments,
    createdAt: row.createdAt.toISOString(),
  }));
}
