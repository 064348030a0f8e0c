/** The Bangla texts name the salon's Bangla title when it wrote one, and follow its choice of digits. */
import { describe, expect, it } from 'vitest';
import { smsTexts } from './texts.js';

const visit = { title: 'Henna Night', startsAt: new Date('2030-03-09T05:00:00Z'), staffName: null };
const where = { timeZone: 'Asia/Dhaka', language: 'bn' as const };

describe('the Bangla texts', () => {
  it('name the Bangla title when there is one, else the English one; English texts keep the English', () => {
    expect(smsTexts.reminder({ ...where, visit: { ...visit, titleBn: 'মেহেদি নাইট' } })).toContain('মেহেদি নাইট');
    expect(smsTexts.reminder({ ...where, visit: { ...visit, titleBn: null } })).toContain('Henna Night');
    expect(smsTexts.reminder({ ...where, language: 'en', visit: { ...visit, titleBn: 'মেহেদি নাইট' } })).toContain('Henna Night');
  });

  it('write Bengali digits unless the salon chose Latin ones', () => {
    expect(smsTexts.reminder({ ...where, visit })).toContain('১১:০০');
    const latin = smsTexts.reminder({ ...where, latinDigits: true, visit });
    expect(latin).toContain('11:00');
    expect(latin).not.toMatch(/[০-৯]/);
  });
});
