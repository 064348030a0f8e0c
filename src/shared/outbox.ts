import { z } from 'zod';
import { idSchema } from './ids.js';

/** 'logged': kept here only (no SMTP server set); 'sent': handed to the SMTP server; 'failed': it refused. */
export const outboxStatusSchema = z.enum(['logged', 'sent', 'failed']);
export type OutboxStatus = z.infer<typeof outboxStatusSchema>;

/** One e-mail the salon sent, as the admin's 'Sent e-mails' page shows it. */
export const outboxMailSchema = z.object({
  _id: idSchema,
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  status: outboxStatusSchema,
  /** Why the SMTP server refused it ('failed' only). */
  error: z.string().nullable(),
  /** Names of the files it carried (the appointment's calendar file). */
  attachments: z.array(z.string()),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const OUTBOX_PAGE_SIZE = 50;

export const outboxQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(OUTBOX_PAGE_SIZE),
});

export const outboxListSchema = z.array(outboxMailSchema);

/** Whether this server shows its outbox (SHOW_OUTBOX): the admin menu offers the page only then. */
export const outboxConfigSchema = z.object({ enabled: z.boolean() });
export type OutboxConfig = z.infer<typeof outboxConfigSchema>;
