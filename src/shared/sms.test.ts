import { describe, expect, it } from 'vitest';
import { measureSms } from './sms.js';
import { quietHoursEnd, smsSendAfter } from './sms-quiet-hours.js';

describe('measureSms', () => {
  it('counts an English text in GSM-7: 160 in one SMS, 153 per part after that', () => {
    expect(measureSms('Parlour: your booking is confirmed.')).toEqual({ encoding: 'gsm7', units: 35, segments: 1 });
    expect(measureSms('a'.repeat(160))).toMatchObject({ encoding: 'gsm7', segments: 1 });
    expect(measureSms('a'.repeat(161))).toMatchObject({ encoding: 'gsm7', segments: 2 });
    expect(measureSms('a'.repeat(306))).toMatchObject({ segments: 2 });
    expect(measureSms('a'.repeat(307))).toMatchObject({ segments: 3 });
  });

  it('counts the extension characters (€, braces) twice', () => {
    expect(measureSms('€'.repeat(80))).toMatchObject({ encoding: 'gsm7', units: 160, segments: 1 });
    expect(measureSms(`${'€'.repeat(80)}a`)).toMatchObject({ units: 161, segments: 2 });
  });

  it('counts Bangla in UCS-2: 70 in one SMS, 67 per part', () => {
    const bangla = 'আপনার বুকিং নিশ্চিত';
    expect(measureSms(bangla)).toEqual({ encoding: 'ucs2', units: bangla.length, segments: 1 });
    expect(measureSms('ক'.repeat(70))).toMatchObject({ segments: 1 });
    expect(measureSms('ক'.repeat(71))).toMatchObject({ segments: 2 });
    expect(measureSms('ক'.repeat(134))).toMatchObject({ segments: 2 });
    expect(measureSms('ক'.repeat(135))).toMatchObject({ segments: 3 });
  });

  it('turns a whole English text UCS-2 for one character outside GSM-7', () => {
    expect(measureSms(`${'a'.repeat(69)}৳`)).toMatchObject({ encoding: 'ucs2', units: 70, segments: 1 });
    expect(measureSms(`${'a'.repeat(70)}৳`)).toMatchObject({ encoding: 'ucs2', segments: 2 });
  });
});

describe('quiet hours', () => {
  const dhaka = { timeZone: 'Asia/Dhaka', smsQuietFrom: '21:00', smsQuietUntil: '08:00' };
  // Dhaka is UTC+6 all year.
  const at = (utc: string) => new Date(utc);

  it('are not in force during the day', () => {
    expect(quietHoursEnd(at('2026-12-05T06:00:00Z'), dhaka)).toBeNull(); // 12:00 Dhaka
    expect(quietHoursEnd(at('2026-12-05T14:59:00Z'), dhaka)).toBeNull(); // 20:59
  });

  it('end on the next morning before midnight, and this morning after it', () => {
    expect(quietHoursEnd(at('2026-12-05T15:00:00Z'), dhaka)).toEqual(at('2026-12-06T02:00:00Z')); // 21:00 -> 08:00 next day
    expect(quietHoursEnd(at('2026-12-05T20:00:00Z'), dhaka)).toEqual(at('2026-12-06T02:00:00Z')); // 02:00 -> 08:00
    expect(quietHoursEnd(at('2026-12-06T02:00:00Z'), dhaka)).toBeNull(); // 08:00: over
  });

  it('hold a text until morning unless the visit is sooner', () => {
    const night = at('2026-12-05T17:00:00Z'); // 23:00
    expect(smsSendAfter(night, at('2026-12-06T05:00:00Z'), dhaka)).toEqual(at('2026-12-06T02:00:00Z')); // visit 11:00
    expect(smsSendAfter(night, at('2026-12-06T01:30:00Z'), dhaka)).toBeNull(); // visit 07:30
    expect(smsSendAfter(at('2026-12-05T06:00:00Z'), at('2026-12-06T05:00:00Z'), dhaka)).toBeNull();
  });

  it('can be a daytime window, or none at all', () => {
    const lunch = { ...dhaka, smsQuietFrom: '13:00', smsQuietUntil: '14:00' };
    expect(quietHoursEnd(at('2026-12-05T07:30:00Z'), lunch)).toEqual(at('2026-12-05T08:00:00Z'));
    expect(quietHoursEnd(at('2026-12-05T15:00:00Z'), lunch)).toBeNull();
    expect(quietHoursEnd(at('2026-12-05T17:00:00Z'), { ...dhaka, smsQuietUntil: '21:00' })).toBeNull();
  });
});
