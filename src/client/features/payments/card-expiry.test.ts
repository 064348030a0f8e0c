import { describe, expect, it } from 'vitest';
import { CARD_EXPIRED_MESSAGE, isCardExpired, testCardFormSchema } from './card-expiry';

const may2027 = new Date(2027, 4, 15);

describe('isCardExpired', () => {
  it('treats a card as good through the end of its expiry month', () => {
    expect(isCardExpired('05/27', may2027)).toBe(false);
    expect(isCardExpired('06/27', may2027)).toBe(false);
    expect(isCardExpired('01/28', may2027)).toBe(false);
  });

  it('refuses an earlier month or year', () => {
    expect(isCardExpired('04/27', may2027)).toBe(true);
    expect(isCardExpired('12/26', may2027)).toBe(true);
  });

  it('leaves a malformed value to the format rule', () => {
    expect(isCardExpired('13/20', may2027)).toBe(false);
    const result = testCardFormSchema.safeParse({ cardNumber: '4242424242424242', expiry: '1/2', cvc: '123' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Enter the expiry as MM/YY']);
  });

  it('says the card has expired in the form, with the words the server uses', () => {
    const result = testCardFormSchema.safeParse({ cardNumber: '4242 4242 4242 4242', expiry: '01/20', cvc: '123' });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['expiry'], message: CARD_EXPIRED_MESSAGE })]);
  });
});
