/**
 * Money travels as a JSON number of the major unit (taka) and is stored as integer minor units
 * (poisha), so arithmetic on the server never touches floating point.
 */
export const SALON_CURRENCY = 'BDT';

export function toMinorUnits(amount: number): number {
  return Math.round(amount * 100);
}

export function fromMinorUnits(minor: number): number {
  return minor / 100;
}

/** True when the amount has at most two decimals (a price a till could take). */
export function hasAtMostTwoDecimals(amount: number): boolean {
  return Math.abs(toMinorUnits(amount) - amount * 100) < 1e-6;
}

const formatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(amount: number, currency: string = SALON_CURRENCY): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    });
    formatters.set(currency, formatter);
  }
  return formatter.format(amount);
}
