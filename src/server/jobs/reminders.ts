import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { bookings } from '../db/schema.js';
import { withRetry } from '../booking/capacity.js';
import type { SalonSettings } from '../../shared/salon-settings.js';
import type { Clock, ReminderNotice } from './notices.js';
import type { JobQueue } from './queue.js';

/** Claimed per transaction: a backlog (after a long outage) is worked through in short steps. */
const BATCH = 100;

export type ReminderDeps = { db: Db; queue: JobQueue; clock: Clock; salonSettings: () => Promise<SalonSettings> };

/**
 * Finds the confirmed bookings whose reminder is due and queues one reminder e-mail for each.
 *
 * Each booking is claimed by setting its reminder_sent_at in the same transaction that queues its
 * e-mail, and only a booking whose reminder_sent_at is empty can be claimed: so a reminder is
 * queued once per booking time, whichever instance sweeps, however often, and if the queueing
 * fails the claim rolls back with it. Moving a booking clears reminder_sent_at (and raises its
 * sequence), so its new time is reminded in turn.
 *
 * Due means: it starts within reminderHours from now and has not started. A sweep that runs late
 * (no instance was up when the reminder fell due) still sends it, up to the start and never after.
 * A booking made inside that window gets none: its confirmation has just told her.
 *
 * Returns how many reminders it queued.
 */
export async function sweepReminders(deps: ReminderDeps): Promise<number> {
  const { reminderHours } = await deps.salonSettings();
  if (reminderHours <= 0) return 0;
  const ahead = sql`make_interval(hours => ${reminderHours})`;
  let queued = 0;
  for (;;) {
    const claimed = await withRetry(() =>
      deps.db.transaction(async (tx) => {
        const now = await deps.clock(tx);
        const due = tx
          .select({ id: bookings.id })
          .from(bookings)
          .where(
            and(
              eq(bookings.status, 'confirmed'),
              isNull(bookings.reminderSentAt),
              gt(bookings.startsAt, now),
              lte(bookings.startsAt, sql`${now}::timestamptz + ${ahead}`),
              lte(bookings.createdAt, sql`${bookings.startsAt} - ${ahead}`),
            ),
          )
          .orderBy(asc(bookings.startsAt))
          .limit(BATCH)
          // Another instance sweeping at the same moment takes the others, not the same ones.
          .for('update', { skipLocked: true });
        const rows = await tx
          .update(bookings)
          .set({ reminderSentAt: now })
          // Checked again on the row itself: a sweep that read it before another's claim committed
          // finds it taken once that commits, and claims nothing.
          .where(and(inArray(bookings.id, due), isNull(bookings.reminderSentAt)))
          .returning({ bookingId: bookings.id, sequence: bookings.sequence });
        for (const row of rows) {
          const reminder: ReminderNotice = { kind: 'reminder', ...row };
          await deps.queue.send('mail', reminder, tx);
        }
        return rows.length;
      }),
    );
    queued += claimed;
    if (claimed < BATCH) return queued;
  }
}
