import { z } from 'zod';
import { calendarDateSchema, isCalendarDate } from './salon-settings.js';
import { daysBetween } from './calendar.js';

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
    else if (days + 1 > MAX_SUMMARY_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `A period covers at most ${MAX_SUMMARY_DAYS} days` });
  });
export type AdminSummaryQuery = z.infer<typeof adminSummaryQuerySchema>;

/** Amounts are taka (major units), like the catalogue's prices. */
export const adminSummarySchema = z.object({
  /** Confirmed, completed and no-show bookings starting in the period. */
  bookings: z.number().int().nonnegative(),
  /** Paid in the period, net of what was refunded of those payments. */
  revenue: z.number(),
  /** Refunded of the payments paid in the period. */
  refunds: z.number().nonnegative(),
  /** revenue / payments paid in the period; 0 when there were none. */
  averagePayment: z.number(),
  /** Bookings cancelled in the period (by when they were cancelled). */
  cancellations: z.number().int().nonnegative(),
  /** Bookings starting in the period that the salon marked no-show. */
  noShows: z.number().int().nonnegative(),
  /** Customer accounts created in the period. */
  newCustomers: z.number().int().nonnegative(),
  /** Booked minutes inside opening hours over capacity x opening minutes, 0..1. */
  utilisation: z.number().min(0).max(1),
  /** By revenue of their bookings in the period, highest first, at most five. */
  topServices: z.array(z.object({ serviceId: z.string(), title: z.string(), bookings: z.number().int(), revenue: z.number() })),
  /** One entry per salon-local date of the period, zeros included. */
  byDay: z.array(z.object({ date: z.string(), bookings: z.number().int(), revenue: z.number() })),
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;
