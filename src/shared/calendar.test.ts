import { describe, expect, it } from 'vitest';
import { DEFAULT_SALON_SETTINGS, type SalonSettings } from './salon-settings.js';
import {
  addCalendarDays,
  bookableDates,
  daysBetween,
  firstOpenDate,
  formatCalendarDate,
  formatSalonDateTime,
  formatSalonTime,
  instantToZoned,
  isOpenDate,
  salonDateOf,
  salonDayStart,
  salonDateTimeParts,
  salonLocalDateTime,
  salonToday,
  timeZoneLabel,
  timesAreInZone,
  wallClockTime,
  weekdayOfDate,
  zonedBoundaryInstant,
  zonedTimeToInstant,
} from './calendar.js';

const dhaka = DEFAULT_SALON_SETTINGS; // Asia/Dhaka, 10:00-20:00, closed Fridays, 2 h notice, 60 days
const at = (iso: string) => new Date(iso);
const TUESDAY = '2026-06-02';

describe('zonedTimeToInstant and instantToZoned', () => {
  it('reads Dhaka wall-clock time as UTC+6', () => {
    expect(zonedTimeToInstant(TUESDAY, '10:00', 'Asia/Dhaka')).toEqual(at('2026-06-02T04:00:00Z'));
    expect(zonedTimeToInstant(TUESDAY, '00:15', 'Asia/Dhaka')).toEqual(at('2026-06-01T18:15:00Z'));
    expect(instantToZoned(at('2026-06-01T18:15:00Z'), 'Asia/Dhaka')).toEqual({
      date: TUESDAY,
      time: '00:15',
      weekday: 2,
    });
  });

  it('has no instant for a time the clock skips', () => {
    expect(zonedTimeToInstant('2026-03-29', '01:00', 'Europe/London')).toBeUndefined();
    expect(zonedTimeToInstant('2026-03-29', '01:45', 'Europe/London')).toBeUndefined();
    expect(zonedTimeToInstant('2026-03-29', '02:00', 'Europe/London')).toEqual(at('2026-03-29T01:00:00Z'));
    expect(zonedTimeToInstant('2026-03-08', '02:30', 'America/New_York')).toBeUndefined();
    expect(zonedTimeToInstant('2026-03-08', '03:00', 'America/New_York')).toEqual(at('2026-03-08T07:00:00Z'));
  });

  it('takes the earlier instant for a time the clock repeats', () => {
    // 01:30 happens at 00:30Z (still BST) and again at 01:30Z (GMT).
    expect(zonedTimeToInstant('2026-10-25', '01:30', 'Europe/London')).toEqual(at('2026-10-25T00:30:00Z'));
    expect(instantToZoned(at('2026-10-25T01:30:00Z'), 'Europe/London').time).toBe('01:30');
    expect(zonedTimeToInstant('2026-11-01', '01:30', 'America/New_York')).toEqual(at('2026-11-01T05:30:00Z'));
  });

  it('round-trips every quarter hour across DST weekends and a date line', () => {
    const cases: [zone: string, from: string][] = [
      ['Asia/Dhaka', '2026-06-01T00:00:00Z'],
      ['Europe/London', '2026-03-28T00:00:00Z'],
      ['Europe/London', '2026-10-24T00:00:00Z'],
      ['America/New_York', '2026-03-07T00:00:00Z'],
      ['Pacific/Kiritimati', '2026-06-01T00:00:00Z'],
    ];
    for (const [zone, from] of cases) {
      for (let step = 0; step < 3 * 96; step += 1) {
        const instant = new Date(at(from).getTime() + step * 15 * 60_000);
        const { date, time } = instantToZoned(instant, zone);
        const back = zonedTimeToInstant(date, time, zone);
        // In the repeated hour the wall time maps back to its first occurrence, one hour earlier.
        const repeated = back && back.getTime() !== instant.getTime();
        if (repeated) expect(instant.getTime() - back.getTime()).toBe(3_600_000);
        else expect(back, `${zone} ${instant.toISOString()}`).toEqual(instant);
      }
    }
  });

  it('refuses malformed dates and times with a RangeError', () => {
    expect(() => zonedTimeToInstant('2026-02-30', '10:00', 'Asia/Dhaka')).toThrow(RangeError);
    expect(() => zonedTimeToInstant('2026/06/02', '10:00', 'Asia/Dhaka')).toThrow(RangeError);
    expect(() => zonedTimeToInstant(TUESDAY, '24:00', 'Asia/Dhaka')).toThrow(RangeError);
    expect(() => zonedTimeToInstant(TUESDAY, '10:00', 'Mars/Olympus')).toThrow(RangeError);
  });
});


describe('salon time', () => {
  // Two zones far apart: whatever zone runs the tests, at most one of them is the runner's, so a
  // formatter that used the browser's zone would fail at least one line.
  it("formats instants on the salon's clock, not the browser's", () => {
    expect(formatSalonDateTime('2026-12-06T04:30:00Z', 'Asia/Dhaka')).toBe('Sun, 6 Dec 2026, 10:30');
    expect(formatSalonDateTime('2026-12-06T15:30:00Z', 'America/New_York')).toBe('Sun, 6 Dec 2026, 10:30');
    expect(formatSalonTime('2026-12-06T04:00:00Z', 'Asia/Dhaka')).toBe('10:00');
    expect(formatSalonTime('2026-12-06T15:00:00Z', 'America/New_York')).toBe('10:00');
    // Midnight reads 00:00, not 24:00.
    expect(formatSalonTime('2026-12-05T18:00:00Z', 'Asia/Dhaka')).toBe('00:00');
  });

  it("splits an instant into the salon's date and time, the halves of formatSalonDateTime", () => {
    // 23:30 in New York on the 5th is already 10:30 on the 6th in Dhaka: the date moves with the zone.
    expect(salonDateTimeParts('2026-12-06T04:30:00Z', 'Asia/Dhaka')).toEqual({ date: 'Sun, 6 Dec 2026', time: '10:30' });
    expect(salonDateTimeParts('2026-12-06T04:30:00Z', 'America/New_York')).toEqual({ date: 'Sat, 5 Dec 2026', time: '23:30' });
    expect(salonDateTimeParts('2026-12-05T18:00:00Z', 'Asia/Dhaka')).toEqual({ date: 'Sun, 6 Dec 2026', time: '00:00' });
  });

  it('names the zone', () => {
    expect(timeZoneLabel('Asia/Dhaka')).toBe('Dhaka time (Asia/Dhaka)');
    expect(timeZoneLabel('America/New_York')).toBe('New York time (America/New_York)');
    expect(timeZoneLabel('UTC')).toBe('UTC');
    expect(timesAreInZone('Asia/Dhaka')).toBe('Times are in Dhaka time (Asia/Dhaka)');
  });

  it("knows 'today' in the salon, which may not be the browser's today", () => {
    // 20:30 UTC on the 5th is already 02:30 on the 6th in Dhaka.
    const now = Date.parse('2026-12-05T20:30:00Z');
    expect(salonToday('Asia/Dhaka', now)).toBe('2026-12-06');
    expect(salonToday('America/New_York', now)).toBe('2026-12-05');
  });

  it('does calendar arithmetic on plain dates', () => {
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(weekdayOfDate('2026-12-06')).toBe(0);
    expect(weekdayOfDate('2026-12-11')).toBe(5);
    expect(formatCalendarDate('2026-12-06')).toBe('Sun, 6 Dec 2026');
  });

  it('offers dates from the minimum notice to the horizon', () => {
    // Sat 5 Dec, 12:00 in Dhaka: two hours' notice keeps it on the 5th; 60 days ahead is 3 Feb.
    expect(bookableDates(dhaka, Date.parse('2026-12-05T06:00:00Z'))).toEqual({ min: '2026-12-05', max: '2027-02-03' });
    // 23:00 in Dhaka: the notice runs into the next day.
    expect(bookableDates(dhaka, Date.parse('2026-12-05T17:00:00Z')).min).toBe('2026-12-06');
  });

  it('opens the picker on the first day that can still take a visit', () => {
    // Saturday noon: today.
    expect(firstOpenDate(dhaka, Date.parse('2026-12-05T06:00:00Z'))).toBe('2026-12-05');
    // Saturday 19:00: with two hours' notice nothing is left before closing, so Sunday.
    expect(firstOpenDate(dhaka, Date.parse('2026-12-05T13:00:00Z'))).toBe('2026-12-06');
    // Thursday 19:00: Friday is closed, so Saturday.
    expect(firstOpenDate(dhaka, Date.parse('2026-12-10T13:00:00Z'))).toBe('2026-12-12');
    // A closed date is skipped too.
    const holiday: SalonSettings = { ...dhaka, closedDates: ['2026-12-12'] };
    expect(isOpenDate(holiday, '2026-12-12')).toBe(false);
    expect(firstOpenDate(holiday, Date.parse('2026-12-10T13:00:00Z'))).toBe('2026-12-13');
    // Nothing open at all.
    expect(firstOpenDate({ ...dhaka, openingHours: [null, null, null, null, null, null, null] }, Date.now())).toBeUndefined();
  });
});

describe('the calendar across daylight-saving changes', () => {
  it('resolves an opening time the clock skips to the moment of the jump', () => {
    // London springs from 01:00 to 02:00 GMT (01:00Z) on 29 March 2026; New York from 02:00 to 03:00 EST (07:00Z) on 8 March.
    expect(zonedBoundaryInstant('2026-03-29', '01:30', 'Europe/London')).toEqual(at('2026-03-29T01:00:00Z'));
    expect(zonedBoundaryInstant('2026-03-08', '02:30', 'America/New_York')).toEqual(at('2026-03-08T07:00:00Z'));
    // A time that exists is itself; a repeated one is its first occurrence.
    expect(zonedBoundaryInstant('2026-03-29', '02:30', 'Europe/London')).toEqual(at('2026-03-29T01:30:00Z'));
    expect(zonedBoundaryInstant('2026-11-01', '01:30', 'America/New_York')).toEqual(at('2026-11-01T05:30:00Z'));
    expect(zonedBoundaryInstant(TUESDAY, '10:00', 'Asia/Dhaka')).toEqual(at('2026-06-02T04:00:00Z'));
  });

  it("starts a salon day at its midnight, or at the first minute that exists when midnight is skipped", () => {
    expect(salonDayStart(TUESDAY, 'Asia/Dhaka')).toEqual(at('2026-06-01T18:00:00Z'));
    // Both DST days in London and New York still have a midnight, at the old offset.
    expect(salonDayStart('2026-03-29', 'Europe/London')).toEqual(at('2026-03-29T00:00:00Z'));
    expect(salonDayStart('2026-10-25', 'Europe/London')).toEqual(at('2026-10-24T23:00:00Z'));
    expect(salonDayStart('2026-03-08', 'America/New_York')).toEqual(at('2026-03-08T05:00:00Z'));
    expect(salonDayStart('2026-11-01', 'America/New_York')).toEqual(at('2026-11-01T04:00:00Z'));
    // Santiago skips from 23:59 to 01:00 on 6 September 2026: that day starts at 01:00 (04:00Z).
    expect(salonDayStart('2026-09-06', 'America/Santiago')).toEqual(at('2026-09-06T04:00:00Z'));
  });

  it('gives a 23-hour and a 25-hour day their true lengths, while adding days never moves the date', () => {
    const hours = (date: string, zone: string) =>
      (salonDayStart(addCalendarDays(date, 1), zone).getTime() - salonDayStart(date, zone).getTime()) / 3_600_000;
    expect(hours('2026-03-29', 'Europe/London')).toBe(23);
    expect(hours('2026-10-25', 'Europe/London')).toBe(25);
    expect(hours('2026-03-08', 'America/New_York')).toBe(23);
    expect(hours('2026-11-01', 'America/New_York')).toBe(25);
    expect(hours(TUESDAY, 'Asia/Dhaka')).toBe(24);
    expect(addCalendarDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addCalendarDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
    expect(daysBetween('2028-03-01', '2028-02-28')).toBe(-2);
  });

  it('reads the date and time on the salon clock on both sides of a change', () => {
    // 23:30Z on 28 March is 23:30 GMT; 23:30Z on 29 March is already 00:30 BST on the 30th.
    expect(instantToZoned(at('2026-03-28T23:30:00Z'), 'Europe/London')).toEqual({ date: '2026-03-28', time: '23:30', weekday: 6 });
    expect(instantToZoned(at('2026-03-29T23:30:00Z'), 'Europe/London')).toEqual({ date: '2026-03-30', time: '00:30', weekday: 1 });
    expect(salonDateOf('2026-11-01T04:30:00Z', 'America/New_York')).toBe('2026-11-01');
    expect(salonDateOf('2026-11-01T03:30:00Z', 'America/New_York')).toBe('2026-10-31');
    // The repeated hour: two instants, one wall-clock reading.
    expect(formatSalonTime('2026-11-01T05:30:00Z', 'America/New_York')).toBe('01:30');
    expect(formatSalonTime('2026-11-01T06:30:00Z', 'America/New_York')).toBe('01:30');
    expect(formatSalonDateTime('2026-07-01T09:00:00Z', 'Europe/London')).toBe('Wed, 1 Jul 2026, 10:00');
    expect(formatSalonDateTime('2026-12-01T09:00:00Z', 'Europe/London')).toBe('Tue, 1 Dec 2026, 09:00');
    expect(salonLocalDateTime('2026-06-01T18:15:00Z', 'Asia/Dhaka')).toBe('2026-06-02 00:15');
  });

  it('offers dates by the salon calendar in a zone that changes its clocks', () => {
    // 23:30 EST on 7 March in New York (04:30Z on the 8th): the notice and the horizon count from the 7th there.
    const newYork = { ...dhaka, timeZone: 'America/New_York' };
    expect(bookableDates(newYork, Date.parse('2026-03-08T04:30:00Z'))).toEqual({ min: '2026-03-08', max: '2026-05-06' });
  });
});

describe('calendar helpers on bad input', () => {
  it('refuses malformed dates and instants with a RangeError rather than answering NaN', () => {
    expect(() => addCalendarDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => weekdayOfDate('')).toThrow(RangeError);
    expect(() => formatCalendarDate('6 Dec 2026')).toThrow(RangeError);
    expect(() => instantToZoned(new Date(Number.NaN), 'Asia/Dhaka')).toThrow(RangeError);
    expect(() => salonDateOf('not a time', 'Asia/Dhaka')).toThrow(RangeError);
  });

  it('writes minutes since midnight as a wall-clock time', () => {
    expect(wallClockTime(0)).toBe('00:00');
    expect(wallClockTime(10 * 60 + 5)).toBe('10:05');
    expect(wallClockTime(23 * 60 + 59)).toBe('23:59');
  });
});
