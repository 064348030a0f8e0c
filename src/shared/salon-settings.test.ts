import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SALON_SETTINGS,
  SLOT_LENGTH_MESSAGE,
  SLOT_MINUTE_OPTIONS,
  WEEKDAY_NAMES,
  isCalendarDate,
  salonSettingsSchema,
  type SalonSettings,
} from './salon-settings.js';

/** The issues of a parse as `path: message` lines, the way the settings form would place them. */
function issuesOf(input: unknown): string[] {
  const result = salonSettingsSchema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

function withChange(change: Partial<Record<keyof SalonSettings, unknown>>): unknown {
  return { ...DEFAULT_SALON_SETTINGS, ...change };
}

describe('salonSettingsSchema', () => {
  it('says the slot lengths it takes (the message is a catalogue key, written out): the same as SLOT_MINUTE_OPTIONS', () => {
    expect(SLOT_LENGTH_MESSAGE).toBe(`Slot length must be one of ${SLOT_MINUTE_OPTIONS.join(', ')} minutes`);
  });

  it('accepts the seeded defaults unchanged', () => {
    expect(salonSettingsSchema.parse(DEFAULT_SALON_SETTINGS)).toEqual(DEFAULT_SALON_SETTINGS);
  });

  it('seeds a Dhaka salon open 10:00-20:00 except on Friday', () => {
    expect(DEFAULT_SALON_SETTINGS.timeZone).toBe('Asia/Dhaka');
    const closed = DEFAULT_SALON_SETTINGS.openingHours.flatMap((hours, day) => (hours ? [] : [WEEKDAY_NAMES[day]]));
    expect(closed).toEqual(['Friday']);
    expect(DEFAULT_SALON_SETTINGS.openingHours[6]).toEqual({ open: '10:00', close: '20:00' });
    expect(DEFAULT_SALON_SETTINGS).toMatchObject({
      capacity: 3,
      slotMinutes: 15,
      minNoticeMinutes: 120,
      horizonDays: 60,
      holdMinutes: 10,
      cancelNoticeHours: 24,
    });
  });

  it('rejects a time zone Intl does not know', () => {
    expect(issuesOf(withChange({ timeZone: 'Asia/Atlantis' }))).toEqual(['timeZone: Unknown time zone']);
    expect(issuesOf(withChange({ timeZone: '' }))).toEqual(['timeZone: Time zone is required']);
  });

  it('accepts other IANA zones', () => {
    expect(issuesOf(withChange({ timeZone: 'Europe/London' }))).toEqual([]);
  });

  it('rejects a closing time that is not after the opening time, on that field', () => {
    const openingHours = [...DEFAULT_SALON_SETTINGS.openingHours];
    openingHours[1] = { open: '18:00', close: '09:00' };
    openingHours[2] = { open: '10:00', close: '10:00' };
    expect(issuesOf(withChange({ openingHours }))).toEqual([
      'openingHours.1.close: Closing time must be after opening time',
      'openingHours.2.close: Closing time must be after opening time',
    ]);
  });

  it('rejects malformed times with a message per field', () => {
    const openingHours = [...DEFAULT_SALON_SETTINGS.openingHours];
    openingHours[0] = { open: '9:00', close: '24:00' };
    expect(issuesOf(withChange({ openingHours }))).toEqual([
      'openingHours.0.open: Opening time must be a time between 00:00 and 23:59',
      'openingHours.0.close: Closing time must be a time between 00:00 and 23:59',
    ]);
  });

  it('needs exactly seven days of opening hours', () => {
    expect(issuesOf(withChange({ openingHours: DEFAULT_SALON_SETTINGS.openingHours.slice(0, 6) }))).toEqual([
      'openingHours: Opening hours need one entry for each day of the week',
    ]);
  });

  it('rejects impossible and repeated closed dates, pointing at the entry', () => {
    expect(issuesOf(withChange({ closedDates: ['2026-02-30'] }))).toEqual([
      'closedDates.0: Enter a real date as YYYY-MM-DD',
    ]);
    expect(issuesOf(withChange({ closedDates: ['26-12-16'] }))).toEqual([
      'closedDates.0: Enter a real date as YYYY-MM-DD',
    ]);
    expect(issuesOf(withChange({ closedDates: ['2026-12-16', '2026-03-26', '2026-12-16'] }))).toEqual([
      'closedDates.2: 2026-12-16 is listed more than once',
    ]);
    expect(issuesOf(withChange({ closedDates: ['2028-02-29', '2026-12-16'] }))).toEqual([]);
  });

  it('rejects a capacity of 0, a fraction or more than 50', () => {
    expect(issuesOf(withChange({ capacity: 0 }))).toEqual([
      'capacity: Clients served at once must be between 1 and 50',
    ]);
    expect(issuesOf(withChange({ capacity: 2.5 }))).toEqual(['capacity: Clients served at once must be a whole number']);
    expect(issuesOf(withChange({ capacity: 51 }))).toEqual([
      'capacity: Clients served at once must be between 1 and 50',
    ]);
    expect(issuesOf(withChange({ capacity: undefined }))).toEqual(['capacity: Clients served at once is required']);
  });

  it('allows only slot lengths that divide an hour', () => {
    expect(issuesOf(withChange({ slotMinutes: 30 }))).toEqual([]);
    expect(issuesOf(withChange({ slotMinutes: 25 }))).toEqual([
      'slotMinutes: Slot length must be one of 5, 10, 15, 20, 30, 60 minutes',
    ]);
  });

  it('checks the ranges of notice, horizon, hold and cancellation notice', () => {
    expect(
      issuesOf(
        withChange({ minNoticeMinutes: -1, horizonDays: 366, holdMinutes: 0, cancelNoticeHours: 721 }),
      ),
    ).toEqual([
      'minNoticeMinutes: Minimum notice must be between 0 and 10080 minutes',
      'horizonDays: Booking horizon must be between 1 and 365 days',
      'holdMinutes: Hold time must be between 1 and 60 minutes',
      'cancelNoticeHours: Cancellation notice must be between 0 and 720 hours',
    ]);
    expect(issuesOf(withChange({ minNoticeMinutes: 0, cancelNoticeHours: 0 }))).toEqual([]);
  });
});

describe('isCalendarDate', () => {
  it('knows month lengths and leap years', () => {
    expect(isCalendarDate('2026-01-31')).toBe(true);
    expect(isCalendarDate('2026-04-31')).toBe(false);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2100-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-00-10')).toBe(false);
    expect(isCalendarDate('2026-1-5')).toBe(false);
  });
});
