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

/**
 * '৳15,000' for whole taka, '৳1,850.50' otherwise: a price with poisha always shows both digits,
 * as a till or a receipt does ('৳1,850.5' reads as a slip).
 */
export function formatMoney(amount: number, currency: string = SALON_CURRENCY, locale = 'en-US'): string {
  const fractionDigits = Number.isInteger(amount) ? 0 : 2;
  // English taka by hand (below); Bangla through Intl's bn-BD ('১,২৫,০০০৳': Bengali digits, lakh grouping).
  if (currency === SALON_CURRENCY && locale.startsWith('en')) return formatTaka(amount, fractionDigits);
  const key = `${currency}|${fractionDigits}|${locale}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(amount);
}

/**
 * Taka written out by hand, as Intl's en-US 'narrowSymbol' writes them (a test compares): the first
 * currency format a page asks Intl for loads its locale data, one of the longest single steps
 * of the home page's hydration on a throttled phone (every service card shows a price).
 */
function formatTaka(amount: number, fractionDigits: 0 | 2): string {
  const [whole = '', fraction] = Math.abs(amount).toFixed(fractionDigits).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount < 0 ? '-' : ''}৳${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}
