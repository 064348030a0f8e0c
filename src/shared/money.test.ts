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

  it("writes taka exactly as Intl's en-US currency format does", () => {
    const intl = (amount: number) =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'BDT',
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
        maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
      }).format(amount);
    const amounts = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 12345, 100000, 999999, 1234567, 123456789, 0.5, 0.05, 1.1, 999.99, 1000.01, 1850.5, 123456.78, -1, -999, -1000, -1850.5, -1234567.89];
    for (const amount of amounts) expect(formatMoney(amount), String(amount)).toBe(intl(amount));
  });

  it('uses the currency it is given', () => {
    expect(formatMoney(12.5, 'USD')).toBe('$12.50');
  });
});
