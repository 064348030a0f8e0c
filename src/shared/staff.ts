import { z } from 'zod';
import { idSchema } from './ids.js';
import { imageUrlSchema } from './images.js';
import { instantSchema } from './cart.js';
import { calendarDateSchema, isWallClockTime, minutesOfDay, wallClockTimeSchema } from './salon-settings.js';
import { durationRangeMessage, MAX_DURATION, MIN_DURATION } from './service.js';
import { bookingStatusSchema } from './payments.js';
import { emailSchema } from './user.js';
import { englishMessage } from './i18n/message-templates.js';

/**
 * Stylists: who does the services, when she works and when she is away. The admin form and the
 * server check the same rules; messages are written to be shown under the form fields.
 */

export const STAFF_NAME_MAX = 80;
export const STAFF_BIO_MAX = 600;
/** Spans on one weekday: a morning, an afternoon and an evening with breaks leave room to spare. */
export const MAX_SPANS_PER_DAY = 6;
/** Weekly hours and time off sit on the salon's 15-minute grid, as its opening hours do. */
export const STAFF_GRID_MINUTES = 15;
export const MAX_TIME_OFF_DAYS = 366;
export const TIME_OFF_NOTE_MAX = 200;

/** What anyone may see of an active stylist (the Team page, and later the booking form). */
export const staffSchema = z.object({
  _id: idSchema,
  name: z.string(),
  photo_url: z.string().nullable(),
  bio: z.string(),
  serviceIds: z.array(idSchema),
});
export type Staff = z.infer<typeof staffSchema>;

/**
 * 'with Nila', said beside a booked service wherever it is shown (pages, e-mails); empty for a
 * booking made before the salon had stylists, which names nobody.
 */
export function withStylist(staffName: string | null): string {
  return staffName ? `with ${staffName}` : '';
}
export const staffListSchema = z.array(staffSchema);

const staffServiceSchema = z.object({
  serviceId: idSchema,
  /** Her own duration for this service in minutes; null takes the service's. */
  duration: z
    .number({ error: 'Duration must be a number' })
    .int('Duration must be whole minutes')
    .min(MIN_DURATION, durationRangeMessage())
    .max(MAX_DURATION, durationRangeMessage())
    .refine(
      (minutes) => minutes % STAFF_GRID_MINUTES === 0,
      englishMessage('Duration must be a multiple of {{step, number}} minutes', { step: STAFF_GRID_MINUTES }),
    )
    .nullable(),
});
export type StaffService = z.infer<typeof staffServiceSchema>;

export const staffNameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(STAFF_NAME_MAX, `Name must be at most ${STAFF_NAME_MAX} characters`);

export const staffBioSchema = z.string().trim().max(STAFF_BIO_MAX, `Bio must be at most ${STAFF_BIO_MAX} characters`);

const staffServicesSchema = z
  .array(staffServiceSchema)
  .max(200, 'At most 200 services')
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((item, index) => {
      if (seen.has(item.serviceId)) ctx.addIssue({ code: 'custom', message: 'This service is listed twice', path: [index, 'serviceId'] });
      seen.add(item.serviceId);
    });
  });

/**
 * The e-mail of her account on the site, when she has one: signed in with it she sees her own day
 * (GET /api/staff/me/visits) and marks her visits done. null: no account linked.
 */
export const staffAccountEmailSchema = emailSchema.nullable();

const staffFields = {
  name: staffNameSchema,
  bio: staffBioSchema,
  /** An uploaded (or shipped) image; null means none, and her initials are drawn instead. */
  photo_url: imageUrlSchema.nullable(),
  services: staffServicesSchema,
  accountEmail: staffAccountEmailSchema,
};

export const staffCreateSchema = z.object({
  ...staffFields,
  bio: staffBioSchema.default(''),
  photo_url: staffFields.photo_url.default(null),
  services: staffServicesSchema.default([]),
  accountEmail: staffAccountEmailSchema.default(null),
});
export type StaffCreateInput = z.input<typeof staffCreateSchema>;

/** An update changes only the fields it names; `services` replaces her whole list. */
export const staffUpdateSchema = z.object(staffFields).partial();
export type StaffUpdateInput = z.input<typeof staffUpdateSchema>;

/** What the admin sees of one stylist: the public fields plus her durations and whether she is retired. */
export const staffDetailSchema = staffSchema.extend({
  services: z.array(staffServiceSchema),
  retired: z.boolean(),
  /** The e-mail of the account linked to her, if any (admin only: never on the Team page). */
  accountEmail: z.string().nullable(),
});
export type StaffDetail = z.infer<typeof staffDetailSchema>;

const onGrid = (time: string) => !isWallClockTime(time) || minutesOfDay(time) % STAFF_GRID_MINUTES === 0;
const gridMessage = `Use a time on the ${STAFF_GRID_MINUTES}-minute grid (such as 10:00, 10:15)`;

export const workSpanSchema = z
  .object({
    start: wallClockTimeSchema('Start').refine(onGrid, gridMessage),
    end: wallClockTimeSchema('End').refine(onGrid, gridMessage),
  })
  .refine(
    (span) => !isWallClockTime(span.start) || !isWallClockTime(span.end) || minutesOfDay(span.end) > minutesOfDay(span.start),
    { message: 'End must be after start', path: ['end'] },
  );
export type WorkSpan = z.infer<typeof workSpanSchema>;

/** One weekday's spans; the gaps between them are her breaks. */
const daySpansSchema = z
  .array(workSpanSchema)
  .max(MAX_SPANS_PER_DAY, englishMessage('At most {{count, number}} spans a day', { count: MAX_SPANS_PER_DAY }))
  .superRefine((spans, ctx) => {
    const wellFormed = spans
      .map((span, index) => ({ index, start: span.start, end: span.end }))
      .filter((s) => isWallClockTime(s.start) && isWallClockTime(s.end) && minutesOfDay(s.end) > minutesOfDay(s.start))
      .sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start));
    for (let i = 1; i < wellFormed.length; i++) {
      const previous = wellFormed[i - 1]!;
      const current = wellFormed[i]!;
      // Touching spans (10:00-13:00, 13:00-17:00) are one span written twice: a break needs a gap.
      if (minutesOfDay(current.start) <= minutesOfDay(previous.end)) {
        const message = englishMessage('Overlaps or touches {{start, time}} – {{end, time}}', { start: previous.start, end: previous.end });
        ctx.addIssue({ code: 'custom', message, path: [current.index, 'start'] });
      }
    }
  });

/** Her week, 0 = Sunday as in the salon's opening hours; an empty day is a day off. */
export const weeklyHoursSchema = z.object({
  days: z.array(daySpansSchema, { error: 'Hours are required' }).length(7, 'Hours need one entry for each day of the week'),
});
export type WeeklyHours = z.infer<typeof weeklyHoursSchema>;

export const timeOffCreateSchema = z
  .object({
    startsAt: instantSchema,
    endsAt: instantSchema,
    note: z.string().trim().max(TIME_OFF_NOTE_MAX, `Note must be at most ${TIME_OFF_NOTE_MAX} characters`).default(''),
  })
  .superRefine((range, ctx) => {
    const starts = Date.parse(range.startsAt);
    const ends = Date.parse(range.endsAt);
    if (Number.isNaN(starts) || Number.isNaN(ends)) return;
    if (ends <= starts) ctx.addIssue({ code: 'custom', message: 'End must be after start', path: ['endsAt'] });
    else if (ends - starts > MAX_TIME_OFF_DAYS * 86_400_000) {
      ctx.addIssue({ code: 'custom', message: `Time off can last at most ${MAX_TIME_OFF_DAYS} days`, path: ['endsAt'] });
    }
    const onTheGrid = (ms: number) => ms % (STAFF_GRID_MINUTES * 60_000) === 0;
    if (!onTheGrid(starts)) ctx.addIssue({ code: 'custom', message: gridMessage, path: ['startsAt'] });
    if (!onTheGrid(ends)) ctx.addIssue({ code: 'custom', message: gridMessage, path: ['endsAt'] });
  });
export type TimeOffCreateInput = z.input<typeof timeOffCreateSchema>;

export const timeOffSchema = z.object({
  _id: idSchema,
  startsAt: z.string(),
  endsAt: z.string(),
  note: z.string(),
});
export type TimeOff = z.infer<typeof timeOffSchema>;
export const timeOffListSchema = z.array(timeOffSchema);

export const staffTimeOffParamsSchema = z.object({ id: idSchema, timeOffId: idSchema });

/** A booking of hers in the way of new time off: the admin moves or cancels it first. */
export const conflictingBookingSchema = z.object({
  _id: idSchema,
  startsAt: z.string(),
  endsAt: z.string(),
  service: z.string(),
  customer: z.string(),
});
export type ConflictingBooking = z.infer<typeof conflictingBookingSchema>;

/** The one error shape, with the bookings that stand in the way. */
export const timeOffConflictSchema = z.object({
  statusCode: z.literal(409),
  error: z.string(),
  message: z.string(),
  bookings: z.array(conflictingBookingSchema),
});
export type TimeOffConflict = z.infer<typeof timeOffConflictSchema>;

/** `GET /api/staff/me`: the stylist the signed-in account is, or null for everyone else. */
/** The stylist an account is linked to: her place on the team, named. */
export const linkedStylistSchema = z.object({ _id: idSchema, name: z.string() });

export const myStylistSchema = z.object({
  stylist: linkedStylistSchema.nullable(),
});
export type MyStylist = z.infer<typeof myStylistSchema>;

/** Her days to show, `from` to `to` inclusive (salon days); at most a week at a time. */
export const MAX_VISIT_DAYS = 7;
export const staffVisitsQuerySchema = z
  .object({ from: calendarDateSchema, to: calendarDateSchema })
  .refine((range) => range.to >= range.from, { message: 'The last day must not be before the first', path: ['to'] })
  .refine((range) => (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 < MAX_VISIT_DAYS, {
    message: englishMessage('At most {{count, number}} days at a time', { count: MAX_VISIT_DAYS }),
    path: ['to'],
  });

/**
 * One of her visits as she sees it: who comes, for what and when, and its state. Nothing of the
 * money (price, payment, refunds) and no e-mail address: that stays with the salon's admins.
 */
export const staffVisitSchema = z.object({
  _id: idSchema,
  serviceId: idSchema,
  title: z.string(),
  /** The service's Bangla title, as the catalogue has it with `title` (null: none; a Bangla page shows the English one). */
  title_bn: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** When she is free again: the end of the service's buffer after the visit (null: no buffer recorded). */
  staffFreeAt: z.string().nullable(),
  status: bookingStatusSchema,
  /** Her customer's name, and mobile number (E.164) to call if she is late: no e-mail, no payments. */
  customer: z.object({ name: z.string(), phone: z.string().nullable() }),
  /** Whether she may mark it completed or a no-show now (confirmed, and its time has come). */
  canComplete: z.boolean(),
  /** What is left to take at the salon for it (after a deposit, or all of a pay-at-salon visit); 0 when paid. */
  due: z.number(),
});
export type StaffVisit = z.infer<typeof staffVisitSchema>;
export const staffVisitListSchema = z.array(staffVisitSchema);
export const staffVisitMarkSchema = z.object({ status: z.enum(['completed', 'no-show']) });
