import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { bookings, payments, user } from '../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import { instantToZoned } from '../../shared/calendar.js';
import { formatMoney, fromMinorUnits } from '../../shared/money.js';
import type { SalonSettings } from '../../shared/salon-settings.js';

/**
 * The e-mails the salon sends about appointments. A notice names what happened, not what to
 * write: the mail is composed when it is sent, from the rows as they are then.
 */
export type Notice =
  | { kind: 'confirmation'; paymentId: string }
  | { kind: 'moved'; bookingId: string; by: 'customer' | 'salon'; previousStartsAt: string }
  | { kind: 'cancelled'; bookingId: string; by: 'customer' | 'salon'; refundedMinor: number }
  | { kind: 'review-request'; bookingId: string };

export interface Notices {
  /**
   * Queues a notice. Given the transaction that made the change, the notice is queued in it, so it
   * goes out if and only if the change commits; without one, it is queued at once.
   */
  queue(notice: Notice, tx?: Db): Promise<void>;
}

export type NoticeDeps = {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  salonSettings: () => Promise<SalonSettings>;
};

/**
 * First implementation: composes and sends straight away, without waiting and without retries.
 * Callers that pass a transaction must call after it commits until the queue-backed version lands.
 */
export function createDirectNotices(deps: NoticeDeps): Notices {
  return {
    async queue(notice) {
      void sendNotice(deps, notice).catch((err: unknown) => deps.log.error({ err, notice }, 'could not send a notice'));
    },
  };
}

async function bookingWithOwner(db: Db, bookingId: string) {
  const [row] = await db
    .select({ booking: bookings, name: user.name, email: user.email })
    .from(bookings)
    .innerJoin(user, eq(user.id, bookings.userId))
    .where(eq(bookings.id, bookingId));
  return row;
}

export async function sendNotice(deps: NoticeDeps, notice: Notice): Promise<void> {
  const { db, mailer, publicUrl } = deps;
  const settings = await deps.salonSettings();
  const when = (instant: Date) => {
    const local = instantToZoned(instant, settings.timeZone);
    return `${local.date} at ${local.time}`;
  };
  if (notice.kind === 'confirmation') {
    const [owner] = await db
      .select({ email: user.email, name: user.name })
      .from(payments)
      .innerJoin(user, eq(user.id, payments.userId))
      .where(eq(payments.id, notice.paymentId));
    const booked = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.paymentId, notice.paymentId), eq(bookings.status, 'confirmed')))
      .orderBy(asc(bookings.startsAt));
    if (!owner || booked.length === 0) return;
    const total = formatMoney(fromMinorUnits(booked.reduce((s, b) => s + b.priceMinor, 0)));
    await mailer.send({
      to: owner.email,
      subject: 'Your Parlour appointments are confirmed',
      text: [
        `Dear ${owner.name},`,
        '',
        `Thank you for your payment of ${total}. Your appointments (times in ${settings.timeZone}):`,
        ...booked.map((b) => `- ${b.title}: ${when(b.startsAt)} (${formatMoney(fromMinorUnits(b.priceMinor))})`),
        '',
        `See or cancel them at ${publicUrl}/dashboard/userhome`,
        `Cancellations are possible up to ${settings.cancelNoticeHours} hours before an appointment.`,
      ].join('\n'),
    });
    return;
  }
  const row = await bookingWithOwner(db, notice.bookingId);
  if (!row) return;
  const { booking } = row;
  if (notice.kind === 'moved') {
    await mailer.send({
      to: row.email,
      subject: `Your ${booking.title} has moved to ${when(booking.startsAt)}`,
      text: [
        `Dear ${row.name},`,
        '',
        `${notice.by === 'salon' ? 'The salon has moved' : 'You moved'} your ${booking.title} from ${when(new Date(notice.previousStartsAt))} to ${when(booking.startsAt)} (${settings.timeZone}).`,
        '',
        `See your appointments at ${publicUrl}/dashboard/userhome`,
      ].join('\n'),
    });
  } else if (notice.kind === 'cancelled') {
    await mailer.send({
      to: row.email,
      subject: `Your ${booking.title} on ${when(booking.startsAt)} is cancelled`,
      text: [
        `Dear ${row.name},`,
        '',
        `${notice.by === 'salon' ? 'The salon has cancelled' : 'You cancelled'} your ${booking.title} on ${when(booking.startsAt)}.`,
        notice.refundedMinor > 0 ? `${formatMoney(fromMinorUnits(notice.refundedMinor))} is refunded to your card.` : '',
      ].join('\n'),
    });
  }
  // The review request still goes through reviews/review-request.ts until the queue lands.
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Appointment e-mails: confirmation, moved, cancelled, review request (see Notice). */
    notices: Notices;
  }
}
