/**
 * The e-mails, calendar files and CSV files in Bangla (docs/decisions/051): every kind of e-mail as
 * a Bangla reader gets it, with no English sentence left, Bengali digits and Dhaka's clock; the
 * calendar file read back by two independent parsers; the CSV by an independent CSV parser.
 */
import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import nodeIcal from 'node-ical';
import { parse } from 'csv-parse/sync';
import { buildIcs, googleCalendarLink, type CalendarAppointment } from '../calendar/ics.js';
import { sampleAppointment } from '../test/appointments.js';
import {
  adminVerificationMail,
  cancelledMail,
  confirmationMail,
  movedMail,
  passwordResetMail,
  reminderMail,
  reviewRequestMail,
  waitlistOfferMail,
  type MailAppointment,
  type MailContent,
} from './templates.js';
import { translateMessage } from '../messages.js';
import { bookingsCsv } from '../csv-exports.js';
import type { Booking } from '../../shared/payments.js';
import { salon } from '../../shared/salon.js';
import { LATIN_NAMES } from '../../shared/i18n/brands.js';

const context = { timeZone: 'Asia/Dhaka', publicUrl: 'https://parlour.example', language: 'bn' as const };
const NAME = 'মিম হোসেন';
/** A service the salon named in Bangla; her stylist too. */
const visit = sampleAppointment({ title: 'সিগনেচার গ্লো ফেসিয়াল', staffName: 'নীলা' });
const now = new Date('2026-05-20T09:00:00Z');
const ics = (appointments: CalendarAppointment[]) => buildIcs(appointments, { ...context, now, customer: { name: NAME, email: 'mim@example.com' } });
const forMail = (a: CalendarAppointment, pay: Pick<MailAppointment, 'plan' | 'onlineMinor'> = { plan: 'full', onlineMinor: 120_000 }): MailAppointment => ({
  ...a,
  priceMinor: 120_000,
  ...pay,
  googleCalendarUrl: googleCalendarLink(a, context),
});

/**
 * What is left of a part once the things no language owns are taken out: links, addresses, the
 * calendar file's name, the names Bangla writes in Latin letters (LATIN_NAMES: Parlour, Google,
 * bKash). HTML markup and its styles go too. Any Latin word left is English left untranslated.
 */
function latinWordsOf(part: string): string[] {
  const readable = part
    .replace(/<(style|title)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39);/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[\w.+-]+@[\w.-]+/g, ' ')
    .replace(/\S+\.ics/g, ' ');
  return (readable.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => !LATIN_NAMES.includes(word));
}

function expectBangla(mail: MailContent) {
  expect(mail.language).toBe('bn');
  expect(latinWordsOf(mail.subject)).toEqual([]);
  expect(latinWordsOf(mail.text)).toEqual([]);
  if (mail.html) {
    expect(mail.html).toContain('<html lang="bn">');
    const body = mail.html.slice(mail.html.indexOf('<body'));
    expect(latinWordsOf(body.replace(/style="[^"]*"/g, ''))).toEqual([]);
  }
}

describe('the e-mails in Bangla', () => {
  it('the confirmation: Bengali digits, bn-BD money, Dhaka time, her links under /bn, the policy', () => {
    const mail = confirmationMail({ ...context, name: NAME, appointments: [forMail(visit, { plan: 'deposit', onlineMinor: 36_000 })], cancelNoticeHours: 24, calendar: ics([visit]) });
    expectBangla(mail);
    expect(mail.subject).toBe('আপনার Parlour অ্যাপয়েন্টমেন্ট নিশ্চিত হয়েছে');
    expect(mail.text).toContain(`প্রিয় ${NAME},`);
    // 10:00 in Dhaka on Tuesday 2 June 2026, 60 minutes, ৳1,200 as bn-BD writes it.
    expect(mail.text).toContain('- সিগনেচার গ্লো ফেসিয়াল (স্টাইলিস্ট নীলা): মঙ্গল, ২ জুন, ২০২৬, ১০:০০ (৬০ মিনিট, ১,২০০৳)');
    expect(mail.text).toContain('৩৬০৳ অনলাইনে পরিশোধিত · ৮৪০৳ সেলুনে দিতে হবে');
    expect(mail.text).toContain('সময়গুলো ঢাকার সময় অনুযায়ী।');
    expect(mail.text).toContain('শুরু হওয়ার ২৪ ঘণ্টা আগে পর্যন্ত');
    expect(mail.text).toContain('অগ্রিম: অ্যাপয়েন্টমেন্টের ২৪ ঘণ্টা আগে পর্যন্ত বাতিল করলে');
    expect(mail.text).toContain('আপনার অ্যাপয়েন্টমেন্টগুলো দেখুন: https://parlour.example/bn/dashboard/userhome');
    expect(mail.text).toContain(`Parlour · বাড়ি ১২, রোড ৫, ধানমন্ডি, ঢাকা ১২০৫, বাংলাদেশ`);
    expect(mail.html).toContain('মঙ্গল, ২ জুন, ২০২৬, ১০:০০ · ৬০ মিনিট');
  });

  it('a customer the front desk booked is sent to the Bangla page to set a password', () => {
    const mail = confirmationMail({ ...context, name: NAME, appointments: [forMail(visit)], cancelNoticeHours: 24, calendar: ics([visit]), canSignIn: false });
    expectBangla(mail);
    expect(mail.text).toContain('পাসওয়ার্ড ঠিক করুন: https://parlour.example/bn/forgot-password');
  });

  it('the reminder, the move (by the salon) and both cancellations', () => {
    const reminder = reminderMail({ ...context, name: NAME, appointment: forMail(visit), cancelNoticeHours: 24, calendar: ics([visit]) });
    expectBangla(reminder);
    expect(reminder.subject).toBe('মনে করিয়ে দিচ্ছি: মঙ্গল, ২ জুন, ২০২৬, ১০:০০-এ আপনার সিগনেচার গ্লো ফেসিয়াল');
    expect(reminder.text).toContain(salon.phone);

    const moved = movedMail({ ...context, name: NAME, appointment: forMail(visit), previousStartsAt: new Date('2026-06-01T04:30:00Z'), by: 'salon', calendar: ics([visit]) });
    expectBangla(moved);
    expect(moved.text).toContain('Parlour আপনার সিগনেচার গ্লো ফেসিয়াল সোম, ১ জুন, ২০২৬, ১০:৩০ থেকে সরিয়ে মঙ্গল, ২ জুন, ২০২৬, ১০:০০-এ নিয়েছে।');

    const cancelled = { ...visit, status: 'cancelled' as const, sequence: 1 };
    const bySalon = cancelledMail({ ...context, name: NAME, appointment: forMail(cancelled), by: 'salon', refundedMinor: 120_000, paidBy: 'bkash', calendar: ics([cancelled]) });
    expectBangla(bySalon);
    expect(bySalon.text).toContain('১,২০০৳ ফেরত পাঠানো হয়েছে আপনার bKash অ্যাকাউন্টে।');
    expect(bySalon.text).toContain('অন্য সময় বুক করুন: https://parlour.example/bn/#services');
    const hers = cancelledMail({ ...context, name: NAME, appointment: forMail(cancelled, { plan: 'deposit', onlineMinor: 36_000 }), by: 'customer', refundedMinor: 0, paidBy: 'card', calendar: ics([cancelled]) });
    expectBangla(hers);
    expect(hers.text).toContain('সেলুন আপনার ৩৬০৳ অগ্রিম রেখে দিচ্ছে');
  });

  it('the review request and the waitlist offer', () => {
    const review = reviewRequestMail({ name: NAME, language: 'bn', title: visit.title, staffName: 'নীলা', reviewUrl: 'https://parlour.example/bn/dashboard/review?booking=1' });
    expectBangla(review);
    expect(review.subject).toBe('আপনার সিগনেচার গ্লো ফেসিয়াল কেমন লাগল?');
    const offer = waitlistOfferMail({ name: NAME, language: 'bn', timeZone: 'Asia/Dhaka', title: visit.title, staffName: null, startsAt: visit.startsAt, expiresAt: new Date('2026-06-01T12:15:00Z'), bookingListUrl: 'https://parlour.example/bn/dashboard/bookinglist' });
    expectBangla(offer);
    expect(offer.text).toContain('১৮:১৫ পর্যন্ত এটি আপনার বুকিং তালিকায় রাখা আছে।');
  });

  it('the password reset and the admin address check', () => {
    const url = 'https://parlour.example/api/auth/reset-password/abc?callbackURL=%2Fbn%2Freset-password';
    for (const mail of [passwordResetMail({ name: NAME, url, language: 'bn' }), adminVerificationMail({ name: NAME, url, language: 'bn' })]) {
      expectBangla(mail);
      expect(mail.text).toContain(`প্রিয় ${NAME},`);
      expect(mail.text).toContain(url);
    }
  });

  it('English stays as it was for a reader who chose English or never chose', () => {
    const mail = passwordResetMail({ name: 'Mim', url: 'https://parlour.example/x' });
    expect(mail.language).toBe('en');
    expect(mail.subject).toBe('Reset your Parlour password');
    expect(mail.text).toBe(
      'Hello Mim,\n\nSomeone (hopefully you) asked to reset the password of your Parlour account.\nOpen this link within one hour to choose a new password:\n\nhttps://parlour.example/x\n\nIf you did not ask for this, ignore this e-mail: your password stays the same.\n\nParlour beauty salon',
    );
  });
});

describe('the calendar file in Bangla', () => {
  it('is read by ical.js and node-ical alike: summary, description and place in Bangla, marked LANGUAGE=bn', () => {
    const file = ics([visit, sampleAppointment({ id: '1c2d3e4f-0000-4000-8000-000000000002', title: 'জেল নেইল এক্সটেনশন', startsAt: new Date('2026-06-02T08:00:00Z'), endsAt: new Date('2026-06-02T09:30:00Z') })]);
    for (const line of file.content.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(file.content.endsWith('END:VCALENDAR\r\n')).toBe(true);

    const calendar = new ICAL.Component(ICAL.parse(file.content));
    const [first, second] = calendar.getAllSubcomponents('vevent');
    for (const property of ['summary', 'description', 'location']) expect(first!.getFirstProperty(property)!.getParameter('language')).toBe('bn');
    const event = new ICAL.Event(first!);
    expect(event.summary).toBe('Parlour-এ সিগনেচার গ্লো ফেসিয়াল');
    expect(event.description).toBe('Parlour-এ আপনার ৬০ মিনিটের অ্যাপয়েন্টমেন্ট।\nস্টাইলিস্ট: নীলা\nদেখুন, সময় বদলান বা বাতিল করুন: https://parlour.example/bn/dashboard/userhome\nফোন: +880 1700-000000');
    expect(event.location).toBe('বাড়ি ১২, রোড ৫, ধানমন্ডি, ঢাকা ১২০৫, বাংলাদেশ');
    expect(new ICAL.Event(second!).summary).toBe('Parlour-এ জেল নেইল এক্সটেনশন');

    const read = Object.values(nodeIcal.sync.parseICS(file.content)).filter((c) => c?.type === 'VEVENT');
    expect(read).toHaveLength(2);
    const summaries = read.map((e) => (e as { summary: unknown }).summary);
    // node-ical gives a property with parameters as { params, val }.
    expect(summaries).toEqual([
      { params: { LANGUAGE: 'bn' }, val: 'Parlour-এ সিগনেচার গ্লো ফেসিয়াল' },
      { params: { LANGUAGE: 'bn' }, val: 'Parlour-এ জেল নেইল এক্সটেনশন' },
    ]);
  });

  it('an English file is marked LANGUAGE=en and reads as before', () => {
    const file = buildIcs([sampleAppointment()], { timeZone: 'Asia/Dhaka', publicUrl: 'https://parlour.example', now });
    expect(file.content).toContain('SUMMARY;LANGUAGE=en:Signature Glow Facial at Parlour\r\n');
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(file.content)).getFirstSubcomponent('vevent')!);
    expect(event.location).toBe(salon.address);
  });
});

describe("the refusals that say how long to wait", () => {
  it('are translated with their number in Bengali digits, or Latin ones when the salon chose them', () => {
    const english = 'Too many wrong passwords. Try again in 12 minutes.';
    expect(translateMessage(english, 'bn')).toBe('অনেকবার ভুল পাসওয়ার্ড দেওয়া হয়েছে। ১২ মিনিট পরে আবার চেষ্টা করুন।');
    expect(translateMessage('Too many wrong passwords. Try again in 1 minute.', 'bn')).toBe('অনেকবার ভুল পাসওয়ার্ড দেওয়া হয়েছে। ১ মিনিট পরে আবার চেষ্টা করুন।');
    expect(translateMessage(english, 'bn', true)).toBe('অনেকবার ভুল পাসওয়ার্ড দেওয়া হয়েছে। 12 মিনিট পরে আবার চেষ্টা করুন।');
    expect(translateMessage(english, 'en')).toBe(english);
  });
});

describe('the CSV file in Bangla', () => {
  it('has its header row and status words in Bangla, numbers as spreadsheets read them, and is RFC 4180', () => {
    const booking = {
      _id: 'b1',
      startsAt: '2026-06-02T04:00:00.000Z',
      endsAt: '2026-06-02T05:00:00.000Z',
      title: 'Facial, "Glow"',
      duration: 60,
      price: 1200,
      refunded: 0,
      status: 'no-show',
      customer: { name: 'মিম', email: 'mim@example.com' },
      paymentId: 'p1',
      staffName: null,
      money: { paidOnline: 360, paidAtSalon: 0, due: 0, depositKept: 360 },
    } as unknown as Booking;
    const csv = bookingsCsv([booking], 'Asia/Dhaka', 'bn');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows = parse(csv, { bom: true }) as string[][];
    expect(rows[0]!.slice(0, 8)).toEqual(['বুকিং', 'শুরু', 'শেষ', 'সেবা', 'মিনিট', 'দাম (টাকা)', 'ফেরত (টাকা)', 'অবস্থা']);
    expect(rows[1]).toEqual(['b1', '2026-06-02 10:00', '2026-06-02 11:00', 'Facial, "Glow"', '60', '1200', '0', 'আসেননি', 'মিম', 'mim@example.com', 'p1', '', '360', '0', '0', '360']);
  });
});
