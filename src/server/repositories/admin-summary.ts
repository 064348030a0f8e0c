import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { addCalendarDays, salonDayStart, weekdayOfDate, zonedTimeToInstant } from '../../shared/calendar.js';
import { fromMinorUnits } from '../../shared/money.js';
import type { AdminSummary } from '../../shared/admin-summary.js';
import type { SalonSettings } from '../../shared/salon-settings.js';

/**
 * The admin home's figures for salon-local days `from`..`to` (inclusive). All but new customers
 * summarise one set of rows: the paid-for appointments whose visit starts on those dates, exactly
 * what the order list shows for them (docs/decisions/030-figures-that-add-up.md). Money goes with
 * its visit (price minus what was refunded of it), not with the day it was paid, so the revenue,
 * the bookings beside it and the top services below it are the same visits.
 */
export async function getAdminSummary(db: Db, range: { from: string; to: string }, settings: SalonSettings): Promise<AdminSummary> {
  const zone = settings.timeZone;
  const dates = datesOf(range.from, range.to);
  const windows = openingWindows(dates, settings);
  const start = salonDayStart(range.from, zone).toISOString();
  const end = salonDayStart(addCalendarDays(range.to, 1), zone).toISOString();
  // The period's appointments. A cancelled one counts only if it was paid for: the bookings of a
  // checkout that was never paid are cancelled when a new checkout replaces it, and nobody
  // cancelled a visit there. A pending one is an unpaid checkout, not an appointment.
  const appointment = sql`b.status in ('confirmed', 'completed', 'no-show', 'cancelled') and p.paid_at is not null
      and b.starts_at >= ${start}::timestamptz and b.starts_at < ${end}::timestamptz`;
  // A visit: booked and not cancelled (a no-show was booked and paid). Revenue is what was kept of
  // every appointment: a cancelled one is refunded in full and adds nothing, unless the salon kept
  // its money (an account deleted inside the cancellation notice).
  const visit = sql`b.status in ('confirmed', 'completed', 'no-show')`;
  // "group by 1": the zone is a parameter, and PostgreSQL does not see two parameters as one expression.
  const localDay = sql`to_char((b.starts_at at time zone ${zone})::date, 'YYYY-MM-DD')`;

  const [days, customers, top, stylists, bookedMinutes] = await Promise.all([
    rowsOf<{ day: string; visits: number; kept: number; refunded: number; cancelled: number; no_shows: number }>(
      db,
      sql`select ${localDay} as day,
            count(*) filter (where ${visit})::int as visits,
            sum(b.price_minor - b.refunded_minor)::int as kept,
            sum(b.refunded_minor)::int as refunded,
            count(*) filter (where b.status = 'cancelled')::int as cancelled,
            count(*) filter (where b.status = 'no-show')::int as no_shows
          from bookings b join payments p on p.id = b.payment_id
          where ${appointment}
          group by 1`,
    ),
    rowsOf<{ new_customers: number }>(
      db,
      // user.created_at is a timestamp without zone written in UTC (better-auth through Drizzle).
      sql`select count(*)::int as new_customers from "user" u where coalesce(u.role, 'user') = 'user'
            and u.created_at >= (${start}::timestamptz at time zone 'UTC') and u.created_at < (${end}::timestamptz at time zone 'UTC')`,
    ),
    rowsOf<{ service_id: string; title: string; bookings: number; revenue: number }>(
      db,
      sql`select b.service_id, s.title, count(*) filter (where ${visit})::int as bookings, sum(b.price_minor - b.refunded_minor)::int as revenue
          from bookings b join payments p on p.id = b.payment_id join services s on s.id = b.service_id
          where ${appointment}
          group by b.service_id, s.title
          having count(*) filter (where ${visit}) > 0 or sum(b.price_minor - b.refunded_minor) > 0
          order by revenue desc, bookings desc, s.title asc
          limit 5`,
    ),
    // Every group, not the top few: the groups add up to the bookings and revenue above.
    rowsOf<{ staff_id: string | null; name: string | null; bookings: number; minutes: number; revenue: number }>(
      db,
      sql`select b.staff_id, st.name, count(*) filter (where ${visit})::int as bookings,
            coalesce(sum(b.duration_minutes) filter (where ${visit}), 0)::int as minutes,
            sum(b.price_minor - b.refunded_minor)::int as revenue
          from bookings b join payments p on p.id = b.payment_id left join staff st on st.id = b.staff_id
          where ${appointment}
          group by b.staff_id, st.name
          having count(*) filter (where ${visit}) > 0 or sum(b.price_minor - b.refunded_minor) > 0
          order by b.staff_id is null, revenue desc, bookings desc, st.name asc`,
    ),
    bookedMinutesInOpeningHours(db, windows),
  ]);

  const byDate = new Map(days.map((row) => [row.day, row]));
  const visits = sum(days.map((row) => row.visits));
  const keptMinor = sum(days.map((row) => row.kept));
  const capacityMinutes = settings.capacity * sum(windows.map((w) => (w.endsAt.getTime() - w.startsAt.getTime()) / 60_000));

  return {
    bookings: visits,
    revenue: fromMinorUnits(keptMinor),
    refunds: fromMinorUnits(sum(days.map((row) => row.refunded))),
    averagePerVisit: visits === 0 ? 0 : fromMinorUnits(Math.round(keptMinor / visits)),
    cancellations: sum(days.map((row) => row.cancelled)),
    noShows: sum(days.map((row) => row.no_shows)),
    newCustomers: customers[0]?.new_customers ?? 0,
    utilisation: capacityMinutes === 0 ? 0 : Math.min(1, bookedMinutes / capacityMinutes),
    topServices: top.map((row) => ({ serviceId: row.service_id, title: row.title, bookings: row.bookings, revenue: fromMinorUnits(row.revenue) })),
    byStylist: stylists.map((row) => ({ staffId: row.staff_id, name: row.name, bookings: row.bookings, minutes: row.minutes, revenue: fromMinorUnits(row.revenue) })),
    byDay: dates.map((date) => ({
      date,
      bookings: byDate.get(date)?.visits ?? 0,
      revenue: fromMinorUnits(byDate.get(date)?.kept ?? 0),
    })),
  };
}

type Window = { startsAt: Date; endsAt: Date };

/** The instants the salon is open on each date: its weekday's hours, unless the date is closed. */
function openingWindows(dates: string[], settings: SalonSettings): Window[] {
  return dates.flatMap((date) => {
    const hours = settings.openingHours[weekdayOfDate(date)];
    if (!hours || settings.closedDates.includes(date)) return [];
    const startsAt = zonedTimeToInstant(date, hours.open, settings.timeZone);
    const endsAt = zonedTimeToInstant(date, hours.close, settings.timeZone);
    return startsAt && endsAt && endsAt > startsAt ? [{ startsAt, endsAt }] : [];
  });
}

/** Minutes of booked appointments (confirmed, completed, no-show) that fall inside the opening windows. */
async function bookedMinutesInOpeningHours(db: Db, windows: Window[]): Promise<number> {
  if (windows.length === 0) return 0;
  const values = sql.join(
    windows.map((w) => sql`(${w.startsAt.toISOString()}::timestamptz, ${w.endsAt.toISOString()}::timestamptz)`),
    sql`, `,
  );
  const [row] = await rowsOf<{ minutes: number | null }>(
    db,
    sql`select sum(extract(epoch from least(b.ends_at, w.ends_at) - greatest(b.starts_at, w.starts_at)) / 60)::float8 as minutes
        from bookings b join (values ${values}) as w(starts_at, ends_at)
          on b.starts_at < w.ends_at and b.ends_at > w.starts_at
        where b.status in ('confirmed', 'completed', 'no-show')`,
  );
  return Number(row?.minutes ?? 0);
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + Number(value), 0);
}

function datesOf(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addCalendarDays(date, 1)) dates.push(date);
  return dates;
}
