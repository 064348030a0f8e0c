import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { bookings } from '../db/schema.js';
import type { SalonSettings } from '../../shared/salon-settings.js';
import type { BookingStatus } from '../../shared/payments.js';
import { checkStart, type SlotRejection } from './slots.js';
import { databaseNow, hasRoom, lockCells, ownAppointments, withRetry, type OwnAppointment } from './capacity.js';
import type { Notices } from '../jobs/notices.js';

export type Mover = { id: string; role: 'user' | 'admin' };

export type MoveOutcome =
  | { ok: true }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'not-confirmed'; status: BookingStatus }
  | { ok: false; reason: 'inside-notice'; hours: number }
  | { ok: false; reason: 'taken' | Exclude<SlotRejection, 'overlaps-own' | 'full'> }
  | { ok: false; reason: 'overlaps-own'; other: OwnAppointment };

/**
 * Moves a confirmed booking to another start of the same length. A customer moves her own, up to
 * the salon's cancellation notice before its current start, to a time she could book afresh; the
 * salon moves any booking at any time, to any start on the grid inside opening hours that has not
 * passed (it may fit a client in sooner than a customer could book herself).
 *
 * Capacity is kept as for holds (capacity.ts): the new interval's time cells are locked, then the
 * visits in it are counted without this booking, all in one transaction, so two moves (or a move
 * and a hold) onto the last place cannot both win. Its old time counts for nobody once this
 * commits. The iCalendar sequence goes up, the reminder is due again for the new time, and the
 * 'moved' e-mail is queued in the same transaction (sent if and only if the move commits).
 */
export async function moveBooking(
  db: Db,
  notices: Notices,
  request: { mover: Mover; bookingId: string; startsAt: Date; settings: SalonSettings },
): Promise<MoveOutcome> {
  const { mover, bookingId, startsAt, settings } = request;
  const isSalon = mover.role === 'admin';
  return withRetry(() =>
    db.transaction(async (tx): Promise<MoveOutcome> => {
      const [booking] = await tx
        .select()
        .from(bookings)
        .where(and(eq(bookings.id, bookingId), isSalon ? undefined : eq(bookings.userId, mover.id)))
        .for('update');
      if (!booking) return { ok: false, reason: 'not-found' };
      if (booking.status !== 'confirmed') return { ok: false, reason: 'not-confirmed', status: booking.status };

      const now = await databaseNow(tx);
      if (!isSalon && booking.startsAt.getTime() - now.getTime() < settings.cancelNoticeHours * 3600_000) {
        return { ok: false, reason: 'inside-notice', hours: settings.cancelNoticeHours };
      }
      const previousStartsAt = booking.startsAt;
      if (startsAt.getTime() === previousStartsAt.getTime()) return { ok: true };

      // The salon's own minimum notice is for customers booking online; the salon only cannot
      // move a visit into the past.
      const rules = checkStart({
        settings: isSalon ? { ...settings, minNoticeMinutes: 0 } : settings,
        startsAt,
        durationMinutes: booking.durationMinutes,
        now,
      });
      // Her own other appointments are checked below, under the cell locks.
      if (!rules.ok && rules.reason !== 'overlaps-own') return { ok: false, reason: rules.reason === 'full' ? 'taken' : rules.reason };

      const endsAt = new Date(startsAt.getTime() + booking.durationMinutes * 60_000);
      await lockCells(tx, startsAt, endsAt);
      const window = { startsAt, endsAt };
      const [other] = await ownAppointments(tx, booking.userId, window, now, { exceptBookingId: booking.id });
      if (other) return { ok: false, reason: 'overlaps-own', other };
      if (!(await hasRoom(tx, window, settings.capacity, now, { exceptBookingId: booking.id }))) return { ok: false, reason: 'taken' };

      await tx
        .update(bookings)
        .set({ startsAt, endsAt, sequence: sql`${bookings.sequence} + 1`, reminderSentAt: null, updatedAt: now })
        .where(eq(bookings.id, booking.id));
      const by = isSalon && booking.userId !== mover.id ? 'salon' : 'customer';
      await notices.queue({ kind: 'moved', bookingId: booking.id, by, previousStartsAt: previousStartsAt.toISOString() }, tx);
      return { ok: true };
    }),
  );
}

export type NoShowOutcome = 'marked' | 'already' | 'not-found' | { refused: string };

/** The salon marks a confirmed booking whose start has passed as a no-show; marking it again changes nothing. */
export async function markNoShow(db: Db, bookingId: string): Promise<NoShowOutcome> {
  return db.transaction(async (tx): Promise<NoShowOutcome> => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!booking) return 'not-found';
    if (booking.status === 'no-show') return 'already';
    if (booking.status !== 'confirmed') return { refused: `A ${booking.status} booking cannot be marked a no-show.` };
    const now = await databaseNow(tx);
    if (booking.startsAt > now) return { refused: 'A booking can be marked a no-show once its time has come.' };
    await tx.update(bookings).set({ status: 'no-show', updatedAt: now }).where(eq(bookings.id, bookingId));
    return 'marked';
  });
}
