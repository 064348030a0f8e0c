import { describe, expect, it } from 'vitest';
import { formatPhone, normalizePhone, phoneSchema } from './phone.js';

describe('mobile numbers', () => {
  it('stores a Bangladeshi mobile however she writes it as E.164', () => {
    for (const typed of ['01712345678', '01712 345678', '01712-345-678', '8801712345678', '+8801712345678', '+880 1712-345678', '008801712345678']) {
      expect(normalizePhone(typed), typed).toBe('+8801712345678');
    }
  });

  it('refuses what no SMS can reach: short, long, a land line, an operator digit that does not exist, letters', () => {
    for (const typed of ['0171234567', '017123456789', '029123456', '+880291234567', '01212345678', '01712abc678', '', '+', '12345']) {
      expect(normalizePhone(typed), typed).toBeNull();
    }
  });

  it('accepts another country only in E.164', () => {
    expect(normalizePhone('+44 7700 900123')).toBe('+447700900123');
    expect(normalizePhone('07700900123')).toBeNull();
  });

  it('shows a Bangladeshi number as she writes it', () => {
    expect(formatPhone('+8801712345678')).toBe('01712 345678');
    expect(formatPhone('+447700900123')).toBe('+447700900123');
  });

  it('the schema answers the form with one message', () => {
    expect(phoneSchema.parse(' 01912-000111 ')).toBe('+8801912000111');
    const bad = phoneSchema.safeParse('12');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Enter a mobile number, e.g. 01712 345678');
  });
});
