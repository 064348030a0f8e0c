import type { Db } from '../db/client.js';
import type { SalonSettings } from '../../shared/salon-settings.js';
import { salonDateOf, salonDayStart } from '../../shared/calendar.js';
import { rosterFor } from '../repositories/staff.js';
import { occupancy } from './capacity.js';
import { availableSlots } from './slots.js';
import { backToBackSlots, staffSlots } from './staff-slots.js';

/** A start a visit can take, with the stylists free for all of it (none: a salon of chairs alone). */
export type OpenStart = { startsAt: Date; staff: string[] };

/**
 * The starts on a salon-local `date` where the whole service fits and the salon has room, read
 * under no lock (an offer, not a decision: a hold decides under the cell locks). What the booking
 * list's time picker offers (GET /api/availability) and where the waitlist looks for freed places.
 *
 * Given `userId`, her own appointments are not overlapped, and the end of each of her own visits
 * that day is offered too (back to back, on the grid or not). `durationMinutes` is the catalogue's
 * length, or a moved booking's own.
 */
export async function openStarts(
  db: Db,
  request: {
    serviceId: string;
    durationMinutes: number;
    date: string;
    settings: SalonSettings;
    now: Date;
    userId?: string | undefined;
    staffId: string | null;
    exceptCartItemId?: string | undefined;
    exceptBookingId?: string | undefined;
  },
): Promise<OpenStart[]> {
  const { serviceId, date, settings, now } = request;
  // Everything that could overlap a visit that day: from the salon's midnight to the next one.
  const dayStart = salonDayStart(date, settings.timeZone);
  const window = { startsAt: new Date(dayStart.getTime() - 24 * 3600_000), endsAt: new Date(dayStart.getTime() + 48 * 3600_000) };
  const [{ occupied, own }, roster] = await Promise.all([
    occupancy(db, { windows: [window], now, userId: request.userId, exceptCartItemId: request.exceptCartItemId, exceptBookingId: request.exceptBookingId }),
    rosterFor(db, serviceId, window),
  ]);
  if (!roster || roster.teamSize === 0) {
    // A salon without stylists books chairs alone, as it did before them.
    return availableSlots({ settings, date, durationMinutes: request.durationMinutes, now, occupied, own }).map((startsAt) => ({ startsAt, staff: [] }));
  }
  const asked = {
    settings,
    service: { id: serviceId, durationMinutes: request.durationMinutes, bufferMinutes: roster.bufferMinutes },
    stylists: roster.stylists,
    now,
    taken: occupied,
    own,
    staffId: request.staffId,
  };
  const slots = staffSlots({ ...asked, date });
  // Back to back: each of her own visits ending that day offers its end, on the salon's grid
  // or not (a 45-minute service on an hourly grid), so two services follow without a gap.
  const followOn = own
    .filter((first) => salonDateOf(first.endsAt, settings.timeZone) === date)
    .flatMap((first) => backToBackSlots({ ...asked, first: { startsAt: first.startsAt, endsAt: first.endsAt, staffId: null } }));
  const byStart = new Map([...followOn, ...slots].map((slot) => [slot.startsAt.getTime(), slot]));
  return [...byStart.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()).map((slot) => ({ startsAt: slot.startsAt, staff: slot.staff }));
}
