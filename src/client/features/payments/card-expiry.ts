import { cardExpirySchema, testCardSchema } from '@shared/payments';

const EXPIRY = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/;

/**
 * True when an MM/YY expiry is in the past. A card is good through the last day of its expiry
 * month, so only a month before the current one counts as expired. A malformed value is not
 * "expired": the format rule reports it instead.
 */
export function isCardExpired(expiry: string, now: Date = new Date()): boolean {
  const match = EXPIRY.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  return year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
}

export const CARD_EXPIRED_MESSAGE = 'Your card has expired.';

/**
 * The test gateway's card form: the shared rules the server checks, plus the expiry against
 * today (the server checks that too; here it saves a round trip and shows the same words).
 */
export const testCardFormSchema = testCardSchema.extend({
  expiry: cardExpirySchema.refine((expiry) => !isCardExpired(expiry), CARD_EXPIRED_MESSAGE),
});
