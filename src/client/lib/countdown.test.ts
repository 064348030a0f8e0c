import { describe, expect, it } from 'vitest';
import { describeCountdown, formatCountdown } from './countdown';

describe('hold countdown', () => {
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
