import { z } from 'zod';
import { paymentPolicySchema } from './deposits.js';
import { englishMessage } from './i18n/message-templates.js';

/**
 * The salon's booking rules: when it is open, how many clients it serves at once and how far
 * ahead a client may book. The admin settings form and the server validate with the same schema;
 * the messages are written to be shown under the form fields.
 */

/** Weekday names indexed like `Date#getUTCDay()` and `openingHours`: 0 = Sunday. */
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** Slot lengths that divide an hour (or are one), so the grid lines up with the clock. */
export const SLOT_MINUTE_OPTIONS = [5, 10, 15, 20, 30, 60] as const;
export const SLOT_LENGTH_MESSAGE = 'Slot length must be one of 5, 10, 15, 20, 30, 60 minutes';
const MAX_CLOSED_DATES = 1000;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const WALL_CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** True for a real calendar date written as YYYY-MM-DD (so 2026-02-30 is false). */
export function isCalendarDate(value: string): boolean {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; setUTCFullYear keeps years < 100 literal.
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(year, month, 0);
  return day <= lastDay.getUTCDate();
}

/** True for a 24-hour wall-clock time written as HH:MM (00:00 to 23:59). */
export function isWallClockTime(value: string): boolean {
  return WALL_CLOCK_TIME.test(value);
}

/** Minutes since midnight of an HH:MM time; the caller has checked the format. */
export function minutesOfDay(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** True when the runtime's Intl knows the IANA zone, the same check the slot computation relies on. */
export function isKnownTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const calendarDateSchema = z
  .string({ error: 'Date is required' })
  .refine(isCalendarDate, 'Enter a real date as YYYY-MM-DD')
  // The refinement is invisible to JSON Schema: the API document says it in its own words.
  .meta({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'A calendar date, YYYY-MM-DD' });

/**
 * The settings' messages name their field by its label, a `label` value the errors catalogue
 * translates ('Opening time' → 'খোলার সময়'; shared/i18n/message-templates.ts), so a Bangla form
 * and a Bangla reply say the whole message in Bangla.
 */
const REQUIRED = '{{field, label}} is required';
const WALL_CLOCK = '{{field, label}} must be a time between {{from, time}} and {{to, time}}';
const WHOLE_NUMBER = '{{field, label}} must be a whole number';
const BETWEEN = {
  '': '{{field, label}} must be between {{min, number}} and {{max, number}}',
  minutes: '{{field, label}} must be between {{min, number}} and {{max, number}} minutes',
  hours: '{{field, label}} must be between {{min, number}} and {{max, number}} hours',
  days: '{{field, label}} must be between {{min, number}} and {{max, number}} days',
} as const;

/** 'Opening time must be a time between 00:00 and 23:59'. */
export const wallClockMessage = (label: string) => englishMessage(WALL_CLOCK, { field: label, from: '00:00', to: '23:59' });

export const wallClockTimeSchema = (label: string) =>
  z.string({ error: englishMessage(REQUIRED, { field: label }) }).refine(isWallClockTime, wallClockMessage(label));

export const dayHoursSchema = z
  .object({
    open: wallClockTimeSchema('Opening time'),
    close: wallClockTimeSchema('Closing time'),
  })
  .refine(
    (hours) =>
      // Only compare well-formed times; a malformed one already has its own message.
      !isWallClockTime(hours.open) ||
      !isWallClockTime(hours.close) ||
      minutesOfDay(hours.close) > minutesOfDay(hours.open),
    { message: 'Closing time must be after opening time', path: ['close'] },
  )
  // null is a closed weekday; an explicit value keeps "closed" distinct from "forgot to fill in".
  .nullable();

export type DayHours = z.infer<typeof dayHoursSchema>;

function wholeNumberInRange(label: string, unit: keyof typeof BETWEEN, min: number, max: number) {
  const range = englishMessage(BETWEEN[unit], { field: label, min, max });
  return z
    .number({ error: englishMessage(REQUIRED, { field: label }) })
    .int(englishMessage(WHOLE_NUMBER, { field: label }))
    .min(min, range)
    .max(max, range);
}

export const salonSettingsSchema = z.object({
  timeZone: z
    .string({ error: 'Time zone is required' })
    .trim()
    .min(1, { message: 'Time zone is required', abort: true })
    .refine(isKnownTimeZone, 'Unknown time zone'),
  openingHours: z
    .array(dayHoursSchema, { error: 'Opening hours are required' })
    .length(7, 'Opening hours need one entry for each day of the week'),
  capacity: wholeNumberInRange('Clients served at once', '', 1, 50),
  // The options written out (a catalogue key is a literal); salon-settings.test.ts checks they are SLOT_MINUTE_OPTIONS.
  slotMinutes: z.literal(SLOT_MINUTE_OPTIONS, { error: SLOT_LENGTH_MESSAGE }),
  minNoticeMinutes: wholeNumberInRange('Minimum notice', 'minutes', 0, 10_080),
  horizonDays: wholeNumberInRange('Booking horizon', 'days', 1, 365),
  closedDates: z
    .array(calendarDateSchema, { error: 'Closed dates must be a list' })
    .max(MAX_CLOSED_DATES, englishMessage('At most {{count, number}} closed dates', { count: MAX_CLOSED_DATES }))
    .superRefine((dates, ctx) => {
      // Point at the repeated entry so the form can mark that row rather than the whole list.
      const seen = new Set<string>();
      dates.forEach((date, index) => {
        if (seen.has(date)) {
          ctx.addIssue({ code: 'custom', message: englishMessage('{{date, date}} is listed more than once', { date }), path: [index] });
        }
        seen.add(date);
      });
    }),
  holdMinutes: wholeNumberInRange('Hold time', 'minutes', 1, 60),
  /** How long a time offered from the waitlist is held for her before it passes to the next. */
  waitlistOfferMinutes: wholeNumberInRange('Waitlist offer', 'minutes', 5, 240),
  cancelNoticeHours: wholeNumberInRange('Cancellation notice', 'hours', 0, 720),
  /** Hours before a confirmed appointment that its reminder e-mail goes out; 0 sends none. */
  reminderHours: wholeNumberInRange('Reminder', 'hours', 0, 336),
  /** What is paid online when booking (a service may have its own; shared/deposits.ts). */
  paymentPolicy: paymentPolicySchema,
  /** How many upcoming visits one customer may hold with nothing paid (pay-at-salon bookings). */
  unpaidLimit: wholeNumberInRange('Unpaid bookings per customer', '', 0, 20),
  /** When the daily backup of the embedded database is taken, on the salon's clock. */
  backupTime: wallClockTimeSchema('Backup time'),
  /** How many backups are kept; older ones are deleted after each new one. */
  backupsKept: wholeNumberInRange('Backups kept', '', 1, 365),
  /**
   * No appointment text goes out between these times on the salon's clock (a night that passes
   * midnight when From is later than Until); one due then waits for Until, unless the visit is
   * sooner. Equal times mean no quiet hours.
   */
  smsQuietFrom: wallClockTimeSchema('Quiet hours start'),
  smsQuietUntil: wallClockTimeSchema('Quiet hours end'),
  /**
   * Bangla pages and texts write numbers in Latin digits (1,200) instead of Bengali ones (১,২০০);
   * a stored row from before it reads as Bengali digits (the defaults fill it in; docs/decisions/050).
   */
  latinDigits: z.boolean({ error: 'Choose the digits' }),
});

export type SalonSettings = z.infer<typeof salonSettingsSchema>;

const SALON_DAY = { open: '10:00', close: '20:00' } as const;

/** The seeded settings: a Dhaka salon open 10:00-20:00 Saturday to Thursday, closed on Friday. */
export const DEFAULT_SALON_SETTINGS: SalonSettings = {
  timeZone: 'Asia/Dhaka',
  openingHours: [
    { ...SALON_DAY }, // Sunday
    { ...SALON_DAY }, // Monday
    { ...SALON_DAY }, // Tuesday
    { ...SALON_DAY }, // Wednesday
    { ...SALON_DAY }, // Thursday
    null, // Friday
    { ...SALON_DAY }, // Saturday
  ],
  capacity: 3,
  slotMinutes: 15,
  minNoticeMinutes: 120,
  horizonDays: 60,
  closedDates: [],
  holdMinutes: 10,
  waitlistOfferMinutes: 15,
  cancelNoticeHours: 24,
  reminderHours: 24,
  // The spec's checkout: the whole price online. A salon turns on deposits in Settings.
  paymentPolicy: { mode: 'full' },
  unpaidLimit: 2,
  // A quiet hour for a salon; two weeks of dailies fit in little space.
  backupTime: '03:00',
  backupsKept: 14,
  // Nobody in Dhaka wants the salon's text at night.
  smsQuietFrom: '21:00',
  smsQuietUntil: '08:00',
  latinDigits: false,
};
