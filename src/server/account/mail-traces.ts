import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/**
 * The e-mails about a customer's appointments are jobs on the queue (pg-boss, in the `pgboss`
 * schema of the same database; see jobs/queue.ts), composed when they are sent from the rows as
 * they are then. A job composed just before her account is deleted can still write its outbox copy,
 * to her old address, just after; and a job the SMTP server refused keeps the address in its error.
 * These helpers let the deletion wait for such jobs and clear what they leave.
 */

/** What a mail job names: an appointment or a payment (see jobs/notices.ts). */
export type MailSubjects = { bookingIds: string[]; paymentIds: string[] };

type JobState = 'created' | 'retry' | 'active';

async function queueExists(db: Db): Promise<boolean> {
  const [row] = await rowsOf<{ present: boolean }>(db, sql`select to_regclass('pgboss.job') is not null as present`);
  return row?.present === true;
}

const aboutHer = (subjects: MailSubjects) =>
  sql`(j.data->>'bookingId' = any(${sql.param(subjects.bookingIds)}::text[]) or j.data->>'paymentId' = any(${sql.param(subjects.paymentIds)}::text[]))`;

async function countMailJobs(db: Db, subjects: MailSubjects, states: JobState[]): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from pgboss.job j where j.name = 'mail' and j.state::text = any(${sql.param(states)}::text[]) and ${aboutHer(subjects)}`,
  );
  return row?.n ?? 0;
}

/**
 * Waits until no mail job about her is in one of `states` (queued ones run within moments), or
 * until `timeoutMs` has passed. Answers true when none is left.
 */
export async function waitForMailJobs(db: Db, subjects: MailSubjects, states: JobState[], timeoutMs: number): Promise<boolean> {
  if (subjects.bookingIds.length + subjects.paymentIds.length === 0 || !(await queueExists(db))) return true;
  const until = Date.now() + timeoutMs;
  for (;;) {
    if ((await countMailJobs(db, subjects, states)) === 0) return true;
    if (Date.now() >= until) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * In the deletion's transaction: mail jobs about her that have not started will never run (they
 * would only find the deleted account), and finished jobs' results that quote her address lose
 * it. A job that starts between this and the commit finds the account already anonymised.
 */
export async function dropMailJobs(tx: Db, subjects: MailSubjects, email: string): Promise<void> {
  if (!(await queueExists(tx))) return;
  if (subjects.bookingIds.length + subjects.paymentIds.length > 0) {
    await tx.execute(sql`delete from pgboss.job j where j.name = 'mail' and j.state in ('created', 'retry') and ${aboutHer(subjects)}`);
  }
  await clearJobResults(tx, email);
}

/** A refused e-mail's error names its address ('e-mail to … not sent'); the result keeps no more of it. */
async function clearJobResults(db: Db, email: string): Promise<void> {
  const removed = sql`'{"message": "removed: the customer deleted her account"}'::jsonb`;
  await db.execute(sql`update pgboss.job set output = ${removed} where position(${email} in lower(output::text)) > 0`);
  const [archive] = await rowsOf<{ present: boolean }>(db, sql`select to_regclass('pgboss.archive') is not null as present`);
  if (archive?.present) {
    await db.execute(sql`update pgboss.archive set output = ${removed} where position(${email} in lower(output::text)) > 0`);
  }
}

/** After the commit: the outbox copies and job results a job already under way wrote since. */
export async function sweepMailTraces(db: Db, email: string): Promise<void> {
  await db.execute(sql`delete from outbox where lower("to") = ${email} or position(${email} in lower(text || coalesce(html, ''))) > 0`);
  if (await queueExists(db)) await clearJobResults(db, email);
}
