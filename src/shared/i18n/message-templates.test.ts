/** Messages with values: written in English from their template, read back and written in Bangla. */
import { describe, expect, it } from 'vitest';
import bangla from './locales/bn/errors.json' with { type: 'json' };
import english from './locales/en/errors.json' with { type: 'json' };
import { dayTimeValue, englishMessage, matchTemplate, MESSAGE_FORMATS, translateTemplated, type MessageValue } from './message-templates.js';
import { intlLocale } from './language.js';

const BN = intlLocale('bn');
const BN_LATIN = intlLocale('bn', true);
const OVERLAP = 'Overlaps or touches {{start, time}} – {{end, time}}';
const LOCKED = {
  one: 'Too many wrong passwords. Try again in {{count, number}} minute.',
  other: 'Too many wrong passwords. Try again in {{count, number}} minutes.',
};

describe('englishMessage', () => {
  it('writes the values into the template, as the English always said it', () => {
    expect(englishMessage(OVERLAP, { start: '10:00', end: '13:00' })).toBe('Overlaps or touches 10:00 – 13:00');
    expect(englishMessage('A period covers at most {{count, number}} days', { count: 366 })).toBe('A period covers at most 366 days');
    expect(englishMessage('At most {{amount, money}}', { amount: 1850.5 })).toBe('At most ৳1,850.50');
  });

  it('counts in English: 1 minute, 12 minutes, 0 minutes', () => {
    expect(englishMessage(LOCKED, { count: 1 })).toBe('Too many wrong passwords. Try again in 1 minute.');
    expect(englishMessage(LOCKED, { count: 12 })).toBe('Too many wrong passwords. Try again in 12 minutes.');
    expect(englishMessage(LOCKED, { count: 0 })).toBe('Too many wrong passwords. Try again in 0 minutes.');
  });

  it('refuses a template whose value is missing', () => {
    expect(() => englishMessage(OVERLAP, { start: '10:00' })).toThrow(/end/);
  });

  it('writes a value as it is, never as a template or a replacement pattern', () => {
    expect(englishMessage('Pick a time for {{title}}.', { title: "$& {{title}} $1 $'" })).toBe("Pick a time for $& {{title}} $1 $'.");
  });
});

describe('translateTemplated', () => {
  it('names a term (a booking status) in the catalogue’s word for it; an unknown one as it came', () => {
    const reopen = 'A {{status, term}} booking cannot be reopened: only a completed visit or a no-show can.';
    expect(englishMessage(reopen, { status: 'no-show' })).toBe('A no-show booking cannot be reopened: only a completed visit or a no-show can.');
    expect(translateTemplated(englishMessage(reopen, { status: 'no-show' }), bangla, BN)).toBe(
      'বুকিংটি এখন “আসেননি”, তাই এটি আবার খোলা যায় না: শুধু সম্পন্ন বা “আসেননি” অ্যাপয়েন্টমেন্টই আবার খোলা যায়।',
    );
    expect(translateTemplated('A cancelled booking cannot be moved.', bangla, BN)).toBe('বুকিংটি এখন “বাতিল”, তাই এর সময় বদলানো যায় না।');
    expect(translateTemplated('A frozen booking cannot be moved.', bangla, BN)).toBe('বুকিংটি এখন “frozen”, তাই এর সময় বদলানো যায় না।');
  });

  it('names a field by the catalogue’s words for its label, the numbers in the salon’s digits', () => {
    expect(translateTemplated('Minimum notice must be between 0 and 10080 minutes', bangla, BN)).toBe('“কমপক্ষে কত আগে” ০ থেকে ১০,০৮০ মিনিটের মধ্যে হতে হবে');
    expect(translateTemplated('Minimum notice must be between 0 and 10080 minutes', bangla, BN_LATIN)).toBe('“কমপক্ষে কত আগে” 0 থেকে 10,080 মিনিটের মধ্যে হতে হবে');
    expect(translateTemplated('Backup time must be a time between 00:00 and 23:59', bangla, BN)).toBe('“ব্যাকআপের সময়” ০০:০০ থেকে ২৩:৫৯-এর মধ্যে একটি সময় হতে হবে');
    // A message with its own template keeps it: Duration's words win over the label's.
    expect(translateTemplated('Duration must be between 15 and 480 minutes', bangla, BN)).toBe(
      translateTemplated('Duration must be between 15 and 480 minutes', { 'Duration must be between {{min, number}} and {{max, number}} minutes': bangla['Duration must be between {{min, number}} and {{max, number}} minutes'] }, BN),
    );
  });

  it('finds the template and writes the values in Bengali digits', () => {
    expect(translateTemplated('Overlaps or touches 10:00 – 13:00', bangla, BN)).toBe('১০:০০ – ১৩:০০ সময়ের সাথে মিলে যাচ্ছে বা একেবারে লাগোয়া');
    expect(translateTemplated('A period covers at most 366 days', bangla, BN)).toBe('একটি সময়কাল সর্বোচ্চ ৩৬৬ দিনের হতে পারে');
  });

  it("writes Latin digits when the salon chose them", () => {
    expect(translateTemplated('Overlaps or touches 10:00 – 13:00', bangla, BN_LATIN)).toBe('10:00 – 13:00 সময়ের সাথে মিলে যাচ্ছে বা একেবারে লাগোয়া');
  });

  it('reads both English forms of a counted message', () => {
    expect(translateTemplated(englishMessage(LOCKED, { count: 1 }), bangla, BN)).toBe('অনেকবার ভুল পাসওয়ার্ড দেওয়া হয়েছে। ১ মিনিট পরে আবার চেষ্টা করুন।');
    expect(translateTemplated(englishMessage(LOCKED, { count: 12 }), bangla, BN)).toBe('অনেকবার ভুল পাসওয়ার্ড দেওয়া হয়েছে। ১২ মিনিট পরে আবার চেষ্টা করুন।');
  });

  it('writes money, dates and a day with its time as Bangla writes them', () => {
    expect(translateTemplated('At most ৳1,850.50', bangla, BN)).toBe('সর্বোচ্চ ১,৮৫০.৫০৳');
    expect(translateTemplated('Pick a time on 2026-12-06, the day she waits for', bangla, BN)).toBe(
      '৬ ডিসেম্বর, ২০২৬ তারিখের একটি সময় বেছে নিন, যেদিনের জন্য তিনি অপেক্ষা করছেন',
    );
    const when = dayTimeValue(new Date(Date.UTC(new Date().getUTCFullYear(), 11, 12, 4, 30)), 'Asia/Dhaka');
    const message = englishMessage('That time overlaps your {{title}} ({{when, dayTime}}). Pick another time.', { title: 'Gel Nails', when });
    expect(translateTemplated(message, bangla, BN)).toMatch(/^এই সময়ে আপনার Gel Nails \(\S+ ১২ ডিসে, ১০:৩০\) আছে। অন্য একটি সময় বেছে নিন।$/);
  });

  it('leaves a message no template wrote as it came (undefined: the caller shows it)', () => {
    expect(translateTemplated('Overlaps or touches lunch', bangla, BN)).toBeUndefined();
    expect(translateTemplated('Something nobody wrote: 12 minutes', bangla, BN)).toBeUndefined();
    // A known message inside another one is not that message.
    expect(translateTemplated('Note: A period covers at most 366 days, or ask the salon', bangla, BN)).toBeUndefined();
    expect(translateTemplated('১০:০০ – ১৩:০০ সময়ের সাথে মিলে যাচ্ছে বা একেবারে লাগোয়া', bangla, BN)).toBeUndefined();
    // A template of values alone would read every message as its own.
    expect(translateTemplated('anything at all', { '{{what}}': 'কিছু {{what}}' }, BN)).toBeUndefined();
  });

  it('is safe with values that hold regular-expression and template characters', () => {
    const title = 'Nails (gel) .*+?^${}|[x]\\ $& {{title}}';
    const message = englishMessage('Pick a time for {{title}}.', { title });
    expect(translateTemplated(message, bangla, BN)).toBe(`${title}-এর জন্য একটি সময় বেছে নিন।`);
    // The template's own brackets and dots are words, not patterns.
    expect(translateTemplated('Your booking list is full (10 services). Book or remove some first.', bangla, BN)).toBe(
      'আপনার বুকিং তালিকা পূর্ণ (১০টি সেবা)। আগে কয়েকটি বুক করুন বা তালিকা থেকে সরিয়ে দিন।',
    );
    expect(translateTemplated('Your booking list is full 10 services! Book or remove some first!', bangla, BN)).toBeUndefined();
  });
});

describe('the errors catalogue’s templates', () => {
  const samples: Record<string, MessageValue> = {
    number: 12,
    time: '10:30',
    date: '2026-12-06',
    money: 1200,
    dayTime: dayTimeValue(new Date(), 'Asia/Dhaka'),
    text: 'Gel (French) tips',
    term: 'no-show',
    label: 'Opening time',
  };
  const templates = Object.keys(english).filter((key) => key.includes('{{'));

  it('name only the formats the translation knows', () => {
    const formats = templates.flatMap((key) => [...key.matchAll(/\{\{\s*\w+\s*(?:,\s*(\w+)\s*)?\}\}/g)].map((m) => m[1]).filter(Boolean));
    expect(formats.length).toBeGreaterThan(0);
    expect(formats.filter((format) => !MESSAGE_FORMATS.includes(format!))).toEqual([]);
  });

  it('each read back as itself from the English it writes, and come out in Bangla with no English left', () => {
    expect(templates.length).toBeGreaterThan(20);
    for (const template of templates) {
      const values = Object.fromEntries(
        [...template.matchAll(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g)].map(([, name, format]) => [name!, samples[format ?? 'text']!]),
      );
      const message = englishMessage(template, values);
      expect(matchTemplate(message, english)?.template, message).toBe(template);
      const translated = translateTemplated(message, bangla, BN);
      expect(translated, message).toBeDefined();
      expect(translated, message).not.toMatch(/\{\{|\d/);
    }
  });
});
