import { describe, expect, it } from 'vitest';
import { mayStillChange } from './booking-rules.js';

describe('mayStillChange', () => {
  const now = new Date('2026-03-02T09:00:00Z');
  const hoursAhead = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

  it('allows a change up to the notice before the start, the notice itself included', () => {
    expect(mayStillChange(hoursAhead(25), now, 24)).toBe(true);
    expect(mayStillChange(hoursAhead(24), now, 24)).toBe(true);
  });

  it('refuses a change inside the notice, and for a visit that has started', () => {
    expect(mayStillChange(new Date(hoursAhead(24).getTime() - 1), now, 24)).toBe(false);
    expect(mayStillChange(hoursAhead(-1), now, 24)).toBe(false);
  });

  it('with no notice, allows a change until the start', () => {
    expect(mayStillChange(now, now, 0)).toBe(true);
    expect(mayStillChange(hoursAhead(-0.001), now, 0)).toBe(false);
  });
});
