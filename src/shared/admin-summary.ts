import { z } from 'zod';
import { calendarDateSchema, isCalendarDate } from './salon-settings.js';
import { daysBetween } from './calendar.js';
import { idSchema } from './ids.js';
import { englishMessage } from './i18n/message-templates.js';

/** The longest period the admin summary covers at once: a (leap) year. */
export const MAX_SUMMARY_DAYS = 366;

/** Salon-local calendar days, inclusive at both ends. */
export const adminSummaryQuerySchema = z
  .object({ from: calendarDateSchema, to: calendarDateSchema })
  .superRefine(({ from, to }, ctx) => {
    // A malformed date already has its own issue; comparing it would only add noise.
    if (!isCalendarDate(from) || !isCalendarDate(to)) return;
    const days = daysBetween(from, to);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must not be before the start date' });
    else if (days + 1 > MAX_SUMMARY_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: englishMessage('A period covers at most {{count, number}} days', { count: MAX_SUMMARY_DAYS }) });
  });
export type AdminSummaryQuery = z.infer<typeof adminSummaryQuerySchema>;

/**
 * Every figure but new customers summarises the same rows: the appointments whose visit falls on
 * the period's salon-local dates (by when they start, in the salon's time zone) and that were paid
 * for, the rows the order list shows for the same dates. Money is counted with its visit: what was
 * paid for a visit, less what was refunded of it (docs/decisions/030-figures-that-add-up.md).
 * Amounts are taka (major units), like the catalogue's prices.
 */
export const adminSummarySchema = z.object({
  /**
   * Visits: confirmed, completed and no-show appointments (not cancelled), however they are paid:
   * a list booked to pay at the salon has a payment of ৳0 as its order record, and its visits
   * count here as bookings, never as payments.
   */
  bookings: z.number().int().nonnegative(),
  /**
   * Money taken for the period's appointments: paidOnline + paidAtSalon (a cancelled and refunded
   * one adds nothing; what is still due is not revenue until it is paid).
   */
  revenue: z.number(),
  /** Paid online for them and not refunded (the whole price, or a deposit). */
  paidOnline: z.number(),
  /** Taken at the salon's counter for them (the rest after a deposit, a pay-at-salon visit). */
  paidAtSalon: z.number(),
  /** Deposits the salon kept: paid online for a deposit-plan visit cancelled late or missed (part of paidOnline). */
  depositsKept: z.number().nonnegative(),
  /** Still to pay at the salon for confirmed visits to come (price less paid online and at the counter). */
  dueUpcoming: z.number().nonnegative(),
  /** Still unpaid for confirmed or completed visits whose time is over: money the desk has not recorded. */
  duePast: z.number().nonnegative(),
  /** Refunded of the period's appointments (cancelled ones, mostly): online, and handed back at the counter. */
  refunds: z.number().nonnegative(),
  /** revenue / bookings, rounded to the poisha; 0 when there were no visits. */
  averagePerVisit: z.number(),
  /** Appointments of the period that were cancelled (refunded what was paid online, or kept a deposit of a late cancellation). */
  cancellations: z.number().int().nonnegative(),
  /** Visits of the period that the salon marked no-show (their kept money is revenue). */
  noShows: z.number().int().nonnegative(),
  /** Customer accounts created in the period (by sign-up date: the one figure not about visits). */
  newCustomers: z.number().int().nonnegative(),
  /** Minutes of the visits inside opening hours over capacity x opening minutes, 0..1. */
  utilisation: z.number().min(0).max(1),
  /**
   * The visits grouped by service, by revenue (as above), highest first, at most five; named by the
   * catalogue's titles today (title_bn null: no Bangla title).
   */
  topServices: z.array(z.object({ serviceId: z.string(), title: z.string(), title_bn: z.string().nullable(), bookings: z.number().int(), revenue: z.number() })),
  /**
   * The visits grouped by stylist: their count, booked minutes and revenue (as above), highest
   * revenue first; the visits booked before the salon had stylists last, as one group with staffId
   * and name null ('No stylist'). Every appointment of the period is in one group, so the bookings
   * and revenue add up to the figures above.
   */
  byStylist: z.array(
    z.object({ staffId: idSchema.nullable(), name: z.string().nullable(), bookings: z.number().int(), minutes: z.number().int(), revenue: z.number() }),
  ),
  /** The visits and revenue of each salon-local date of the period, zeros included. */
  byDay: z.array(z.object({ date: z.string(), bookings: z.number().int(), revenue: z.number() })),
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;

/**
 * What each figure counts and on what date basis, a line each, as the admin home prints them under
 * the figures (the owner and her accountant read the same thing the server computes).
 */
export const FIGURE_DEFINITIONS = [
  {
    figure: 'Revenue',
    counts:
      'money taken for the appointments on these dates: paid online (less refunds) and at the salon; a cancelled and refunded visit adds nothing, a no-show keeps what was paid',
  },
  { figure: 'Paid online', counts: 'the part of the revenue paid online: whole prices and deposits, less refunds' },
  { figure: 'Paid at the salon', counts: 'the part of the revenue the desk recorded as taken at the salon (cash, card, bKash, Nagad), less what was handed back when a visit was cancelled' },
  { figure: 'Deposits kept', counts: 'deposits paid online for visits cancelled late or missed, which the salon keeps (part of the revenue)' },
  { figure: 'Due at the salon', counts: 'what visits to come still owe at the salon: the price less what was paid online and at the salon' },
  { figure: 'Unpaid past visits', counts: 'what visits already done (or not marked yet) still owe: not recorded as paid at the salon, and not revenue until it is' },
  { figure: 'Bookings', counts: 'visits on these dates: upcoming, completed or no-show, not cancelled' },
  { figure: 'Average per visit', counts: 'revenue divided by bookings' },
  { figure: 'Cancellations', counts: 'appointments on these dates that were cancelled: refunded, or their deposit kept when cancelled late' },
  { figure: 'No-shows', counts: 'visits on these dates the customer missed' },
  { figure: 'New customers', counts: 'customer accounts opened on these dates (by sign-up date)' },
  { figure: 'Utilisation', counts: 'chair time of the visits on these dates, within opening hours' },
  { figure: 'Top services', counts: 'the visits on these dates by service, with their revenue as above' },
  {
    figure: 'By stylist',
    counts: 'the visits on these dates by who does them, with their booked minutes and revenue as above; "No stylist" is the visits booked before the salon had stylists',
  },
] as const;
