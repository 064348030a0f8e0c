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
 * its visit (what was taken for it, online less refunds and at the counter), not with the day it was paid, so the revenue,
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
  // cancelled a visit there. A pending one is an unpaid checkout, not an appointment. A list
  // booked to pay at the salon is settled at once (a payment of ৳0, gateway 'salon'), so its
  // visits are appointments too: they count as bookings; the payment is only their order record.
  const appointment = sql`b.status in ('confirmed', 'completed', 'no-show', 'cancelled') and p.paid_at is not null
      and b.starts_at >= ${start}::timestamptz and b.starts_at < ${end}::timestamptz`;
  // A visit: booked and not cancelled (a no-show was booked and paid).
  const visit = sql`b.status in ('confirmed', 'completed', 'no-show')`;
  // Money goes with its visit, as it was taken (docs/decisions/042): online, less what was
  // refunded of it, and at the counter less what was handed back there. A cancelled visit refunded in full adds nothing, unless the
  // salon kept its money (a deposit given up by a late cancellation, an account deleted inside the
  // notice); a no-show keeps what was paid. A visit to be paid at the salon adds what the desk has
  // taken so far: what it still owes is 'due', never revenue before it is paid.
  const online = sql`(b.online_minor - b.refunded_minor)`;
  const taken = sql`(${online} + c.minor)`;
  // What is left to pay at the visit, as booking.money's 'due' (shared/deposits.ts bookingMoneyOf).
  const due = sql`case when b.status in ('confirmed', 'completed') then greatest(0, b.price_minor - ${online} - c.minor) else 0 end`;
  const keptDeposit = sql`case when b.pay_plan = 'deposit' and b.status in ('cancelled', 'no-show') then ${online} else 0 end`;
  // Each appointment with what the counter took for it and kept (its payments less the hand-back
  // of a cancellation, docs/decisions/048; 0 when none), and that hand-back: one row per booking.
  const appointments = sql`bookings b join payments p on p.id = b.payment_id
      cross join lateral (select coalesce((select cr.amount_minor from counter_refunds cr where cr.booking_id = b.id), 0)::int as handed_back) h
      cross join lateral (select coalesce(sum(cp.amount_minor), 0)::int - h.handed_back as minor from counter_payments cp where cp.booking_id = b.id) c`;
  // "group by 1": the zone is a parameter, and PostgreSQL does not see two parameters as one expression.
  const localDay = sql`to_char((b.starts_at at time zone ${zone})::date, 'YYYY-MM-DD')`;

  const [days, customers, top, stylists, bookedMinutes] = await Promise.all([
    rowsOf<DayRow>(
      db,
      sql`select ${localDay} as day,
            count(*) filter (where ${visit})::int as visits,
            sum(${online})::int as online,
            sum(c.minor)::int as at_salon,
            sum(b.refunded_minor + h.handed_back)::int as refunded,
            sum(${keptDeposit})::int as kept_deposits,
            coalesce(sum(${due}) filter (where b.ends_at > now()), 0)::int as due_upcoming,
            coalesce(sum(${due}) filter (where b.ends_at <= now()), 0)::int as due_past,
            count(*) filter (where b.status = 'cancelled')::int as cancelled,
            count(*) filter (where b.status = 'no-show')::int as no_shows
          from ${appointments}
          where ${appointment}
          group by 1`,
    ),
    rowsOf<{ new_customers: number }>(
      db,
      // user.created_at is a timestamp without zone written in UTC (better-auth through Drizzle).
      sql`select count(*)::int as new_customers from "user" u where coalesce(u.role, 'user') = 'user'
            and u.created_at >= (${start}::timestamptz at time zone 'UTC') and u.created_at < (${end}::timestamptz at time zone 'UTC')`,
    ),
    rowsOf<{ service_id: string; title: string; title_bn: string | null; bookings: number; revenue: number }>(
      db,
      sql`select b.service_id, s.title, s.title_bn, count(*) filter (where ${visit})::int as bookings, sum(${taken})::int as revenue
          from ${appointments} join services s on s.id = b.service_id
          where ${appointment}
          group by b.service_id, s.title, s.title_bn
          having count(*) filter (where ${visit}) > 0 or sum(${taken}) > 0
          order by revenue desc, bookings desc, s.title asc
          limit 5`,
    ),
    // Every group, not the top few: the groups add up to the bookings and revenue above.
    rowsOf<{ staff_id: string | null; name: string | null; bookings: number; minutes: number; revenue: number }>(
      db,
      sql`select b.staff_id, st.name, count(*) filter (where ${visit})::int as bookings,
            coalesce(sum(b.duration_minutes) filter (where ${visit}), 0)::int as minutes,
            sum(${taken})::int as revenue
          from ${appointments} left join staff st on st.id = b.staff_id
          where ${appointment}
          group by b.staff_id, st.name
          having count(*) filter (where ${visit}) > 0 or sum(${taken}) > 0
          order by b.staff_id is null, revenue desc, bookings desc, st.name asc`,
    ),
    bookedMinutesInOpeningHours(db, windows),
  ]);

  const byDate = new Map(days.map((row) => [row.day, row]));
  const visits = sum(days.map((row) => row.visits));
  const onlineMinor = sum(days.map((row) => row.online));
  const atSalonMinor = sum(days.map((row) => row.at_salon));
  const keptMinor = onlineMinor + atSalonMinor;
  const capacityMinutes = settings.capacity * sum(windows.map((w) => (w.endsAt.getTime() - w.startsAt.getTime()) / 60_000));

  return {
    bookings: visits,
    revenue: fromMinorUnits(keptMinor),
    paidOnline: fromMinorUnits(onlineMinor),
    paidAtSalon: fromMinorUnits(atSalonMinor),
    depositsKept: fromMinorUnits(sum(days.map((row) => row.kept_deposits))),
    dueUpcoming: fromMinorUnits(sum(days.map((row) => row.due_upcoming))),
    duePast: fromMinorUnits(sum(days.map((row) => row.due_past))),
    refunds: fromMinorUnits(sum(days.map((row) => row.refunded))),
    averagePerVisit: visits === 0 ? 0 : fromMinorUnits(Math.round(keptMinor / visits)),
    cancellations: sum(days.map((row) => row.cancelled)),
    noShows: sum(days.map((row) => row.no_shows)),
    newCustomers: customers[0]?.new_customers ?? 0,
    utilisation: capacityMinutes === 0 ? 0 : Math.min(1, bookedMinutes / capacityMinutes),
    topServices: top.map((row) => ({ serviceId: row.service_id, title: row.title, title_bn: row.title_bn, bookings: row.bookings, revenue: fromMinorUnits(row.revenue) })),
    byStylist: stylists.map((row) => ({ staffId: row.staff_id, name: row.name, bookings: row.bookings, minutes: row.minutes, revenue: fromMinorUnits(row.revenue) })),
    byDay: dates.map((date) => ({
      date,
      bookings: byDate.get(date)?.visits ?? 0,
      revenue: fromMinorUnits((byDate.get(date)?.online ?? 0) + (byDate.get(date)?.at_salon ?? 0)),
    })),
  };
}

type DayRow = {
  day: string;
  visits: number;
  /** Paid online and not refunded, minor units; at_salon: taken at the counter. */
  online: number;
  at_salon: number;
  refunded: number;
  kept_deposits: number;
  due_upcoming: number;
  due_past: number;
  cancelled: number;
  no_shows: number;
};

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
