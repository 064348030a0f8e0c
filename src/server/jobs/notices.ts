import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { bookings, payments, reviews, staff, user } from '../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import type { SalonSettings } from '../../shared/salon-settings.js';
import { buildIcs, googleCalendarLink, type CalendarAppointment } from '../calendar/ics.js';
import {
  cancelledMail,
  confirmationMail,
  movedMail,
  reminderMail,
  reviewRequestMail,
  waitlistOfferMail,
  type MailAppointment,
  type MailContent,
} from '../mail/templates.js';
import { isDeletedAccountEmail, receivesEmail } from '../../shared/account.js';
import type { BookingStatus } from '../../shared/payments.js';
import type { PayPlan } from '../../shared/pay-now.js';
import { statement } from '../repositories/prepared.js';
import { offerForMail } from '../repositories/waitlist.js';
import type { JobAttempt, JobQueue, JobTransaction } from './queue.js';
import { currentRequestId } from '../request-id.js';
import { languageOf } from '../repositories/languages.js';
import { pathIn, type Language } from '../../shared/i18n/language.js';
import { pickText } from '../../shared/i18n/bilingual.js';

/**
 * The e-mails the salon sends about appointments. A notice names what happened, not what to
 * write: the e-mail is composed when it is sent, from the rows as they are then.
 */
export type Notice =
  | { kind: 'confirmation'; paymentId: string }
  | { kind: 'moved'; bookingId: string; by: 'customer' | 'salon'; previousStartsAt: string }
  | { kind: 'cancelled'; bookingId: string; by: 'customer' | 'salon'; refundedMinor: number }
  | { kind: 'review-request'; bookingId: string }
  /** A freed time held for her from the waitlist (booking/waitlist-service.ts). */
  | { kind: 'waitlist-offer'; wishId: string };

/** The reminders are queued by the reminder sweep (reminders.ts), for the booking's current time. */
export type ReminderNotice = { kind: 'reminder'; bookingId: string; sequence: number };

/** A job queued while serving a request carries the request's id, for its log lines. */
export type MailJob = (Notice | ReminderNotice) & { requestId?: string };

export interface Notices {
  /**
   * Queues a notice. Given the transaction that made the change, the notice is queued in it: it is
   * sent if and only if the change commits. Sending is retried while the SMTP server is down.
   */
  queue(notice: Notice, tx?: JobTransaction): Promise<void>;
}

export function createNotices(queue: JobQueue): Notices {
  return {
    queue: (notice, tx) => {
      const requestId = currentRequestId();
      return queue.send('mail', requestId === undefined ? notice : { ...notice, requestId }, tx);
    },
  };
}

/** The time reminders are judged by: the database's clock, or a test's. */
export type Clock = (db: Db) => Promise<Date>;

export type MailJobDeps = {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  salonSettings: () => Promise<SalonSettings>;
  clock: Clock;
};

/** The page that opens the review form for this visit, in her language. */
export function reviewLink(publicUrl: string, bookingId: string, language: Language = 'en'): string {
  return new URL(pathIn(language, `/dashboard/review?booking=${encodeURIComponent(bookingId)}`), publicUrl).toString();
}

/** Her booking list, where a held time is checked out, in her language. */
export function bookingListLink(publicUrl: string, language: Language = 'en'): string {
  return new URL(pathIn(language, '/dashboard/bookinglist'), publicUrl).toString();
}

type ConfirmedRow = {
  id: string;
  user_id: string;
  title: string;
  title_bn: string | null;
  price_minor: number;
  online_minor: number;
  pay_plan: PayPlan;
  starts_at: Date | string;
  ends_at: Date | string;
  status: BookingStatus;
  sequence: number;
  staff_name: string | null;
  /** Taken at the counter so far (the front desk takes it as it books). */
  counter_minor: number;
  email: string;
  name: string;
  /** She can sign in (a password or another sign-in); a customer the front desk recorded cannot yet. */
  has_sign_in: boolean;
};

/**
 * Her confirmed visits on a payment, each with her name and address: one prepared statement, since
 * every booking sends one (Drizzle's builder and PostgreSQL's planning of it were a good part of
 * composing a confirmation; decision 018, session 10).
 */
const CONFIRMED_ON_PAYMENT = statement<{ paymentId: string }, ConfirmedRow>('parlour_confirmed_on_payment')`
  select b.id, b.user_id, b.title, b.title_bn, b.price_minor, b.online_minor, b.pay_plan, b.starts_at, b.ends_at, b.status, b.sequence, s.name as staff_name, u.email, u.name,
    coalesce((select sum(cp.amount_minor) from counter_payments cp where cp.booking_id = b.id), 0)::int as counter_minor,
    exists (select 1 from account a where a.user_id = u.id) as has_sign_in
  from bookings b join "user" u on u.id = b.user_id left join staff s on s.id = b.staff_id
  where b.payment_id = ${'paymentId'}::uuid and b.status = 'confirmed'
  order by b.starts_at`;
type Owner = { name: string; email: string };

async function bookingWithOwner(db: Db, bookingId: string) {
  const [row] = await db
    .select({ booking: bookings, name: user.name, email: user.email, reviewId: reviews.id, staffName: staff.name, paidBy: payments.method })
    .from(bookings)
    .innerJoin(user, eq(user.id, bookings.userId))
    .innerJoin(payments, eq(payments.id, bookings.paymentId))
    .leftJoin(staff, eq(staff.id, bookings.staffId))
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId));
  return row;
}

/** Her saved language (docs/decisions/047), read when the e-mail is written; English if she never chose. */
async function recipientLanguage(db: Db, userId: string): Promise<Language> {
  return (await languageOf(db, userId)) ?? 'en';
}

/**
 * The e-mail for a job as things stand now, or why there is none: the booking was cancelled or
 * moved after a reminder was queued, its time has come, she has already reviewed the visit.
 */
async function compose(deps: MailJobDeps, job: MailJob): Promise<{ to: string; content: MailContent } | { skip: string }> {
  const { db, publicUrl } = deps;
  const settings = await deps.salonSettings();
  const context = { timeZone: settings.timeZone, publicUrl, latinDigits: settings.latinDigits };
  // A service by the title her language reads: the salon's Bangla one when it wrote one (docs/decisions/050).
  const titleIn = (language: Language, title: string, titleBn: string | null) => pickText({ en: title, bn: titleBn }, language).text;
  // Only a reminder is judged by the time (has the visit begun?), so only a reminder asks the
  // clock, which is the database's or a test's. Elsewhere the time is the calendar file's stamp,
  // when this server made it.
  const now = job.kind === 'reminder' ? await deps.clock(db) : new Date();
  type ForMail = CalendarAppointment & Pick<MailAppointment, 'priceMinor' | 'onlineMinor' | 'counterMinor'> & { payPlan: PayPlan };
  const forMail = (b: ForMail, language: Language): MailAppointment => ({
    ...b,
    plan: b.payPlan,
    googleCalendarUrl: googleCalendarLink(b, { ...context, language }),
  });
  const calendarFile = (rows: readonly CalendarAppointment[], owner: Owner, language: Language) => buildIcs(rows, { ...context, now, customer: owner, language });

  if (job.kind === 'confirmation') {
    const rows = await CONFIRMED_ON_PAYMENT.run(db, { paymentId: job.paymentId });
    const [first] = rows;
    if (!first) return { skip: 'no confirmed booking left on the payment' };
    const owner = { email: first.email, name: first.name };
    const language = await recipientLanguage(db, first.user_id);
    const booked = rows.map((r) => ({
      id: r.id,
      title: titleIn(language, r.title, r.title_bn),
      priceMinor: r.price_minor,
      onlineMinor: r.online_minor,
      counterMinor: r.counter_minor,
      payPlan: r.pay_plan,
      startsAt: new Date(r.starts_at),
      endsAt: new Date(r.ends_at),
      status: r.status,
      sequence: r.sequence,
      staffName: r.staff_name,
    }));
    return {
      to: owner.email,
      content: confirmationMail({
        ...context,
        language,
        name: owner.name,
        appointments: booked.map((b) => forMail(b, language)),
        cancelNoticeHours: settings.cancelNoticeHours,
        canSignIn: first.has_sign_in,
        calendar: calendarFile(booked, owner, language),
      }),
    };
  }

  if (job.kind === 'waitlist-offer') {
    const offer = await offerForMail(db, job.wishId);
    if (!offer) return { skip: 'the wish is gone' };
    if (offer.status !== 'offered') return { skip: `the wish is ${offer.status}` };
    // Composed when sent: a hold that lapsed (or a time she changed) in the meantime is not offered.
    if (!offer.startsAt || !offer.expiresAt || offer.expiresAt <= new Date()) return { skip: 'the offer has lapsed' };
    const language = await recipientLanguage(db, offer.userId);
    return {
      to: offer.email,
      content: waitlistOfferMail({
        language,
        latinDigits: settings.latinDigits,
        name: offer.name,
        timeZone: settings.timeZone,
        title: titleIn(language, offer.title, offer.titleBn),
        staffName: offer.staffName,
        startsAt: offer.startsAt,
        expiresAt: offer.expiresAt,
        bookingListUrl: bookingListLink(publicUrl, language),
      }),
    };
  }

  const row = await bookingWithOwner(db, job.bookingId);
  if (!row) return { skip: 'the booking is gone' };
  const owner = { name: row.name, email: row.email };
  const language = await recipientLanguage(db, row.booking.userId);
  const booking = { ...row.booking, title: titleIn(language, row.booking.title, row.booking.titleBn), staffName: row.staffName };
  const base = { ...context, language, name: owner.name, appointment: forMail(booking, language) };
  switch (job.kind) {
    case 'reminder':
      if (booking.status !== 'confirmed') return { skip: `the booking is ${booking.status}` };
      if (booking.sequence !== job.sequence) return { skip: 'the booking has moved since the reminder was queued' };
      if (booking.startsAt <= now) return { skip: 'the appointment has started' };
      return { to: owner.email, content: reminderMail({ ...base, cancelNoticeHours: settings.cancelNoticeHours, calendar: calendarFile([booking], owner, language) }) };
    case 'moved':
      if (booking.status !== 'confirmed') return { skip: `the booking is ${booking.status}` };
      return { to: owner.email, content: movedMail({ ...base, previousStartsAt: new Date(job.previousStartsAt), by: job.by, calendar: calendarFile([booking], owner, language) }) };
    case 'cancelled':
      if (booking.status !== 'cancelled') return { skip: `the booking is ${booking.status}` };
      return {
        to: owner.email,
        content: cancelledMail({ ...base, by: job.by, refundedMinor: job.refundedMinor, paidBy: row.paidBy, calendar: calendarFile([booking], owner, language) }),
      };
    case 'review-request':
      if (booking.status !== 'completed') return { skip: `the booking is ${booking.status}` };
      // She wrote one before the salon marked the visit completed: nothing to ask.
      if (row.reviewId !== null) return { skip: 'already reviewed' };
      return {
        to: owner.email,
        content: reviewRequestMail({ language, latinDigits: settings.latinDigits, name: owner.name, title: booking.title, staffName: booking.staffName, reviewUrl: reviewLink(publicUrl, booking.id, language) }),
      };
  }
}

/** Runs one 'mail' job. Throws when the SMTP server refused it, so the queue tries again later. */
export async function runMailJob(deps: MailJobDeps, job: MailJob, attempt: JobAttempt): Promise<void> {
  const log = job.requestId === undefined ? deps.log : deps.log.child({ requestId: job.requestId });
  const mail = await compose(deps, job);
  if ('skip' in mail) {
    log.info({ notice: job, reason: mail.skip }, 'notice not sent');
    return;
  }
  // A notice queued before she deleted her account (a review request, a reminder) finds only the
  // placeholder address, and a customer booked at the front desk without an e-mail has one too:
  // it goes nowhere, so it is not tried (and retried) at all.
  if (!receivesEmail(mail.to)) {
    log.info({ notice: job, reason: isDeletedAccountEmail(mail.to) ? 'account deleted' : 'no e-mail address' }, 'notice not sent');
    return;
  }
  log.info({ notice: job, attempt: attempt.number }, 'sending notice');
  await deps.mailer.send({ to: mail.to, ...mail.content }, { throwOnFailure: true, attempt });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Appointment e-mails: confirmation, moved, cancelled, review request (see Notice). */
    notices: Notices;
  }
}
