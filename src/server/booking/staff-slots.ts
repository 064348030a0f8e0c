import { minutesOfDay, type SalonSettings } from '../../shared/salon-settings.js';
import {
  addCalendarDays,
  instantToZoned,
  salonDayStart,
  wallClockTime,
  weekdayOfDate,
  zonedBoundaryInstant,
  zonedTimeToInstant,
} from '../../shared/calendar.js';
import { bookingRules, type SlotRejection, type TimeInterval } from './slots.js';

/**
 * Appointment times with stylists, as pure as slots.ts (no database, no clock): the salon's rules
 * (hours, closed dates, grid, notice, horizon) still bound every start, and on top of them each
 * start lists the stylists free for the whole visit while a chair is free.
 *
 * Two resources, held for different spans:
 * - a chair (settings.capacity of them, the old 'clients at once') for the visit itself;
 * - the stylist for the visit plus the service's buffer after it (cleaning up, mixing colour),
 *   during which the customer has left and the chair is free again.
 *
 * The work for one day is done once: the taken intervals are filtered to the day and sorted, each
 * stylist gets her busy, off and working spans as sorted arrays searched by bisection, and the
 * chairs a step function. A candidate start then costs a few binary searches per stylist, so
 * a week of bookings is read once per call, never once per candidate.
 */

const MINUTE = 60_000;

/** A span of a working day in salon wall-clock time, 'HH:MM'-'HH:MM'. */
export interface ShiftSpan {
  start: string;
  end: string;
}

export interface Stylist {
  /** Unique among the stylists passed in. */
  id: string;
  name: string;
  /**
   * Seven entries indexed like openingHours (0 = Sunday); each the spans she works that weekday.
   * Breaks are the gaps between spans; an empty list is a day off.
   */
  weeklyHours: readonly (readonly ShiftSpan[])[];
  /** Holidays, appointments of her own: instant ranges, whole days or a few hours. */
  timeOff?: readonly TimeInterval[];
  /** The services she performs, with her own duration where she is faster or slower. */
  services: readonly { serviceId: string; durationMinutes?: number | null }[];
}

export interface ServiceTiming {
  id: string;
  durationMinutes: number;
  /** Minutes after the visit that still block the stylist (not the chair). */
  bufferMinutes?: number;
}

/** A visit already booked or held: the chair from startsAt to endsAt, its stylist until staffFreeAt. */
export interface TakenInterval extends TimeInterval {
  /** null or absent: a booking from before stylists, which takes a chair only. */
  staffId?: string | null;
  /** endsAt plus the service's buffer; endsAt when absent. */
  staffFreeAt?: Date;
}

export interface StaffSlotRequest {
  settings: SalonSettings;
  service: ServiceTiming;
  stylists: readonly Stylist[];
  /** The current instant; passed in so the rules are deterministic. */
  now: Date;
  taken?: readonly TakenInterval[];
  /** The customer's own other appointments: she cannot be in two chairs at once. */
  own?: readonly TimeInterval[];
}

export interface StaffSlot {
  startsAt: Date;
  /** Ids of the stylists free for this start, in the order of `stylists`. */
  staff: string[];
}

export type StaffSlotRejection = SlotRejection | 'not-qualified' | 'staff-off' | 'staff-busy';

export type StaffStartCheck = { ok: true; staff: string[] } | { ok: false; reason: StaffSlotRejection };

/**
 * The order a stylist's checks run in. When nobody is free for 'any stylist', the reason given is
 * the one of the stylist who got furthest: "that stylist is busy" says more than "another
 * stylist does not do this service".
 */
const CHECK_ORDER: readonly StaffSlotRejection[] = [
  'not-qualified',
  'closed',
  'off-grid',
  'outside-hours',
  'too-soon',
  'too-far',
  'staff-off',
  'staff-busy',
  'full',
  'overlaps-own',
];

// --- sorted spans ---------------------------------------------------------------------------

type Span = readonly [start: number, end: number];

/** Sorted, with overlapping and touching spans joined, so ends ascend too. Empty spans are dropped. */
function mergeSpans(spans: Span[]): Span[] {
  spans.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of spans) {
    if (start >= end) continue;
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** Index of the first merged span whose end is after `at` (spans.length when none). */
function firstEndingAfter(spans: readonly Span[], at: number): number {
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (spans[middle]![1] > at) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Whether half-open [start, end) meets any of the merged spans. */
function overlapsAny(spans: readonly Span[], start: number, end: number): boolean {
  const span = spans[firstEndingAfter(spans, start)];
  return span !== undefined && span[0] < end;
}

/** Whether one merged span holds all of [start, end). */
function coveredBy(spans: readonly Span[], start: number, end: number): boolean {
  const span = spans[firstEndingAfter(spans, start)];
  return span !== undefined && span[0] <= start && end <= span[1];
}

/**
 * Chairs in use over time: `times[i]` is when the count becomes `counts[i]` (0 before the first).
 * The most chairs taken during [start, end) is the largest count of the step containing start
 * and of every step that begins inside the window.
 */
function chairSteps(visits: readonly Span[]): { times: number[]; counts: number[] } {
  const events: [number, number][] = [];
  for (const [start, end] of visits) if (start < end) events.push([start, 1], [end, -1]);
  // At equal times the end goes first: half-open intervals that touch do not overlap.
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const times: number[] = [];
  const counts: number[] = [];
  let current = 0;
  for (const [time, delta] of events) {
    current += delta;
    if (times.at(-1) === time) counts[counts.length - 1] = current;
    else {
      times.push(time);
      counts.push(current);
    }
  }
  return { times, counts };
}

function maxChairs({ times, counts }: { times: number[]; counts: number[] }, start: number, end: number): number {
  // The last step at or before start.
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (times[middle]! <= start) low = middle + 1;
    else high = middle;
  }
  let max = low > 0 ? counts[low - 1]! : 0;
  for (let i = low; i < times.length && times[i]! < end; i++) max = Math.max(max, counts[i]!);
  return max;
}

// --- one salon day --------------------------------------------------------------------------

interface StylistDay {
  stylist: Stylist;
  /** Her minutes for this service; undefined when she does not perform it. */
  durationMinutes: number | undefined;
  working: Span[];
  off: Span[];
  busy: Span[];
}

/**
 * Everything the checks of one salon-local date need, computed once. Intervals far from the day
 * are dropped first; that filter is the only pass over the whole list.
 */
function dayContext(request: StaffSlotRequest, date: string) {
  const { settings, service, stylists, now, taken = [], own = [] } = request;
  const { timeZone } = settings;
  // Malformed figures are the caller's bug, refused loudly as slots.ts does, never a silent 'none'.
  assertMinutes('bufferMinutes', service.bufferMinutes ?? 0, 0);
  assertMinutes('durationMinutes', service.durationMinutes, 1);
  for (const stylist of stylists) {
    for (const offer of stylist.services) {
      if (offer.durationMinutes != null) assertMinutes(`${stylist.id}'s durationMinutes`, offer.durationMinutes, 1);
    }
  }
  const bufferMs = (service.bufferMinutes ?? 0) * MINUTE;
  // The whole salon day, generously: a visit and its buffer lie within it on any date the salon
  // opens. Computed from the calendar so a 23- or 25-hour day is right.
  const from = salonDayStart(date, timeZone).getTime();
  const to = salonDayStart(addCalendarDays(date, 1), timeZone).getTime() + bufferMs;
  const near = (start: number, end: number) => start < to && end > from;

  const chairVisits: Span[] = [];
  const busyByStylist = new Map<string, Span[]>();
  for (const visit of taken) {
    const start = visit.startsAt.getTime();
    const end = visit.endsAt.getTime();
    const staffEnd = Math.max(end, visit.staffFreeAt?.getTime() ?? end);
    if (!near(start, staffEnd)) continue;
    chairVisits.push([start, end]);
    if (visit.staffId != null) {
      let busy = busyByStylist.get(visit.staffId);
      if (!busy) busyByStylist.set(visit.staffId, (busy = []));
      busy.push([start, staffEnd]);
    }
  }
  const chairs = chairSteps(chairVisits);
  const ownSpans = mergeSpans(own.map((v): Span => [v.startsAt.getTime(), v.endsAt.getTime()]).filter(([s, e]) => near(s, e)));

  const byId = new Map<string, StylistDay>();
  for (const stylist of stylists) {
    const offer = stylist.services.find((s) => s.serviceId === service.id);
    const durationMinutes = offer ? (offer.durationMinutes ?? service.durationMinutes) : undefined;
    byId.set(stylist.id, {
      stylist,
      durationMinutes,
      working: workingSpans(stylist.weeklyHours, date, timeZone),
      // A year of holidays is read once here and only that day's kept.
      off: mergeSpans((stylist.timeOff ?? []).map((v): Span => [v.startsAt.getTime(), v.endsAt.getTime()]).filter(([s, e]) => near(s, e))),
      busy: mergeSpans(busyByStylist.get(stylist.id) ?? []),
    });
  }

  // The salon's rules, run once per start whatever the stylists' durations: only 'outside-hours'
  // depends on the length of the visit, and only through the closing time, so the rules run for
  // a one-minute visit and the closing time is compared here. (Their own order is closed,
  // off-grid, outside-hours, too-soon, too-far; a later close check keeps it.) Every start
  // checked in this context lies on `date`: the callers make it so.
  const rules = bookingRules({ settings, durationMinutes: 1, now });
  const close = rules.hoursOn(date)?.close ?? -Infinity;
  const salonAnswers = new Map<number, SlotRejection | null>();
  function salonRejection(startsAt: Date, durationMinutes: number, onGrid: boolean): SlotRejection | null {
    const start = startsAt.getTime();
    // Grid and off-grid answers differ only in 'off-grid'; keep them apart (starts are >= 0).
    const key = onGrid ? start : -start - 1;
    let answer = salonAnswers.get(key);
    if (answer === undefined) {
      const result = rules.check(startsAt, { onGrid });
      answer = result.ok ? null : result.reason;
      salonAnswers.set(key, answer);
    }
    if (answer === 'closed' || answer === 'off-grid' || answer === 'outside-hours') return answer;
    if (start + durationMinutes * MINUTE > close) return 'outside-hours';
    return answer;
  }

  /** Why `stylistId` cannot take the visit at startsAt, or null when she can. */
  function rejection(startsAt: Date, day: StylistDay, onGrid: boolean): StaffSlotRejection | null {
    if (day.durationMinutes === undefined) return 'not-qualified';
    const salon = salonRejection(startsAt, day.durationMinutes, onGrid);
    if (salon) return salon;
    const start = startsAt.getTime();
    // Elapsed time, never wall-clock arithmetic: the visit is the same length on a DST night.
    const end = start + day.durationMinutes * MINUTE;
    if (!coveredBy(day.working, start, end) || overlapsAny(day.off, start, end)) return 'staff-off';
    if (overlapsAny(day.busy, start, end + bufferMs)) return 'staff-busy';
    if (maxChairs(chairs, start, end) >= settings.capacity) return 'full';
    if (overlapsAny(ownSpans, start, end)) return 'overlaps-own';
    return null;
  }

  /** The stylists free at startsAt (only `staffId` when given), or the furthest reason none is. */
  function check(startsAt: Date, staffId: string | null | undefined, onGrid: boolean): StaffStartCheck {
    const candidates = staffId == null ? [...byId.values()] : [byId.get(staffId)].filter((d) => d !== undefined);
    const staff: string[] = [];
    let reason: StaffSlotRejection = 'not-qualified';
    for (const day of candidates) {
      const rejected = rejection(startsAt, day, onGrid);
      if (rejected === null) staff.push(day.stylist.id);
      else if (CHECK_ORDER.indexOf(rejected) > CHECK_ORDER.indexOf(reason)) reason = rejected;
    }
    return staff.length > 0 ? { ok: true, staff } : { ok: false, reason };
  }

  return { check, byId };
}

function assertMinutes(name: string, value: number, min: number): void {
  if (!Number.isInteger(value) || value < min) {
    throw new RangeError(`${name} must be a whole number of minutes, at least ${min}, got ${value}`);
  }
}

function assertDate(date: string): void {
  // Throws RangeError for a malformed date before any work.
  weekdayOfDate(date);
}

// --- the public functions -------------------------------------------------------------------

/**
 * Start instants on a salon-local `date` for one service, each with the stylists free for it,
 * ascending. Candidates are the salon's wall-clock grid (as availableSlots); a start is offered
 * when at least one stylist (only `staffId` when given) is qualified, working the whole visit at
 * her duration, not off, not in another visit or its buffer, with a chair free throughout.
 */
export function staffSlots(request: StaffSlotRequest & { date: string; staffId?: string | null }): StaffSlot[] {
  const { settings, date } = request;
  assertDate(date);
  const openingHours = settings.openingHours[weekdayOfDate(date)];
  if (!openingHours || settings.closedDates.includes(date)) return [];
  const context = dayContext(request, date);
  // The same candidates as availableSlots: the wall-clock grid from opening, each wall time that
  // exists that day once (the salon rules refuse a repeated one as off the grid).
  const slots: StaffSlot[] = [];
  for (let minute = minutesOfDay(openingHours.open); minute < minutesOfDay(openingHours.close); minute += settings.slotMinutes) {
    const startsAt = zonedTimeToInstant(date, wallClockTime(minute), settings.timeZone);
    if (!startsAt) continue;
    const result = context.check(startsAt, request.staffId, true);
    if (result.ok) slots.push({ startsAt, staff: result.staff });
  }
  return slots.sort((x, y) => x.startsAt.getTime() - y.startsAt.getTime());
}

/**
 * Whether the visit can start at `startsAt` with `staffId` (null: any stylist), by exactly the
 * rules staffSlots offers with. On success, the stylists free (just hers when named).
 */
export function checkStaffStart(request: StaffSlotRequest & { startsAt: Date; staffId: string | null }): StaffStartCheck {
  const date = instantToZoned(request.startsAt, request.settings.timeZone).date;
  return dayContext(request, date).check(request.startsAt, request.staffId, true);
}

/**
 * For 'any stylist': of those free (`free`, e.g. a StaffSlot's staff), the one with the fewest
 * minutes of visits on that salon-local date, so the work spreads evenly; ties go to the first by
 * name, then id, so the choice is the same every time. Undefined when nobody is free.
 */
export function chooseStylist({
  stylists,
  taken = [],
  date,
  timeZone,
  free,
}: {
  stylists: readonly Stylist[];
  taken?: readonly TakenInterval[];
  date: string;
  timeZone: string;
  free: readonly string[];
}): string | undefined {
  const dayStart = salonDayStart(date, timeZone).getTime();
  const dayEnd = salonDayStart(addCalendarDays(date, 1), timeZone).getTime();
  const minutes = new Map<string, number>(free.map((id) => [id, 0]));
  for (const visit of taken) {
    if (visit.staffId == null || !minutes.has(visit.staffId)) continue;
    // Only the part of the visit (not the buffer) that falls on that day counts.
    const overlap = Math.min(visit.endsAt.getTime(), dayEnd) - Math.max(visit.startsAt.getTime(), dayStart);
    if (overlap > 0) minutes.set(visit.staffId, minutes.get(visit.staffId)! + overlap / MINUTE);
  }
  const candidates = stylists.filter((s) => minutes.has(s.id));
  candidates.sort(
    (a, b) =>
      minutes.get(a.id)! - minutes.get(b.id)! ||
      compareText(a.name, b.name) ||
      compareText(a.id, b.id),
  );
  return candidates[0]?.id;
}

/** Code-unit order: the same on every machine, unlike a locale's collation. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Her working spans on one salon date as instants, breaks as the gaps: wall-clock promises like
 * the salon's hours (a shift from a time the clock skips begins at the jump).
 */
function workingSpans(weeklyHours: readonly (readonly ShiftSpan[])[], date: string, timeZone: string): Span[] {
  return mergeSpans(
    (weeklyHours[weekdayOfDate(date)] ?? []).map((s): Span => [
      zonedBoundaryInstant(date, s.start, timeZone).getTime(),
      zonedBoundaryInstant(date, s.end, timeZone).getTime(),
    ]),
  );
}

/**
 * Whether a visit lies inside these weekly hours, by the rule a hold is checked with: the visit
 * (not its buffer) within one span of the day it starts. A change of her hours keeps every open
 * booking inside them (repositories/staff.ts replaceWeeklyHours).
 */
export function insideHours(weeklyHours: readonly (readonly ShiftSpan[])[], visit: TimeInterval, timeZone: string): boolean {
  const date = instantToZoned(visit.startsAt, timeZone).date;
  return coveredBy(workingSpans(weeklyHours, date, timeZone), visit.startsAt.getTime(), visit.endsAt.getTime());
}

/** The first item of a back-to-back pair, as chosen: its visit and stylist. */
export interface FirstItem {
  startsAt: Date;
  endsAt: Date;
  staffId: string | null;
  /** endsAt plus the first service's buffer, when it has one. */
  staffFreeAt?: Date;
}

/**
 * The second of two services booked back to back: it starts exactly when the first ends (off the
 * grid if the first's duration puts it there), with the same stylist or another. The first item
 * counts as taken (its stylist, buffer included, and its chair) and as one of the customer's own
 * visits. The answer is that one start with the stylists free for it, or nothing.
 */
export function backToBackSlots(request: StaffSlotRequest & { first: FirstItem; staffId?: string | null }): StaffSlot[] {
  const startsAt = request.first.endsAt;
  const result = checkBackToBack({ ...request, startsAt, staffId: request.staffId ?? null });
  return result.ok ? [{ startsAt, staff: result.staff }] : [];
}

/** checkStaffStart for the second item of a back-to-back pair (the start need not be on the grid). */
export function checkBackToBack(
  request: StaffSlotRequest & { first: FirstItem; startsAt: Date; staffId: string | null },
): StaffStartCheck {
  const { first } = request;
  const withFirst: StaffSlotRequest = {
    ...request,
    taken: [...(request.taken ?? []), first],
    own: [...(request.own ?? []), { startsAt: first.startsAt, endsAt: first.endsAt }],
  };
  if (request.startsAt.getTime() !== first.endsAt.getTime()) {
    // Back to back means no gap and no overlap: any other start is not this booking.
    return { ok: false, reason: 'off-grid' };
  }
  const date = instantToZoned(request.startsAt, request.settings.timeZone).date;
  return dayContext(withFirst, date).check(request.startsAt, request.staffId, false);
}
