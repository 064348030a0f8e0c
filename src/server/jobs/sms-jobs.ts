import { offerForMail } from '../repositories/waitlist.js';
import type { Language } from '../../shared/i18n/language.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { SalonSettings } from '../../shared/salon-settings.js';
import { measureSms, type SmsKind } from '../../shared/sms.js';
import { smsSendAfter } from '../../shared/sms-quiet-hours.js';
import { SmsNotSentError, type SmsGateway } from '../sms/gateway.js';
import { smsTexts } from '../sms/texts.js';
import {
  claimNoticeSms,
  claimQueuedSms,
  confirmedVisitsOfPayment,
  recordSmsOutcome,
  smsRecipientOf,
  visitOfBooking,
  type ClaimedSms,
} from '../repositories/sms.js';
import type { Clock, MailJob } from './notices.js';
import type { JobAttempt, JobQueue } from './queue.js';

/**
 * The text channel of the appointment notices. A notice is queued once (on the 'mail' queue); its
 * job hands the text to the 'sms' queue (queueSmsOfNotice) and sends the e-mail, so each channel
 * is retried on its own and the request that queued the notice pays for one job, not two. A
 * verification code is a text on its own, written to sms_messages first: its job carries the
 * row's id, never the code.
 */
export type SmsJob = MailJob | { kind: 'verification'; messageId: string };

/** The notice kinds that have a text; the waitlist's 'waitlist-offer' is wired in beside these. */
const NOTICES_WITH_TEXT: ReadonlySet<string> = new Set<SmsKind>(['confirmation', 'reminder', 'moved', 'cancelled', 'waitlist-offer']);

/** Queues the text of a notice, if its kind has one. Queued again (a retried e-mail), it is still sent once. */
export async function queueSmsOfNotice(queue: JobQueue, job: MailJob): Promise<void> {
  if (NOTICES_WITH_TEXT.has(job.kind)) await queue.send('sms', job);
}

/** Once per notice: the key its text is claimed by (unique in sms_messages). */
export function noticeKeyOf(job: MailJob): string {
  switch (job.kind) {
    case 'confirmation':
      return `confirmation:${job.paymentId}`;
    case 'reminder':
      return `reminder:${job.bookingId}:${job.sequence}`;
    case 'moved':
      return `moved:${job.bookingId}:${job.previousStartsAt}`;
    case 'cancelled':
      return `cancelled:${job.bookingId}`;
    case 'review-request':
      return `review-request:${job.bookingId}`;
    // A wish is offered a place once (unanswered, it closes and the place passes on).
    case 'waitlist-offer':
      return `waitlist-offer:${job.wishId}`;
  }
}

export type SmsJobDeps = {
  db: Db;
  gateway: SmsGateway;
  queue: JobQueue;
  log: FastifyBaseLogger;
  salonSettings: () => Promise<SalonSettings>;
  clock: Clock;
};

/** A notice ready to be written, once her language is known. */
type Composed = { userId: string; kind: SmsKind; text: (language: Language) => string; visitStartsAt: Date } | { skip: string };

/** The text of a notice as things stand now, or why there is none (the same rules as its e-mail). */
async function compose(deps: SmsJobDeps, job: MailJob, settings: SalonSettings, now: Date): Promise<Composed> {
  const where = { timeZone: settings.timeZone, latinDigits: settings.latinDigits };
  if (job.kind === 'confirmation') {
    const visits = await confirmedVisitsOfPayment(deps.db, job.paymentId);
    const [first] = visits;
    if (!first) return { skip: 'no confirmed booking left on the payment' };
    return { userId: first.userId, kind: 'confirmation', text: (language) => smsTexts.confirmation({ ...where, language, visits }), visitStartsAt: first.startsAt };
  }
  if (job.kind === 'review-request') return { skip: 'review requests go by e-mail only' };
  if (job.kind === 'waitlist-offer') {
    const offer = await offerForMail(deps.db, job.wishId);
    if (!offer) return { skip: 'the wish is gone' };
    if (offer.status !== 'offered') return { skip: `the wish is ${offer.status}` };
    // A text held over the quiet hours finds its hold lapsed by morning: it is not sent then. The
    // hold's expiry is the database's clock, as the offer e-mail checks it (not the quiet hours' clock).
    if (!offer.startsAt || !offer.expiresAt || offer.expiresAt <= new Date()) return { skip: 'the offer has lapsed' };
    const visit = { title: offer.title, titleBn: offer.titleBn, startsAt: offer.startsAt, staffName: offer.staffName };
    const expiresAt = offer.expiresAt;
    return { userId: offer.userId, kind: 'waitlist-offer', text: (language) => smsTexts.waitlistOffer({ ...where, language, visit, expiresAt }), visitStartsAt: offer.startsAt };
  }
  const visit = await visitOfBooking(deps.db, job.bookingId);
  if (!visit) return { skip: 'the booking is gone' };
  const base = { userId: visit.userId, visitStartsAt: visit.startsAt };
  switch (job.kind) {
    case 'reminder':
      if (visit.status !== 'confirmed') return { skip: `the booking is ${visit.status}` };
      if (visit.sequence !== job.sequence) return { skip: 'the booking has moved since the reminder was queued' };
      if (visit.startsAt <= now) return { skip: 'the appointment has started' };
      return { ...base, kind: 'reminder', text: (language) => smsTexts.reminder({ ...where, language, visit }) };
    case 'moved':
      if (visit.status !== 'confirmed') return { skip: `the booking is ${visit.status}` };
      return { ...base, kind: 'moved', text: (language) => smsTexts.moved({ ...where, language, visit, previousStartsAt: new Date(job.previousStartsAt) }) };
    case 'cancelled':
      if (visit.status !== 'cancelled') return { skip: `the booking is ${visit.status}` };
      return { ...base, kind: 'cancelled', text: (language) => smsTexts.cancelled({ ...where, language, visit, by: job.by }) };
  }
}

/** Hands a claimed text to the gateway and records what happened; throws (to be retried) when it refused. */
async function handOver(deps: SmsJobDeps, claimed: ClaimedSms, kind: SmsKind, attempt: JobAttempt, log: FastifyBaseLogger): Promise<void> {
  // The envelope only: the text may hold a code, and logs travel further than the database.
  const envelope = { sms: claimed.id, kind, gateway: deps.gateway.name, attempt: attempt.number };
  try {
    const outcome = await deps.gateway.send({ to: claimed.to, text: claimed.text, clientId: claimed.id });
    await recordSmsOutcome(deps.db, claimed.id, outcome.status === 'sent' ? { status: 'sent', reference: outcome.reference } : { status: 'logged' });
    log.info(envelope, outcome.status === 'sent' ? 'text sent' : 'text kept for Sent SMS (no gateway set)');
  } catch (err) {
    const reason = err instanceof SmsNotSentError ? err.message : 'the text could not be handed over';
    const retry = attempt.number < attempt.of ? `attempt ${attempt.number} of ${attempt.of}; it will be tried again` : `attempt ${attempt.number} of ${attempt.of}; given up`;
    await recordSmsOutcome(deps.db, claimed.id, { status: 'failed', error: `${reason} (${retry})` });
    log.error({ ...envelope, error: reason }, 'text could not be sent');
    throw err instanceof SmsNotSentError ? err : new SmsNotSentError(reason);
  }
}

/** Runs one 'sms' job. Throws when the gateway refused, so the queue tries again later. */
export async function runSmsJob(deps: SmsJobDeps, job: SmsJob, attempt: JobAttempt): Promise<void> {
  const log = 'requestId' in job && job.requestId !== undefined ? deps.log.child({ requestId: job.requestId }) : deps.log;
  if (job.kind === 'verification') {
    const claimed = await claimQueuedSms(deps.db, job.messageId);
    if (!claimed) return log.info({ sms: job.messageId }, 'text already sent');
    return handOver(deps, claimed, 'verification', attempt, log);
  }
  const settings = await deps.salonSettings();
  const now = await deps.clock(deps.db);
  const composed = await compose(deps, job, settings, now);
  if ('skip' in composed) return log.info({ notice: job, reason: composed.skip }, 'text not sent');
  const recipient = await smsRecipientOf(deps.db, composed.userId);
  if ('skip' in recipient) return log.info({ notice: job, reason: recipient.skip }, 'text not sent');
  const after = smsSendAfter(now, composed.visitStartsAt, settings);
  if (after) {
    // Held over the quiet hours: the same job again in the morning, composed afresh then.
    await deps.queue.send('sms', job, undefined, { startAfter: after });
    return log.info({ notice: job, until: after.toISOString() }, 'text held until the quiet hours end');
  }
  const text = composed.text(recipient.language);
  const claimed = await claimNoticeSms(deps.db, {
    userId: composed.userId,
    to: recipient.phone,
    kind: composed.kind,
    text,
    length: measureSms(text),
    noticeKey: noticeKeyOf(job),
  });
  if (!claimed) return log.info({ notice: job }, 'text already sent');
  return handOver(deps, claimed, composed.kind, attempt, log);
}
