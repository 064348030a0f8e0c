import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { isLanguage, type Language } from '../../shared/i18n/language.js';
import { rowsOf } from '../db/rows.js';
import { sentSmsSchema, type SentSms, type SmsKind, type SmsLength } from '../../shared/sms.js';

/** A text ready to be written: who, what, and its length as the gateway will bill it. */
export type SmsRow = { userId: string | null; to: string; kind: SmsKind; text: string; length: SmsLength };
export type ClaimedSms = { id: string; to: string; text: string; attempts: number };

/**
 * Rows a hand-over may take: waiting, refused before, or claimed more than 2 minutes ago (an
 * instance that died while handing it over; far longer than the gateway's timeout, so a live
 * hand-over is never doubled).
 */
const CLAIMABLE = sql.raw(
  `(sms_messages.status in ('queued', 'failed') or (sms_messages.status = 'sending' and sms_messages.claimed_at < now() - interval '2 minutes'))`,
);

/** Writes a text to be sent by a job (a verification code): the job carries the row's id, never the code. */
export async function insertQueuedSms(db: Db, row: SmsRow): Promise<string> {
  const [inserted] = await rowsOf<{ id: string }>(db, sql`
    insert into sms_messages (user_id, "to", kind, text, encoding, segments, status)
    values (${row.userId}, ${row.to}, ${row.kind}, ${row.text}, ${row.length.encoding}, ${row.length.segments}, 'queued')
    returning id`);
  if (!inserted) throw new Error('the text was not written');
  return inserted.id;
}

/** Claims a queued text for sending; nothing when it has gone already or another instance has it. */
export async function claimQueuedSms(db: Db, id: string): Promise<ClaimedSms | undefined> {
  const [row] = await rowsOf<ClaimedSms>(db, sql`
    update sms_messages set status = 'sending', claimed_at = now(), attempts = attempts + 1
    where id = ${id} and ${CLAIMABLE}
    returning id, "to", text, attempts`);
  return row;
}

/**
 * Claims the text of a notice by its key: the first claim writes the row, a later one (the same
 * notice queued again, on any instance) finds it and takes it only when it is claimable. So a
 * notice is handed over once, however often it is queued, and again only after a failure.
 */
export async function claimNoticeSms(db: Db, row: SmsRow & { noticeKey: string }): Promise<ClaimedSms | undefined> {
  const [claimed] = await rowsOf<ClaimedSms>(db, sql`
    insert into sms_messages (user_id, "to", kind, text, encoding, segments, status, notice_key, attempts, claimed_at)
    values (${row.userId}, ${row.to}, ${row.kind}, ${row.text}, ${row.length.encoding}, ${row.length.segments}, 'sending', ${row.noticeKey}, 1, now())
    on conflict (notice_key) do update set
      status = 'sending', claimed_at = now(), attempts = sms_messages.attempts + 1,
      "to" = excluded."to", text = excluded.text, encoding = excluded.encoding, segments = excluded.segments
    where ${CLAIMABLE}
    returning id, "to", text, attempts`);
  return claimed;
}

/** What became of a claimed text. */
export async function recordSmsOutcome(db: Db, id: string, outcome: { status: 'logged' | 'sent' | 'failed'; reference?: string | null; error?: string | null }): Promise<void> {
  await db.execute(sql`
    update sms_messages set status = ${outcome.status}, reference = ${outcome.reference ?? null}, error = ${outcome.error ?? null}, claimed_at = null
    where id = ${id}`);
}

type ListedRow = { id: string; to: string; kind: string; text: string; encoding: string; segments: number; status: string; error: string | null; created_at: Date | string };

const toSentSms = (row: ListedRow): SentSms =>
  sentSmsSchema.parse({ _id: row.id, to: row.to, kind: row.kind, text: row.text, encoding: row.encoding, segments: row.segments, status: row.status, error: row.error, createdAt: new Date(row.created_at).toISOString() });

/** The newest texts, newest first ('Sent SMS'). */
export async function listSentSms(db: Db, limit: number): Promise<SentSms[]> {
  const rows = await rowsOf<ListedRow>(db, sql`
    select id, "to", kind, text, encoding, segments, status, error, created_at from sms_messages
    order by created_at desc, id desc limit ${limit}`);
  return rows.map(toSentSms);
}

/** Every text sent to her account, oldest first (her data export). */
export async function smsOfUser(db: Db, userId: string): Promise<SentSms[]> {
  const rows = await rowsOf<ListedRow>(db, sql`
    select id, "to", kind, text, encoding, segments, status, error, created_at from sms_messages
    where user_id = ${userId} order by created_at, id`);
  return rows.map(toSentSms);
}

/**
 * A deleted account's texts. Those not handed over yet go (their jobs then find nothing to send);
 * of the others the number and the words go and the row stays (kind, segments, when), so the
 * month's count of texts the salon paid for does not change.
 */
export async function eraseSmsOf(db: Db, userId: string): Promise<void> {
  await db.execute(sql`delete from sms_messages where user_id = ${userId} and status not in ('sent', 'logged')`);
  await db.execute(sql`update sms_messages set "to" = '', text = '', user_id = null where user_id = ${userId}`);
}

/** Where her appointment texts go: her number when she proved it and has not opted out. */
export async function smsRecipientOf(db: Db, userId: string): Promise<{ phone: string; language: Language } | { skip: string }> {
  const [row] = await rowsOf<{ phone: string | null; verified: boolean; opt_out: boolean | null; language: string | null }>(db, sql`
    select p.phone, p.phone_verified_at is not null as verified, s.opt_out, p.language
    from "user" u left join user_profiles p on p.user_id = u.id left join sms_preferences s on s.user_id = u.id
    where u.id = ${userId}`);
  if (!row?.phone) return { skip: 'no mobile number' };
  if (!row.verified) return { skip: 'the number is not proven' };
  if (row.opt_out) return { skip: 'she opted out of texts' };
  // Her texts in the language she chose (docs/decisions/047); English until she chooses.
  return { phone: row.phone, language: isLanguage(row.language) ? row.language : 'en' };
}

type VisitRow = { user_id: string; title: string; title_bn: string | null; starts_at: Date | string; staff_name: string | null; status: string; sequence: number };
export type SmsVisitRow = { userId: string; title: string; titleBn: string | null; startsAt: Date; staffName: string | null; status: string; sequence: number };
const toVisit = (r: VisitRow): SmsVisitRow => ({ userId: r.user_id, title: r.title, titleBn: r.title_bn, startsAt: new Date(r.starts_at), staffName: r.staff_name, status: r.status, sequence: r.sequence });

/** The confirmed visits a payment booked, first first: what a confirmation text names. */
export async function confirmedVisitsOfPayment(db: Db, paymentId: string): Promise<SmsVisitRow[]> {
  const rows = await rowsOf<VisitRow>(db, sql`
    select b.user_id, b.title, b.title_bn, b.starts_at, s.name as staff_name, b.status, b.sequence
    from bookings b left join staff s on s.id = b.staff_id
    where b.payment_id = ${paymentId} and b.status = 'confirmed' order by b.starts_at`);
  return rows.map(toVisit);
}

/** One visit as it stands now: what a reminder, a move or a cancellation text names. */
export async function visitOfBooking(db: Db, bookingId: string): Promise<SmsVisitRow | undefined> {
  const [row] = await rowsOf<VisitRow>(db, sql`
    select b.user_id, b.title, b.title_bn, b.starts_at, s.name as staff_name, b.status, b.sequence
    from bookings b left join staff s on s.id = b.staff_id where b.id = ${bookingId}`);
  return row && toVisit(row);
}

/** Texts handed over (sent or logged) from `since`: a failed or waiting one cost nothing. */
export async function countSmsSince(db: Db, since: Date): Promise<{ texts: number; segments: number }> {
  const [row] = await rowsOf<{ texts: number | string; segments: number | string | null }>(db, sql`
    select count(*) as texts, sum(segments) as segments from sms_messages
    where status in ('sent', 'logged') and created_at >= ${since.toISOString()}::timestamptz`);
  return { texts: Number(row?.texts ?? 0), segments: Number(row?.segments ?? 0) };
}
