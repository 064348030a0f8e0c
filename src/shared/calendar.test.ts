import { describe, expect, it } from 'vitest';
import { DEFAULT_SALON_SETTINGS, type SalonSettings } from '../../shared/salon-settings';
import {
  addCalendarDays,
  bookableDates,
  describeCountdown,
  firstOpenDate,
  formatCalendarDate,
  formatCountdown,
  formatSalonDateTime,
  formatSalonTime,
  isOpenDate,
  salonDateTimeParts,
  salonToday,
  timeZoneLabel,
  timesAreInZone,
  weekdayOfDate,
} from './salon-time';

const dhaka = DEFAULT_SALON_SETTINGS; // Asia/Dhaka, 10:00-20:00, closed Fridays, 2 h notice, 60 days

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

  it('formats the hold countdown for the eye and for screen readers', () => {
    expect(formatCountdown(581_000)).toBe('9:41');
    expect(formatCountdown(600_000)).toBe('10:00');
    // Rounded up, so the last second shows 0:01 rather than 0:00 while the hold still stands.
    expect(formatCountdown(400)).toBe('0:01');
    expect(formatCountdown(-5_000)).toBe('0:00');
    expect(describeCountdown(581_000)).toBe('9 minutes 41 seconds');
    expect(describeCountdown(61_000)).toBe('1 minute 1 second');
    expect(describeCountdown(5_000)).toBe('5 seconds');
  });
});
