import type { CartItem } from '@shared/cart';
import type { TFunction } from 'i18next';
import { fromMinorUnits, toMinorUnits } from '@shared/money';

/** The `payment` catalogue's t and the page's money format, for the sentences below. */
export interface PayWords {
  t: TFunction<'payment'>;
  money: (amount: number) => string;
}

/** The sum of the items' prices, added in poisha so 8999.5 + 0.1 stays exact. */
export function bookingListTotal(items: readonly Pick<CartItem, 'price'>[]): number {
  return fromMinorUnits(items.reduce((sum, item) => sum + toMinorUnits(item.price), 0));
}

/** What is paid online now: each item's payNow (the price, a deposit, or 0), added in poisha. */
export function bookingListDueNow(items: readonly Pick<CartItem, 'payNow'>[]): number {
  return fromMinorUnits(items.reduce((sum, item) => sum + toMinorUnits(item.payNow), 0));
}

/** What is left for the salon: the total less what is paid online now. */
export function bookingListDueLater(total: number, dueNow: number): number {
  return fromMinorUnits(toMinorUnits(total) - toMinorUnits(dueNow));
}

/**
 * How an item not paid in full online is paid: 'Deposit now ৳360 · ৳840 at the salon' before she
 * pays, 'Deposit paid ...' on the receipt (`paid`).
 */
export function payNowLine({ t, money }: PayWords, item: Pick<CartItem, 'plan' | 'price' | 'payNow'>, paid = false): string {
  const later = money(bookingListDueLater(item.price, item.payNow));
  if (item.plan === 'at-salon' || item.payNow === 0) return t('plan.atSalon', { amount: later });
  if (item.payNow >= item.price) return paid ? t('plan.wholePaid') : t('plan.wholeNow');
  const values = { amount: money(item.payNow), later };
  return paid ? t('plan.depositPaid', values) : t('plan.depositNow', values);
}

/**
 * What stops an item from being paid for now, in the words the server uses; null when it is ready.
 * `title`: the service as the page names it (its Bangla title on a Bangla page, useServiceTitle).
 */
export function holdProblem(t: TFunction<'payment'>, item: Pick<CartItem, 'startsAt' | 'holdExpiresAt'>, now: number, title: string): string | null {
  if (!item.startsAt) return t('hold.pickTime', { title });
  if (item.holdExpiresAt && Date.parse(item.holdExpiresAt) <= now) return t('hold.expired', { title });
  return null;
}

/** Changes whenever what would be charged changes, so a new intent is asked for. */
export function bookingListSignature(items: readonly Pick<CartItem, '_id' | 'price' | 'payNow' | 'startsAt'>[]): string {
  return items.map((item) => `${item._id}@${item.startsAt ?? '-'}=${item.price}/${item.payNow}`).join('|');
}
