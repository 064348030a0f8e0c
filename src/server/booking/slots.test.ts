import { describe, expect, it } from 'vitest';
import { DEFAULT_SALON_SETTINGS, type SalonSettings } from '../../shared/salon-settings.js';
import { instantToZoned } from '../../shared/calendar.js';
import { availableSlots, checkStart, maxConcurrent, occupancyCells, type TimeInterval } from './slots.js';

const at = (iso: string) => new Date(iso);
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const interval = (startsAt: string, endsAt: string): TimeInterval => ({ startsAt: at(startsAt), endsAt: at(endsAt) });

// Monday 2026-06-01 00:00Z is 06:00 in Dhaka; Tuesday 2026-06-02 is the day most tests book.
const NOW = at('2026-06-01T00:00:00Z');
const TUESDAY = '2026-06-02';
const FRIDAY = '2026-06-05';

function settings(change: Partial<SalonSettings> = {}): SalonSettings {
  return { ...DEFAULT_SALON_SETTINGS, ...change };
}

/** Every day open the same hours, for the DST cases where the weekday does not matter. */
function everyDay(open: string, close: string, change: Partial<SalonSettings> = {}): SalonSettings {
  return settings({ openingHours: Array.from({ length: 7 }, () => ({ open, close })), ...change });
}

describe('availableSlots input', () => {
  it('refuses a malformed date with a RangeError', () => {
    expect(() => availableSlots({ settings: settings(), date: '2026-6-2', durationMinutes: 60, now: NOW, occupied: [] })).toThrow(
      RangeError,
    );
  });
});

describe('maxConcurrent', () => {
  const window = interval('2026-06-02T04:00:00Z', '2026-06-02T06:00:00Z');

  it('counts the most intervals present at one instant, not all that touch the window', () => {
    const staggered = [
      interval('2026-06-02T03:00:00Z', '2026-06-02T04:30:00Z'),
      interval('2026-06-02T04:30:00Z', '2026-06-02T05:30:00Z'),
      interval('2026-06-02T04:00:00Z', '2026-06-02T05:00:00Z'),
    ];
    expect(maxConcurrent(staggered, window)).toBe(2);
    expect(maxConcurrent([...staggered, interval('2026-06-02T04:45:00Z', '2026-06-02T04:50:00Z')], window)).toBe(3);
  });

  it('treats intervals as half-open and ignores what lies outside the window', () => {
    const touching = [
      interval('2026-06-02T03:00:00Z', '2026-06-02T04:00:00Z'), // ends as the window starts
      interval('2026-06-02T06:00:00Z', '2026-06-02T07:00:00Z'), // starts as the window ends
      interval('2026-06-02T05:00:00Z', '2026-06-02T05:30:00Z'),
      interval('2026-06-02T05:30:00Z', '2026-06-02T06:00:00Z'), // back to back with the previous
    ];
    expect(maxConcurrent(touching, window)).toBe(1);
    expect(maxConcurrent([], window)).toBe(0);
  });
});

describe('availableSlots in Dhaka with the default settings', () => {
  const slots = (change: Partial<Parameters<typeof availableSlots>[0]> = {}) =>
    availableSlots({ settings: settings(), date: TUESDAY, durationMinutes: 60, now: NOW, occupied: [], ...change });

  it('offers every quarter hour from 10:00 to the last start that ends by 20:00', () => {
    const result = slots();
    expect(result[0]).toEqual(at('2026-06-02T04:00:00Z')); // 10:00 in Dhaka
    expect(result.at(-1)).toEqual(at('2026-06-02T13:00:00Z')); // 19:00, ends at 20:00
    expect(result).toHaveLength(37);
    expect(result.map((d) => instantToZoned(d, 'Asia/Dhaka').time).slice(0, 3)).toEqual(['10:00', '10:15', '10:30']);
  });

  it('lets a 90-minute service start no later than 18:30', () => {
    const result = slots({ durationMinutes: 90 });
    expect(result.at(-1)).toEqual(at('2026-06-02T12:30:00Z'));
    expect(checkStart({ settings: settings(), startsAt: at('2026-06-02T12:45:00Z'), durationMinutes: 90, now: NOW })).toEqual({
      ok: false,
      reason: 'outside-hours',
    });
  });

  it('offers nothing on a Friday or a closed date', () => {
    expect(slots({ date: FRIDAY })).toEqual([]);
    expect(slots({ settings: settings({ closedDates: ['2026-06-10', TUESDAY] }) })).toEqual([]);
    expect(slots({ date: '2026-06-03', settings: settings({ closedDates: [TUESDAY] }) })).toHaveLength(37);
  });

  it('keeps two hours of notice', () => {
    // 11:10 in Dhaka: the earliest start is 13:10, so the first grid slot is 13:15.
    const result = slots({ now: at('2026-06-02T05:10:00Z') });
    expect(result[0]).toEqual(at('2026-06-02T07:15:00Z'));
    expect(slots({ now: at('2026-06-02T05:00:00Z') })[0]).toEqual(at('2026-06-02T07:00:00Z'));
    expect(slots({ now: at('2026-06-02T14:00:00Z') })).toEqual([]);
  });

  it('books up to 60 days ahead, counted from today in Dhaka', () => {
    // 19:00Z on 1 June is already 2 June in Dhaka, so 1 August (a Saturday) is the last day.
    const lateEvening = at('2026-06-01T19:00:00Z');
    expect(slots({ now: lateEvening, date: '2026-08-01' })).toHaveLength(37);
    expect(slots({ now: lateEvening, date: '2026-08-02' })).toEqual([]);
    expect(slots({ now: NOW, date: '2026-08-01' })).toEqual([]);
    expect(slots({ now: NOW, date: '2026-07-30' })).toHaveLength(37);
  });

  it('lets a 90-minute booking at 10:00 block 11:00 but not 11:30 when one client fits', () => {
    const result = slots({
      settings: settings({ capacity: 1 }),
      occupied: [interval('2026-06-02T04:00:00Z', '2026-06-02T05:30:00Z')],
    });
    expect(result[0]).toEqual(at('2026-06-02T05:30:00Z')); // 11:30
    expect(result).not.toContainEqual(at('2026-06-02T05:00:00Z')); // 11:00
  });

  it('blocks a time only when all three places are taken at some instant of the visit', () => {
    const noon = at('2026-06-02T06:00:00Z');
    const threeAtOnce = [
      interval('2026-06-02T06:00:00Z', '2026-06-02T07:00:00Z'),
      interval('2026-06-02T05:30:00Z', '2026-06-02T06:30:00Z'),
      interval('2026-06-02T06:45:00Z', '2026-06-02T08:00:00Z'),
      interval('2026-06-02T06:15:00Z', '2026-06-02T06:45:00Z'),
    ];
    // From 12:15 to 12:30 (06:15Z-06:30Z) the first, second and fourth clients are all in.
    expect(slots({ occupied: threeAtOnce })).not.toContainEqual(noon);
    expect(slots({ occupied: threeAtOnce.slice(0, 2) })).toContainEqual(noon);
    // Staggered so that never more than two are in at once, though four touch the hour.
    const staggered = [threeAtOnce[0]!, threeAtOnce[1]!, threeAtOnce[2]!, interval('2026-06-02T06:30:00Z', '2026-06-02T06:45:00Z')];
    expect(slots({ occupied: staggered })).toContainEqual(noon);
  });
});

describe('checkStart', () => {
  const check = (startsAt: string, change: Partial<Parameters<typeof checkStart>[0]> = {}) =>
    checkStart({ settings: settings(), startsAt: at(startsAt), durationMinutes: 60, now: NOW, ...change });

  it('accepts an offered time and names the rule a refused one breaks', () => {
    expect(check('2026-06-02T04:00:00Z')).toEqual({ ok: true });
    expect(check('2026-06-05T04:00:00Z')).toEqual({ ok: false, reason: 'closed' });
    expect(check('2026-06-02T04:00:00Z', { settings: settings({ closedDates: [TUESDAY] }) })).toEqual({
      ok: false,
      reason: 'closed',
    });
    expect(check('2026-06-02T04:05:00Z')).toEqual({ ok: false, reason: 'off-grid' });
    expect(check('2026-06-02T04:00:30Z')).toEqual({ ok: false, reason: 'off-grid' });
    expect(check('2026-06-02T03:45:00Z')).toEqual({ ok: false, reason: 'outside-hours' });
    expect(check('2026-06-02T13:15:00Z')).toEqual({ ok: false, reason: 'outside-hours' });
    // At 11:00 in Dhaka the notice runs until 13:00.
    const elevenOClock = { now: at('2026-06-01T05:00:00Z') };
    expect(check('2026-06-01T06:45:00Z', elevenOClock)).toEqual({ ok: false, reason: 'too-soon' });
    expect(check('2026-06-01T07:00:00Z', elevenOClock)).toEqual({ ok: true });
    expect(check('2026-08-01T04:00:00Z')).toEqual({ ok: false, reason: 'too-far' });
    expect(
      check('2026-06-02T04:00:00Z', {
        settings: settings({ capacity: 1 }),
        occupied: [interval('2026-06-02T04:30:00Z', '2026-06-02T05:00:00Z')],
      }),
    ).toEqual({ ok: false, reason: 'full' });
  });

  it('accepts exactly the starts availableSlots offers', () => {
    const request = {
      settings: settings({ capacity: 2 }),
      durationMinutes: 45,
      now: at('2026-06-02T05:07:00Z'),
      occupied: [
        interval('2026-06-02T08:00:00Z', '2026-06-02T09:00:00Z'),
        interval('2026-06-02T08:30:00Z', '2026-06-02T09:30:00Z'),
      ],
    };
    const offered = iso(availableSlots({ ...request, date: TUESDAY }));
    const accepted: string[] = [];
    for (let minute = 0; minute < 24 * 60; minute += 5) {
      const startsAt = new Date(at('2026-06-01T18:00:00Z').getTime() + minute * 60_000);
      if (checkStart({ ...request, startsAt }).ok) accepted.push(startsAt.toISOString());
    }
    expect(offered.length).toBeGreaterThan(0);
    expect(accepted).toEqual(offered);
  });
});

describe('daylight-saving days', () => {
  const london = everyDay('00:00', '04:00', { timeZone: 'Europe/London' });
  const beforeSpring = at('2026-03-01T00:00:00Z');

  it('skips the hour London loses on 29 March and measures services in elapsed time', () => {
    const result = availableSlots({ settings: london, date: '2026-03-29', durationMinutes: 60, now: beforeSpring, occupied: [] });
    const local = result.map((d) => instantToZoned(d, 'Europe/London').time);
    expect(local).toEqual(['00:00', '00:15', '00:30', '00:45', '02:00', '02:15', '02:30', '02:45', '03:00']);
    // 00:30 GMT plus 60 elapsed minutes is 02:30 BST: one real hour although the clock moved two.
    expect(result[2]).toEqual(at('2026-03-29T00:30:00Z'));
    expect(instantToZoned(at('2026-03-29T01:30:00Z'), 'Europe/London').time).toBe('02:30');
    // The salon is open three real hours that night, so a 3.5-hour service cannot start at 00:30
    // even though 00:30 + 3:30 reads 04:00 on the wall clock.
    expect(
      checkStart({ settings: london, startsAt: at('2026-03-29T00:30:00Z'), durationMinutes: 210, now: beforeSpring }),
    ).toEqual({ ok: false, reason: 'outside-hours' });
    expect(
      checkStart({ settings: london, startsAt: at('2026-03-29T00:00:00Z'), durationMinutes: 180, now: beforeSpring }),
    ).toEqual({ ok: true });
  });

  it('offers the repeated hour once on 25 October and allows the longer night', () => {
    const now = at('2026-10-01T00:00:00Z');
    const result = availableSlots({ settings: london, date: '2026-10-25', durationMinutes: 60, now, occupied: [] });
    expect(result).toHaveLength(13); // 00:00 ... 03:00 on the wall clock, each once
    expect(result[0]).toEqual(at('2026-10-24T23:00:00Z')); // midnight BST
    expect(result[4]).toEqual(at('2026-10-25T00:00:00Z')); // the first 01:00
    expect(result.at(-1)).toEqual(at('2026-10-25T03:00:00Z')); // 03:00 GMT
    // The second 01:00 is not a slot of its own.
    expect(checkStart({ settings: london, startsAt: at('2026-10-25T01:00:00Z'), durationMinutes: 60, now })).toEqual({
      ok: false,
      reason: 'off-grid',
    });
    // Five real hours between midnight BST and 04:00 GMT.
    expect(checkStart({ settings: london, startsAt: at('2026-10-24T23:00:00Z'), durationMinutes: 300, now })).toEqual({
      ok: true,
    });
  });

  it('opens when New York clocks jump past an opening time they skip', () => {
    const newYork = everyDay('02:30', '05:00', { timeZone: 'America/New_York' });
    const result = availableSlots({
      settings: newYork,
      date: '2026-03-08',
      durationMinutes: 30,
      now: at('2026-03-01T00:00:00Z'),
      occupied: [],
    });
    // 02:30 and 02:45 do not exist; the salon opens at the jump, 03:00 EDT.
    expect(result[0]).toEqual(at('2026-03-08T07:00:00Z'));
    expect(result.map((d) => instantToZoned(d, 'America/New_York').time)).toEqual([
      '03:00',
      '03:15',
      '03:30',
      '03:45',
      '04:00',
      '04:15',
      '04:30',
    ]);
  });

  it('closes when New York clocks jump past a closing time they skip', () => {
    const newYork = everyDay('01:00', '02:30', { timeZone: 'America/New_York' });
    const result = availableSlots({
      settings: newYork,
      date: '2026-03-08',
      durationMinutes: 30,
      now: at('2026-03-01T00:00:00Z'),
      occupied: [],
    });
    // Closing falls at the jump (07:00Z), so the last 30-minute visit starts at 01:30 EST.
    expect(iso(result)).toEqual(['2026-03-08T06:00:00.000Z', '2026-03-08T06:15:00.000Z', '2026-03-08T06:30:00.000Z']);
  });
});

describe('occupancyCells', () => {
  it('floors to quarter hours since the epoch and lists every cell the interval touches', () => {
    expect(iso(occupancyCells(at('2026-06-02T04:00:00Z'), at('2026-06-02T05:00:00Z')))).toEqual([
      '2026-06-02T04:00:00.000Z',
      '2026-06-02T04:15:00.000Z',
      '2026-06-02T04:30:00.000Z',
      '2026-06-02T04:45:00.000Z',
    ]);
    expect(iso(occupancyCells(at('2026-06-02T04:10:00Z'), at('2026-06-02T04:31:00Z')))).toEqual([
      '2026-06-02T04:00:00.000Z',
      '2026-06-02T04:15:00.000Z',
      '2026-06-02T04:30:00.000Z',
    ]);
    expect(iso(occupancyCells(at('2026-06-02T04:10:00Z'), at('2026-06-02T04:40:00Z'), 60))).toEqual([
      '2026-06-02T04:00:00.000Z',
    ]);
    expect(occupancyCells(at('2026-06-02T04:10:00Z'), at('2026-06-02T04:10:00Z'))).toEqual([]);
    expect(() => occupancyCells(at('2026-06-02T05:00:00Z'), at('2026-06-02T04:00:00Z'))).toThrow(RangeError);
  });

  it('gives any two overlapping intervals at least one common cell', () => {
    // Starts and lengths off the grid on purpose, in 5-minute steps over two hours.
    const base = at('2026-06-02T04:00:00Z').getTime();
    const intervals: TimeInterval[] = [];
    for (let start = 0; start < 120; start += 5) {
      for (const length of [5, 10, 20, 45, 90]) {
        intervals.push({ startsAt: new Date(base + start * 60_000), endsAt: new Date(base + (start + length) * 60_000) });
      }
    }
    let overlapping = 0;
    for (const a of intervals) {
      const cellsOfA = new Set(occupancyCells(a.startsAt, a.endsAt).map((d) => d.getTime()));
      for (const b of intervals) {
        if (a.startsAt < b.endsAt && b.startsAt < a.endsAt) {
          overlapping += 1;
          const shared = occupancyCells(b.startsAt, b.endsAt).some((d) => cellsOfA.has(d.getTime()));
          expect(shared, `${a.startsAt.toISOString()} and ${b.startsAt.toISOString()}`).toBe(true);
        }
      }
    }
    expect(overlapping).toBeGreaterThan(intervals.length);
  });
});
