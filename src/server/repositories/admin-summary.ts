import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { addCalendarDays, salonDayStart, weekdayOfDate, zonedTimeToInstant } from '../../shared/calendar.js';
import { fromMinorUnits } from '../../shared/money.js';
import type { AdminSummary } from '../../shared/admin-summary.js';
import type { SalonSettings } from '../../shared/salon-settings.js';

/**
 * The admin home's figures for salon-local days `from`..`to` (inclusive), each one SQL aggregate.
 * Definitions (docs/decisions/016-admin-summary.md): bookings and utilisation count confirmed,
 * completed and no-show appointments by when they start, no-shows those marked so; revenue and refunds count payments by when they were
 * paid; cancellations by when they were cancelled; new customers by when they signed up.
 */
export async function getAdminSummary(db: Db, range: { from: string; to: string }, settings: SalonSettings): Promise<AdminSummary> {
  const zone = settings.timeZone;
  const dates = datesOf(range.from, range.to);
  const windows = openingWindows(dates, settings);
  const start = salonDayStart(range.from, zone).toISOString();
  const end = salonDayStart(addCalendarDays(range.to, 1), zone).toISOString();
  // A no-show was booked (and paid) all the same: marking it must not shrink the figures.
  const booked = sql`b.status in ('confirmed', 'completed', 'no-show') and b.starts_at >= ${start}::timestamptz and b.starts_at < ${end}::timestamptz`;
  // A refunded payment was still paid: it counts with its refund, so revenue nets to what was kept.
  const paid = sql`p.status in ('succeeded', 'partially_refunded', 'refunded') and p.paid_at >= ${start}::timestamptz and p.paid_at < ${end}::timestamptz`;
  // "group by 1": the zone is a parameter, and PostgreSQL does not see two parameters as one expression.
  const localDay = (column: SQL) => sql`to_char((${column} at time zone ${zone})::date, 'YYYY-MM-DD')`;

  const [bookingDays, paymentDays, counts, top, bookedMinutes] = await Promise.all([
    rowsOf<{ day: string; bookings: number }>(
      db,
      sql`select ${localDay(sql`b.starts_at`)} as day, count(*)::int as bookings from bookings b where ${booked} group by 1`,
    ),
    rowsOf<{ day: string; payments: number; net: number; refunded: number }>(
      db,
      sql`select ${localDay(sql`p.paid_at`)} as day, count(*)::int as payments,
            sum(p.amount_minor - p.refunded_minor)::int as net, sum(p.refunded_minor)::int as refunded
          from payments p where ${paid} group by 1`,
    ),
    rowsOf<{ cancellations: number; no_shows: number; new_customers: number }>(
      db,
      // user.created_at is a timestamp without zone written in UTC (better-auth through Drizzle).
      sql`select
            (select count(*)::int from bookings b where b.status = 'cancelled'
              and b.cancelled_at >= ${start}::timestamptz and b.cancelled_at < ${end}::timestamptz) as cancellations,
            (select count(*)::int from bookings b where b.status = 'no-show'
              and b.starts_at >= ${start}::timestamptz and b.starts_at < ${end}::timestamptz) as no_shows,
            (select count(*)::int from "user" u where coalesce(u.role, 'user') = 'user'
              and u.created_at >= (${start}::timestamptz at time zone 'UTC') and u.created_at < (${end}::timestamptz at time zone 'UTC')) as new_customers`,
    ),
    rowsOf<{ service_id: string; title: string; bookings: number; revenue: number }>(
      db,
      sql`select b.service_id, s.title, count(*)::int as bookings, sum(b.price_minor - b.refunded_minor)::int as revenue
          from bookings b join services s on s.id = b.service_id
          where ${booked}
          group by b.service_id, s.title
          order by revenue desc, bookings desc, s.title asc
          limit 5`,
    ),
    bookedMinutesInOpeningHours(db, windows),
  ]);

  const bookingsByDay = new Map(bookingDays.map((row) => [row.day, row.bookings]));
  const paymentsByDay = new Map(paymentDays.map((row) => [row.day, row]));
  const paymentCount = sum(paymentDays.map((row) => row.payments));
  const netMinor = sum(paymentDays.map((row) => row.net));
  const capacityMinutes = settings.capacity * sum(windows.map((w) => (w.endsAt.getTime() - w.startsAt.getTime()) / 60_000));

  return {
    bookings: sum(bookingDays.map((row) => row.bookings)),
    revenue: fromMinorUnits(netMinor),
    refunds: fromMinorUnits(sum(paymentDays.map((row) => row.refunded))),
    averagePayment: paymentCount === 0 ? 0 : fromMinorUnits(Math.round(netMinor / paymentCount)),
    cancellations: counts[0]?.cancellations ?? 0,
    noShows: counts[0]?.no_shows ?? 0,
    newCustomers: counts[0]?.new_customers ?? 0,
    utilisation: capacityMinutes === 0 ? 0 : Math.min(1, bookedMinutes / capacityMinutes),
    topServices: top.map((row) => ({ serviceId: row.service_id, title: row.title, bookings: row.bookings, revenue: fromMinorUnits(row.revenue) })),
    byDay: dates.map((date) => ({
      date,
      bookings: bookingsByDay.get(date) ?? 0,
      revenue: fromMinorUnits(paymentsByDay.get(date)?.net ?? 0),
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
