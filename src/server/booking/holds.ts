import type { Db } from '../db/client.js';
import { HOLD_TIME, HOLD_WITH_STYLIST, RELEASE_TIME, heldItem, type HeldItem } from '../repositories/cart.js';
import { lockAndShareSent, rosterOfItem, withFreshRoster, type Roster, type TeamRosterSource } from '../repositories/staff.js';
import type { SalonSettings } from '../../shared/salon-settings.js';
import { addCalendarDays, instantToZoned, salonDayStart } from '../../shared/calendar.js';
import { checkStart, maxConcurrent, type TimeInterval } from './slots.js';
import { checkBackToBack, checkStaffStart, chooseStylist, type ServiceTiming } from './staff-slots.js';
import { pipelinedTransaction } from '../db/pipelined.js';
import { occupancyAndTimeOffSent, occupancyOfItem, occupancySent, withRetry } from './capacity.js';
import { notFound } from '../http-error.js';
import { overlapRefused, stylistRefused, timeRefused } from './refusals.js';

const MINUTE = 60_000;

export type HoldRequest = {
  userId: string;
  itemId: string;
  startsAt: Date | null;
  /** The stylist she asked for; null or undefined: any stylist who performs the service. */
  staffId?: string | null | undefined;
  settings: SalonSettings;
  /** The cached team (app.roster): her roster is taken from it rather than read on every hold. */
  team: TeamRosterSource;
};

/**
 * Sets an item's appointment time and holds it for `holdMinutes`, or (startsAt null) lets the time
 * go and records the stylist she wants. A salon without stylists books a chair (holdChair); one
 * with stylists books a stylist and a chair (holdWithStylist).
 */
export async function holdTime(db: Db, request: HoldRequest): Promise<HeldItem> {
  // A stylist changed (her hours, services, retirement) after her roster was read, or the cached
  // team was older than her row: drop the copy, read it again and decide again.
  return withFreshRoster(
    () => holdOnce(db, request),
    () => request.team.invalidate(),
  );
}

async function holdOnce(db: Db, request: HoldRequest): Promise<HeldItem> {
  const { userId, itemId, startsAt, settings } = request;
  const staffId = request.staffId ?? null;
  // The stylists who could do it, from the cached team, with their time off from the salon's
  // midnight before to the one after (every visit the slot engine looks at lies inside); her item
  // is read in one statement.
  const dayStart = salonDayStart(instantToZoned(startsAt ?? new Date(), settings.timeZone).date, settings.timeZone);
  const window = { startsAt: new Date(dayStart.getTime() - 24 * 3600_000), endsAt: new Date(dayStart.getTime() + 48 * 3600_000) };
  const roster = await rosterOfItem(db, request.team, { itemId, userId, staffId }, window);
  if (!roster) throw notFound('Booking list item');
  if (staffId !== null && !roster.stylists.some((s) => s.id === staffId)) throw stylistRefused();

  if (startsAt === null) {
    const rows = await RELEASE_TIME.run(db, { itemId, userId, start: null, holdMinutes: 0, staffId });
    if (!rows[0]) throw notFound('Booking list item');
    return heldItem(rows[0]);
  }
  if (roster.teamSize === 0) return holdChair(db, { userId, itemId, startsAt, settings });
  // A salon with stylists but nobody who does this service cannot take it at any time.
  if (roster.stylists.length === 0) throw stylistRefused();
  return holdWithStylist(db, {
    userId,
    itemId,
    startsAt,
    staffId,
    settings,
    roster,
    service: { id: roster.serviceId, durationMinutes: roster.serviceMinutes, bufferMinutes: roster.bufferMinutes },
    now: roster.now,
    current: roster.itemStaffId,
  });
}

/**
 * The hold of a chair alone. The time is written and its cells locked first, then the salon's rules,
 * her own other appointments and capacity are checked with the locks held, in one transaction
 * (capacity.ts); a refused time is rolled back by the HttpError that refuses it. Retried when
 * PostgreSQL breaks a deadlock. Four statements in all, in two round trips: BEGIN, the write and
 * the count go together (pipelined.ts), and only the COMMIT (or ROLLBACK) waits for the decision.
 */
async function holdChair(db: Db, request: { userId: string; itemId: string; startsAt: Date; settings: SalonSettings }): Promise<HeldItem> {
  const { userId, itemId, startsAt, settings } = request;
  return withRetry(() =>
    pipelinedTransaction(db, async (tx): Promise<HeldItem> => {
      const written = HOLD_TIME.send(tx, { itemId, userId, start: startsAt.toISOString(), holdMinutes: settings.holdMinutes, staffId: null });
      // Sent behind the write, so it runs with the new time's cells locked, and counts what their
      // previous holders committed.
      const counted = occupancyOfItem(tx, { itemId, userId });
      const row = (await written)[0];
      if (!row) throw notFound('Booking list item');
      const item = heldItem(row);
      const now = new Date(row.now);
      const rules = checkStart({ settings, startsAt, durationMinutes: item.durationMinutes, now, occupied: [] });
      // Her own appointments are checked below, under the cell locks, where the other one is named.
      if (!rules.ok && rules.reason !== 'overlaps-own') throw timeRefused(rules.reason);

      const present = await counted;
      const [other] = overlapping(present.own, { startsAt, endsAt: item.endsAt! });
      if (other) throw overlapRefused(other, settings.timeZone);
      if (maxConcurrent(present.occupied, { startsAt, endsAt: item.endsAt! }) >= settings.capacity) throw timeRefused('taken');
      return item;
    }),
  );
}

/**
 * The hold of a stylist and a chair, in one transaction:
 *
 * 1. the cells from the start to when the longest of the candidate stylists would be free again
 *    (her visit and the service's buffer) are locked: every other visit that could need the same
 *    stylist or chair then shares a cell with this one and waits (capacity.ts);
 * 2. the candidates' rows are locked `for share` (addTimeOff locks hers `for update`), and then,
 *    with the locks held, what takes room there and their time off are read: leave added a moment
 *    ago is seen, and leave being added waits for this hold and then finds it;
 * 3. the slot engine (staff-slots.ts) decides by the rules the times were offered with; for 'any
 *    stylist' the one the item already had, if she is free, else the one with the fewest booked
 *    minutes that day among those free is given the time (chooseStylist; docs/decisions/037);
 * 4. the hold is written with her, her own length for the service and when she is free again.
 *
 * Her hours and which services she does come from the cached team, taken before the transaction;
 * a change to them committed since shows as another version of her row when it is locked (step 2),
 * and the decision is then made again on the team as it is now (withFreshRoster). Six statements
 * (the item's, BEGIN, the locks, the read, the write, COMMIT) in three round trips.
 */
async function holdWithStylist(
  db: Db,
  request: {
    userId: string;
    itemId: string;
    startsAt: Date;
    staffId: string | null;
    settings: SalonSettings;
    roster: Roster;
    service: ServiceTiming;
    now: Date;
    /** The stylist the item has now (her choice, or the one 'any' gave it last time). */
    current: string | null;
  },
): Promise<HeldItem> {
  const { userId, itemId, startsAt, staffId, settings, roster, service, now, current } = request;
  const minutesOf = (id: string) => {
    const offer = roster.stylists.find((s) => s.id === id)?.services[0];
    return offer?.durationMinutes ?? service.durationMinutes;
  };
  const candidates = staffId === null ? roster.stylists.map((s) => s.id) : [staffId];
  const longest = Math.max(...candidates.map(minutesOf)) + roster.bufferMinutes;
  const span: TimeInterval = { startsAt, endsAt: new Date(startsAt.getTime() + longest * MINUTE) };

  const date = instantToZoned(startsAt, settings.timeZone).date;
  // 'Any' with nobody given yet chooses by the minutes of the whole salon day: read the day at once
  // (one statement, not a second read after the check). Otherwise the visit's span is enough, from a
  // millisecond before it so that her own visit ending as this one starts is read too.
  const choosing = staffId === null && current === null;
  const around: TimeInterval = choosing
    ? {
        startsAt: new Date(Math.min(salonDayStart(date, settings.timeZone).getTime(), startsAt.getTime() - 1)),
        endsAt: new Date(Math.max(salonDayStart(addCalendarDays(date, 1), settings.timeZone).getTime(), span.endsAt.getTime())),
      }
    : { startsAt: new Date(startsAt.getTime() - 1), endsAt: span.endsAt };

  return withRetry(() =>
    pipelinedTransaction(db, async (tx) => {
      // Sent together, answered together (one round trip with the BEGIN): PostgreSQL runs them in
      // this order, so the read runs with the cells and the rows locked and sees what their
      // previous holders committed, as if it had waited for the lock's answer.
      const locked = lockAndShareSent(tx, span, candidates, roster);
      const read = occupancyAndTimeOffSent(tx, { windows: [around], now, userId, exceptCartItemId: itemId }, { staffIds: candidates, window: span });
      await locked;
      const { present, off } = await read;
      const stylists = roster.stylists.map((s) => ({ ...s, timeOff: off.get(s.id) ?? [] }));
      let check = checkStaffStart({ settings, service, stylists, now, taken: present.occupied, startsAt, staffId });
      // Off the salon's grid, a start is still hers to take right after one of her own visits
      // (the second of two back to back, as availability offers it).
      const first = !check.ok && check.reason === 'off-grid' ? present.own.find((v) => v.endsAt.getTime() === startsAt.getTime()) : undefined;
      if (first) check = checkBackToBack({ settings, service, stylists, now, taken: present.occupied, startsAt, staffId, first: { ...first, staffId: null } });
      if (!check.ok) throw timeRefused(check.reason);
      // 'Any' keeps the stylist it was given before when she is still free (a renewed or re-timed
      // hold): the customer was told who, and 'with Mim' should not turn into 'with Rina' unasked.
      const kept = staffId === null && current !== null && check.staff.includes(current) ? current : undefined;
      let chosen = staffId ?? kept;
      if (chosen === undefined) {
        // The fewest minutes over the whole day, not only the hours locked around this visit: a
        // fairness rule, read under no lock of its own (a visit booked elsewhere that day a moment
        // from now may tip the next choice, never this one's safety). The day was read above when
        // choosing; a renewal whose stylist is no longer free reads it now.
        const ofTheDay = choosing
          ? present
          : await occupancySent(tx, {
              windows: [{ startsAt: salonDayStart(date, settings.timeZone), endsAt: salonDayStart(addCalendarDays(date, 1), settings.timeZone) }],
              now,
              exceptCartItemId: itemId,
            });
        chosen = chooseStylist({ stylists, taken: ofTheDay.occupied, date, timeZone: settings.timeZone, free: check.staff })!;
      }
      const minutes = minutesOf(chosen);
      const visit = { startsAt, endsAt: new Date(startsAt.getTime() + minutes * MINUTE) };
      // She cannot sit in two chairs at once; her earlier visit's buffer is the stylist's, not hers.
      const [other] = overlapping(present.own, visit);
      if (other) throw overlapRefused(other, settings.timeZone);
      const written = HOLD_WITH_STYLIST.send(tx, {
        itemId,
        userId,
        start: startsAt.toISOString(),
        minutes,
        buffer: roster.bufferMinutes,
        holdMinutes: settings.holdMinutes,
        staffId: chosen,
        anyStylist: staffId === null,
      });
      // Nothing is left to decide: the COMMIT goes with the write. An item gone meanwhile (deleted
      // from her list) is written nothing; only the cell rows, which are never more than locks, stay.
      return tx.commitBehind(
        written.then(([row]) => {
          if (!row) throw notFound('Booking list item');
          return heldItem(row);
        }),
      );
    }),
  );
}

function overlapping<T extends TimeInterval>(visits: readonly T[], window: TimeInterval): T[] {
  return visits.filter((v) => v.startsAt < window.endsAt && v.endsAt > window.startsAt);
}
