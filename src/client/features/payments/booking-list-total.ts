import type { CartItem } from '../../../shared/cart';
import { fromMinorUnits, toMinorUnits } from '../../../shared/money';

/** The sum of the items' prices, added in poisha so 8999.5 + 0.1 stays exact. */
export function bookingListTotal(items: readonly Pick<CartItem, 'price'>[]): number {
  return fromMinorUnits(items.reduce((sum, item) => sum + toMinorUnits(item.price), 0));
}

/** What stops an item from being paid for now, in the words the server uses; null when it is ready. */
export function holdProblem(item: Pick<CartItem, 'title' | 'startsAt' | 'holdExpiresAt'>, now: number): string | null {
  if (!item.startsAt) return `Pick a time for ${item.title}`;
  if (item.holdExpiresAt && Date.parse(item.holdExpiresAt) <= now) return `The hold on ${item.title} expired. Pick a time again.`;
  return null;
}

/** Changes whenever what would be charged changes, so a new intent is asked for. */
export function bookingListSignature(items: readonly Pick<CartItem, '_id' | 'price' | 'startsAt'>[]): string {
  return items.map((item) => `${item._id}@${item.startsAt ?? '-'}=${item.price}`).join('|');
}
