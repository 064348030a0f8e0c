import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.js';

describe('formatMoney', () => {
  it('shows whole taka without decimals', () => {
    expect(formatMoney(15000)).toBe('৳15,000');
    expect(formatMoney(250)).toBe('৳250');
    expect(formatMoney(0)).toBe('৳0');
  });

  it('shows both decimals whenever there are poisha', () => {
    expect(formatMoney(1850.5)).toBe('৳1,850.50');
    expect(formatMoney(8999.05)).toBe('৳8,999.05');
    expect(formatMoney(0.1 + 0.2)).toBe('৳0.30');
  });

  it('uses the currency it is given', () => {
    expect(formatMoney(12.5, 'USD')).toBe('$12.50');
  });
});
