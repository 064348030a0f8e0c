import { randomBytes } from 'node:crypto';
import { and, inArray, isNull } from 'drizzle-orm';
import type { App } from '../types.js';
import { services } from '../db/schema.js';
import { findUserByEmail } from '../repositories/users.js';
import { findStaff, rosterFor } from '../repositories/staff.js';
import { occupancy, stylistFree } from '../booking/capacity.js';
import { maxConcurrent, type TimeInterval } from '../booking/slots.js';
import { insideHours, type TakenInterval } from '../booking/staff-slots.js';
import { addCalendarDays, isOpenDate, salonDayStart, salonToday, weekdayOfDate, zonedTimeToInstant } from '../../shared/calendar.js';
import { recordPaidVisits, type DemoVisit } from './demo-history.js';

/**
 * The demo's regulars who come to the demo stylist. Accounts like any customer's (the admin sees
 * them under Users), with passwords nobody is told: they exist so her day has people in it.
 */
export const demoRegulars = [
  { name: 'Rumana Chowdhury', email: 'rumana.chowdhury@parlour.test', image: '/images/reviews/rumana.svg' },
  { name: 'Ayesha Siddiqua', email: 'ayesha.siddiqua@parlour.test', image: '/images/reviews/ayesha.svg' },
  { name: 'Nusrat Jahan', email: 'nusrat.jahan@parlour.test', image: '/images/reviews/nusrat.svg' },
];

/** A day at her chair: the wall-clock starts tried, each with the next of her services in turn. */
const DAY_STARTS = ['10:30', '12:30', '14:30', '16:30', '18:30'];

/** How far from today the search for an earlier or a later visit goes (a week covers her days off). */
const SEARCH_DAYS = 7;

const MINUTE = 60_000;

/**
 * Gives the demo stylist visits on the days around today, so her 'My day' is never empty when the
 * demo starts: yesterday, today and tomorrow, then further on (or back) until she has a visit
 * still to come and one whose time has come, which she can mark completed. Each visit is paid as
 * the demo history's are (recordPaidVisits) and is placed only where a booking could be: a salon
 * day, inside her hours and not in her time off, one of her services at her duration with its
 * buffer after it, clear of her other visits and with a chair free. Run at every start: a time
 * already written (hers or taken) is skipped, and a visit's payment key makes it once even if it
 * was cancelled since, and still counts as found. Answers how many visits it wrote.
 */
export async function seedDemoStylistDay(app: App, staffId: string, now: Date = new Date()): Promise<number> {
  const stylist = await findStaff(app.db, staffId);
  if (!stylist || stylist.services.length === 0) return 0;
  const customers = await demoRegularIds(app);
  if (customers.length === 0) return 0;
  const settings = await app.salonSettings.get();
  const { timeZone } = settings;
  const catalogue = await app.db
    .select()
    .from(services)
    .where(and(inArray(services.id, stylist.services.map((s) => s.serviceId)), isNull(services.deletedAt)));
  const today = salonToday(timeZone, now.getTime());

  let written = 0;
  let earlier = false;
  let later = false;
  let turn = 0;
  /** Plans and writes one day's visits; notes whether she has one started before now and one after. */
  const seedDay = async (date: string) => {
    if (!isOpenDate(settings, date)) return;
    const window = { startsAt: salonDayStart(date, timeZone), endsAt: salonDayStart(addCalendarDays(date, 1), timeZone) };
    const taken: TakenInterval[] = [...(await occupancy(app.db, { windows: [window], now })).occupied];
    for (const visit of taken) {
      if (visit.staffId !== staffId) continue;
      if (visit.startsAt <= now) earlier = true;
      else later = true;
    }
    const hours = settings.openingHours[weekdayOfDate(date)]!;
    for (const time of DAY_STARTS) {
      const service = catalogue[turn % Math.max(1, catalogue.length)];
      turn += 1;
      const startsAt = zonedTimeToInstant(date, time, timeZone);
      if (!service || !startsAt) continue;
      const roster = await rosterFor(app.db, service.id, window);
      const her = roster?.stylists.find((s) => s.id === staffId);
      if (!roster || !her) continue;
      const minutes = her.services[0]?.durationMinutes ?? roster.serviceMinutes;
      const endsAt = new Date(startsAt.getTime() + minutes * MINUTE);
      const planned: TakenInterval = { startsAt, endsAt, staffId, staffFreeAt: new Date(endsAt.getTime() + roster.bufferMinutes * MINUTE) };
      if (!bookable(planned, { hours, date, timeZone, capacity: settings.capacity, weeklyHours: her.weeklyHours, timeOff: her.timeOff ?? [], taken })) continue;
      taken.push(planned);
      const customerId = customers[turn % customers.length]!;
      const visit: DemoVisit = {
        service,
        startsAt,
        endsAt,
        status: 'confirmed',
        stylist: { staffId, staffFreeAt: planned.staffFreeAt! },
      };
      // Booked a few days before, as most of the salon's visits are.
      const paidAt = new Date(Math.min(now.getTime(), startsAt.getTime()) - 3 * 24 * 60 * MINUTE);
      // Not written when written at an earlier start and cancelled since (its key is taken): not
      // hers now, but it still counts as the visit this side of now was found, so a restart stops
      // where the first start did. Otherwise cancelling her only visit still to come sent the next
      // start on to later days, writing visits a restart must not add (found on a Thursday evening,
      // with the Friday closed: her next visits were all on that one evening).
      if (await recordPaidVisits(app, { customerId, key: `demo-stylist-day:${staffId}:${date}:${time}`, paidAt, visits: [visit] })) written += 1;
      if (startsAt <= now) earlier = true;
      else later = true;
    }
  };

  for (const offset of [-1, 0, 1]) await seedDay(addCalendarDays(today, offset));
  for (let offset = 2; !later && offset <= SEARCH_DAYS; offset += 1) await seedDay(addCalendarDays(today, offset));
  for (let offset = -2; !earlier && offset >= -SEARCH_DAYS; offset -= 1) await seedDay(addCalendarDays(today, offset));
  return written;
}

/** Whether a visit could have been booked: the rules a hold checks, bar 'not in the past'. */
function bookable(
  visit: TakenInterval,
  day: {
    hours: { open: string; close: string };
    date: string;
    timeZone: string;
    capacity: number;
    weeklyHours: Parameters<typeof insideHours>[0];
    timeOff: readonly TimeInterval[];
    taken: readonly TakenInterval[];
  },
): boolean {
  const open = zonedTimeToInstant(day.date, day.hours.open, day.timeZone);
  const close = zonedTimeToInstant(day.date, day.hours.close, day.timeZone);
  if (!open || !close || visit.startsAt < open || visit.endsAt > close) return false;
  if (!insideHours(day.weeklyHours, visit, day.timeZone)) return false;
  const busyUntil = visit.staffFreeAt ?? visit.endsAt;
  if (day.timeOff.some((off) => off.startsAt < busyUntil && off.endsAt > visit.startsAt)) return false;
  return stylistFree(day.taken, visit) && maxConcurrent(day.taken, visit) < day.capacity;
}

/** A strong password nobody is told, with the upper case, lower case and digit the sign-up rule asks. */
const unknownPassword = () => `${randomBytes(18).toString('base64url')}Aa1`;

/** The regulars' account ids, signing up those not there (yet, or again after one deleted her account). */
async function demoRegularIds(app: App): Promise<string[]> {
  const ids: string[] = [];
  for (const regular of demoRegulars) {
    let found = await findUserByEmail(app.db, regular.email);
    if (!found) {
      await app.auth.api.signUpEmail({ body: { name: regular.name, email: regular.email, password: unknownPassword(), image: regular.image } });
      found = await findUserByEmail(app.db, regular.email);
    }
    if (found) ids.push(found._id);
  }
  return ids;
}
