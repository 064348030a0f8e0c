import type { Booking } from '@shared/payments';
import type { SalonSettings } from '@shared/salon-settings';
import type { Staff } from '@shared/staff';
import { minutesOfDay } from '@shared/salon-settings';
import { addCalendarDays, instantToZoned, isOpenDate, weekdayOfDate } from '@shared/calendar';

/**
 * The arithmetic of the admin's calendar, apart from drawing it: which columns a day has, which
 * hours its grid spans, and where each booking sits in its column.
 */

/**
 * What the grid draws of a visit. The admin's bookings have it, and so do a stylist's own visits
 * (which carry nothing of the money or the customer's e-mail): one grid draws both.
 */
export type CalendarEntry = Pick<Booking, '_id' | 'title' | 'startsAt' | 'endsAt' | 'staffFreeAt' | 'status'> & {
  /** The service's Bangla title (null: none), shown on a Bangla page. */
  title_bn: string | null;
  customer: { name: string };
  /** Her column; absent or null: 'No stylist'. */
  staffId?: string | null;
};

/** What the day grid and the week table both draw from, and how they open a booking. */
export interface CalendarViewProps<T extends CalendarEntry = Booking> {
  settings: Pick<SalonSettings, 'openingHours' | 'closedDates' | 'timeZone'>;
  columns: readonly CalendarColumn[];
  /** The bookings in view. */
  bookings: readonly T[];
  /** The column shown on a phone. */
  chosenKey: string | undefined;
  selectedId: string | null;
  onOpen: (bookingId: string) => void;
}

/** One stylist's column (or the column of bookings made before the salon had stylists). */
export interface CalendarColumn {
  /** Her id, or NO_STYLIST. */
  key: string;
  name: string;
  /** A stylist no longer on the team whose bookings are in view: named from those bookings. */
  retired: boolean;
}

export const NO_STYLIST = 'no-stylist';

/** What the page calls the columns without a stylist of today's team, in its language. */
export interface ColumnNames {
  /** The column of bookings made before the salon had stylists. */
  noStylist: string;
  /** A retired stylist whose bookings carry no name. */
  formerStylist: string;
}

export const columnKeyOf = (booking: Pick<CalendarEntry, 'staffId'>): string => booking.staffId ?? NO_STYLIST;

/** The statuses the grid draws; a cancelled booking only when asked for (it takes no time). */
export function isShown(booking: Booking, showCancelled: boolean): boolean {
  return showCancelled || booking.status !== 'cancelled';
}

/**
 * The team as it is today, in the Team page's order; then anyone retired who still has bookings
 * in view, by name; then 'No stylist' only when a booking in view has none.
 */
export function calendarColumns(staff: readonly Staff[], bookings: readonly Booking[], names: ColumnNames): CalendarColumn[] {
  const columns: CalendarColumn[] = staff.map((stylist) => ({ key: stylist._id, name: stylist.name, retired: false }));
  const active = new Set(columns.map((column) => column.key));
  const retired = new Map<string, CalendarColumn>();
  let withoutStylist = false;
  for (const booking of bookings) {
    if (booking.staffId === null) withoutStylist = true;
    else if (!active.has(booking.staffId) && !retired.has(booking.staffId)) {
      retired.set(booking.staffId, { key: booking.staffId, name: booking.staffName ?? names.formerStylist, retired: true });
    }
  }
  columns.push(...[...retired.values()].sort((a, b) => a.name.localeCompare(b.name)));
  if (withoutStylist) columns.push({ key: NO_STYLIST, name: names.noStylist, retired: false });
  return columns;
}

const DAY_MINUTES = 24 * 60;

/** Minutes since the start of `date` at an instant, in the salon's zone, kept within that day. */
export function minuteOfDate(instant: string, date: string, timeZone: string): number {
  const zoned = instantToZoned(instant, timeZone);
  if (zoned.date < date) return 0;
  if (zoned.date > date) return DAY_MINUTES;
  return minutesOfDay(zoned.time);
}

/** Until when a booking keeps its stylist: its end, or the end of the buffer after it. */
const busyUntil = (booking: CalendarEntry) => booking.staffFreeAt ?? booking.endsAt;

export interface DayFrame {
  /** The salon's hours that day; null when it is closed (a closed weekday or a closed date). */
  hours: { open: number; close: number } | null;
  /** The grid's first and last minute: the opening hours, widened to whole hours around any booking outside them. */
  start: number;
  end: number;
}

/**
 * The span of a day's grid. Undefined for a closed day without bookings: there is nothing to draw.
 * A booking outside the hours (the hours changed after it was made) still gets its place.
 */
export function dayFrame(settings: Pick<SalonSettings, 'openingHours' | 'closedDates' | 'timeZone'>, date: string, bookings: readonly CalendarEntry[]): DayFrame | undefined {
  const day = isOpenDate(settings, date) ? settings.openingHours[weekdayOfDate(date)] : null;
  const hours = day ? { open: minutesOfDay(day.open), close: minutesOfDay(day.close) } : null;
  let start = hours?.open ?? Infinity;
  let end = hours?.close ?? -Infinity;
  for (const booking of bookings) {
    start = Math.min(start, minuteOfDate(booking.startsAt, date, settings.timeZone));
    end = Math.max(end, minuteOfDate(busyUntil(booking), date, settings.timeZone));
  }
  if (start >= end) return undefined;
  return { hours, start: Math.floor(start / 60) * 60, end: Math.min(DAY_MINUTES, Math.ceil(end / 60) * 60) };
}

/** A booking's place in its column: minutes from the top of the grid, and its lane among overlapping ones. */
export interface PlacedBooking<T extends CalendarEntry = CalendarEntry> {
  booking: T;
  top: number;
  /** The visit itself. */
  length: number;
  /** The stylist's buffer after it (0 when none). */
  buffer: number;
  lane: number;
  lanes: number;
}

/**
 * Places one column's bookings of one day. A stylist's own bookings do not overlap, but the 'No
 * stylist' column (several chairs) and a cancelled booking shown beside its replacement can:
 * those share the width, each in a lane of its own, so none hides another.
 */
export function placeBookings<T extends CalendarEntry>(bookings: readonly T[], date: string, frameStart: number, timeZone: string): PlacedBooking<T>[] {
  const sorted = [...bookings].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || Date.parse(a.endsAt) - Date.parse(b.endsAt));
  const placed: PlacedBooking<T>[] = [];
  // Bookings that overlap one another, directly or through a neighbour, share one set of lanes.
  let group: PlacedBooking<T>[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -Infinity;
  const closeGroup = () => {
    for (const member of group) member.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const booking of sorted) {
    const from = minuteOfDate(booking.startsAt, date, timeZone);
    const to = Math.max(from + 1, minuteOfDate(booking.endsAt, date, timeZone));
    const until = Math.max(to, minuteOfDate(busyUntil(booking), date, timeZone));
    if (from >= groupEnd) closeGroup();
    groupEnd = group.length === 0 ? until : Math.max(groupEnd, until);
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= from);
    if (lane < 0) lane = laneEnds.push(until) - 1;
    else laneEnds[lane] = until;
    const entry: PlacedBooking<T> = { booking, top: from - frameStart, length: to - from, buffer: until - to, lane, lanes: 1 };
    group.push(entry);
    placed.push(entry);
  }
  closeGroup();
  return placed;
}

/** '11:00–12:00', each end written by `time` (the page's: '১১:০০–১২:০০' on a Bangla page). */
export function timeRange(
  booking: Pick<CalendarEntry, 'startsAt' | 'endsAt'>,
  timeZone: string,
  time: (instant: string, timeZone: string) => string,
): string {
  return `${time(booking.startsAt, timeZone)}–${time(booking.endsAt, timeZone)}`;
}

/** The days of a week view: `first` and the six after it. */
export function weekDates(first: string): string[] {
  return Array.from({ length: 7 }, (_, index) => addCalendarDays(first, index));
}
