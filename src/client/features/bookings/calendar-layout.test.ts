import { describe, expect, it } from 'vitest';
import { DEFAULT_SALON_SETTINGS } from '@shared/salon-settings';
import { bookingRecord } from '@/test/payment-handlers';
import { mim } from '@/test/staff-handlers';
import { calendarColumns, dayFrame, placeBookings } from './calendar-layout';

const SAT = '2030-03-02';
const NAMES = { noStylist: 'No stylist', formerStylist: 'A former stylist' };
const FRI = '2030-03-01';
const dhaka = (date: string, time: string) => new Date(`${date}T${time}:00+06:00`).toISOString();
const booking = (n: number, from: string, to: string, change: Parameters<typeof bookingRecord>[1] = {}) => ({
  ...bookingRecord(n, { startsAt: dhaka(SAT, from), endsAt: dhaka(SAT, to), ...change }),
  canCancel: false,
  canComplete: false,
  canMove: false,
});

describe('the calendar grid', () => {
  it("spans the day's opening hours, widened to whole hours around a booking outside them; a closed day only for its bookings", () => {
    expect(dayFrame(DEFAULT_SALON_SETTINGS, SAT, [])).toEqual({ hours: { open: 600, close: 1200 }, start: 600, end: 1200 });
    expect(dayFrame(DEFAULT_SALON_SETTINGS, SAT, [booking(1, '08:30', '09:15'), booking(2, '19:30', '20:15')])).toMatchObject({ start: 480, end: 1260 });
    expect(dayFrame(DEFAULT_SALON_SETTINGS, FRI, [])).toBeUndefined();
    const onFriday = { ...booking(3, '11:00', '12:00'), startsAt: dhaka(FRI, '11:00'), endsAt: dhaka(FRI, '12:00') };
    expect(dayFrame(DEFAULT_SALON_SETTINGS, FRI, [onFriday])).toEqual({ hours: null, start: 660, end: 720 });
  });

  it('puts overlapping bookings side by side, each in a lane, and a later one back at full width', () => {
    const placed = placeBookings([booking(1, '10:00', '11:00'), booking(2, '10:30', '11:30'), booking(3, '11:00', '12:00'), booking(4, '13:00', '14:00')], SAT, 600, 'Asia/Dhaka');
    expect(placed.map(({ top, length, lane, lanes }) => ({ top, length, lane, lanes }))).toEqual([
      { top: 0, length: 60, lane: 0, lanes: 2 },
      { top: 30, length: 60, lane: 1, lanes: 2 },
      // 11:00 starts as the first ends: its lane is free again.
      { top: 60, length: 60, lane: 0, lanes: 2 },
      { top: 180, length: 60, lane: 0, lanes: 1 },
    ]);
  });

  it("counts the stylist's buffer after a visit, so the next one may start when she is free", () => {
    const placed = placeBookings([booking(1, '10:00', '11:00', { staffFreeAt: dhaka(SAT, '11:15') }), booking(2, '11:15', '12:00')], SAT, 600, 'Asia/Dhaka');
    expect(placed.map(({ buffer, lane, lanes }) => ({ buffer, lane, lanes }))).toEqual([
      { buffer: 15, lane: 0, lanes: 1 },
      { buffer: 0, lane: 0, lanes: 1 },
    ]);
  });

  it("gives a column to the team, to a retired stylist with bookings in view, and to 'No stylist' only when needed", () => {
    const retired = booking(1, '10:00', '11:00', { staffId: 'd0000000-0000-4000-8000-000000000009', staffName: 'Nila Akter' });
    expect(calendarColumns([mim], [retired], NAMES).map((column) => [column.name, column.retired])).toEqual([
      [mim.name, false],
      ['Nila Akter', true],
    ]);
    expect(calendarColumns([mim], [booking(2, '10:00', '11:00')], NAMES).map((column) => column.name)).toEqual([mim.name, 'No stylist']);
  });
});
