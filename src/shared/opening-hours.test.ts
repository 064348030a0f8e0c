import { describe, expect, it } from 'vitest';
import { openingHoursLines, openingHoursSpecification } from './opening-hours.js';
import { DEFAULT_SALON_SETTINGS, type DayHours } from './salon-settings.js';

const day = (open: string, close: string): DayHours => ({ open, close });

describe('the opening hours as the contact section shows them', () => {
  it("groups the Dhaka week across Sunday: Saturday to Thursday, then Friday's closure", () => {
    expect(openingHoursLines(DEFAULT_SALON_SETTINGS.openingHours)).toEqual([
      { days: 'Saturday – Thursday', hours: '10:00 – 20:00' },
      { days: 'Friday', hours: 'Closed' },
    ]);
  });

  it('puts the longest run first and the rest in the order of the week', () => {
    const week = [null, day('09:00', '18:00'), day('09:00', '18:00'), day('09:00', '18:00'), day('09:00', '18:00'), day('09:00', '20:00'), day('10:00', '16:00')];
    expect(openingHoursLines(week)).toEqual([
      { days: 'Monday – Thursday', hours: '09:00 – 18:00' },
      { days: 'Friday', hours: '09:00 – 20:00' },
      { days: 'Saturday', hours: '10:00 – 16:00' },
      { days: 'Sunday', hours: 'Closed' },
    ]);
  });

  it('says "Every day" when the hours never change', () => {
    expect(openingHoursLines(Array.from({ length: 7 }, () => day('08:00', '22:00')))).toEqual([{ days: 'Every day', hours: '08:00 – 22:00' }]);
  });
});

describe('the opening hours as schema.org states them', () => {
  it('names the days of each distinct opening, and leaves closed days out', () => {
    const week = [null, day('09:00', '18:00'), day('09:00', '18:00'), null, day('09:00', '18:00'), day('12:00', '18:00'), null];
    expect(openingHoursSpecification(week)).toEqual([
      { '@type': 'OpeningHoursSpecification', opens: '09:00', closes: '18:00', dayOfWeek: ['Monday', 'Tuesday', 'Thursday'] },
      { '@type': 'OpeningHoursSpecification', opens: '12:00', closes: '18:00', dayOfWeek: ['Friday'] },
    ]);
  });
});
