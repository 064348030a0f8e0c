import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { buildIcs, googleCalendarLink, type CalendarAppointment } from '../calendar/ics.js';
import { salon } from '../../shared/salon.js';
import { sampleAppointment } from '../test/appointments.js';
import { cancelledMail, confirmationMail, escapeHtml, movedMail, reminderMail, reviewRequestMail, type MailAppointment, type MailContent } from './templates.js';

const context = { timeZone: 'Asia/Dhaka', publicUrl: 'https://parlour.example' };
const HOSTILE = `<script>alert("x")</script> Mim & 'Co' <img src=x onerror=alert(1)>`;

/** A visit for the e-mails: paid in full online unless told how it was booked to be paid. */
function forMail(a: CalendarAppointment, priceMinor = 350_000, pay: Pick<MailAppointment, 'plan' | 'onlineMinor'> = { plan: 'full', onlineMinor: priceMinor }): MailAppointment {
  return { ...a, priceMinor, ...pay, googleCalendarUrl: googleCalendarLink(a, context) };
}

const ics = (appointments: CalendarAppointment[]) => buildIcs(appointments, { ...context, now: new Date('2026-05-20T09:00:00Z'), customer: { name: 'Mim', email: 'mim@example.com' } });

function parseAttachment(mail: MailContent) {
  const [file] = mail.attachments ?? [];
  if (!file) throw new Error('no attachment');
  const calendar = new ICAL.Component(ICAL.parse(file.content));
  return { file, method: calendar.getFirstPropertyValue('method'), events: calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)) };
}

/** What every e-mail must be: a subject, a text part and an HTML part that stands on its own. */
function expectWellFormed(mail: MailContent) {
  expect(mail.subject.length).toBeGreaterThan(5);
  expect(mail.text.length).toBeGreaterThan(50);
  expect(mail.html).toMatch(/^<!doctype html>/);
  // Mail programs drop style sheets and block images: inline styles only, no images.
  expect(mail.html).not.toMatch(/<style|<link|<img|<script/i);
  expect(mail.html).toContain('style="');
  // The salon signs every e-mail, in both parts.
  for (const part of [mail.text, mail.html!]) {
    expect(part).toContain(salon.phone);
    expect(part).toContain(escapeHtmlIf(part === mail.html, salon.address));
  }
}

const escapeHtmlIf = (html: boolean, value: string) => (html ? escapeHtml(value) : value);

describe('appointment e-mails', () => {
  const confirmed = [sampleAppointment(), sampleAppointment({ id: '1c2d3e4f-0000-4000-8000-000000000002', title: 'Gel Nail Extensions', startsAt: new Date('2026-06-02T08:00:00Z'), endsAt: new Date('2026-06-02T09:30:00Z') })];

  it('the confirmation lists every appointment with its time, length and price, the total, a calendar file and Google links', () => {
    const mail = confirmationMail({ ...context, name: 'Mim Hossain', appointments: confirmed.map((a) => forMail(a, 120_000)), cancelNoticeHours: 24, calendar: ics(confirmed) });
    expectWellFormed(mail);
    expect(mail.subject).toBe('Your Parlour appointments are confirmed');
    expect(mail.text).toContain('Dear Mim Hossain,');
    expect(mail.text).toContain('- Signature Glow Facial: Tue, 2 Jun 2026 at 10:00 (60 minutes, ৳1,200)');
    expect(mail.text).toContain('- Gel Nail Extensions: Tue, 2 Jun 2026 at 14:00 (90 minutes, ৳1,200)');
    expect(mail.text).toContain('Thank you for your payment of ৳2,400.');
    expect(mail.text).toContain('Times are in Dhaka time (Asia/Dhaka).');
    expect(mail.text).toContain('See your appointments: https://parlour.example/dashboard/userhome');
    expect(mail.text).toContain('up to 24 hours before it starts');
    expect(mail.html).toContain('Tue, 2 Jun 2026, 14:00 · 90 minutes');
    // Two links, one per appointment, their & written as &amp; inside the attribute.
    expect(mail.html!.match(/>Add to Google Calendar</g)).toHaveLength(2);
    expect(mail.html).toContain(escapeHtml(googleCalendarLink(confirmed[0]!, context)));
    const calendar = parseAttachment(mail);
    expect(calendar.file).toMatchObject({ filename: 'parlour-appointment-2026-06-02.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH' });
    expect(calendar.method).toBe('PUBLISH');
    expect(calendar.events.map((e) => [e.uid, e.startDate.toJSDate().toISOString()])).toEqual([
      ['booking-0b9d6c1e-4f7a-4f55-9a55-2d3f0e6b7a11@parlour.example', '2026-06-02T04:00:00.000Z'],
      ['booking-1c2d3e4f-0000-4000-8000-000000000002@parlour.example', '2026-06-02T08:00:00.000Z'],
    ]);
  });

  it('says per visit what a deposit paid online and what is due at the salon, the sums, and the policy for each kind of visit', () => {
    const [facial, nails] = confirmed;
    const mail = confirmationMail({
      ...context,
      name: 'Mim',
      appointments: [forMail(facial!, 120_000, { plan: 'deposit', onlineMinor: 36_000 }), forMail(nails!, 250_000, { plan: 'at-salon', onlineMinor: 0 })],
      cancelNoticeHours: 24,
      calendar: ics(confirmed),
    });
    expectWellFormed(mail);
    expect(mail.text).toContain('Thank you for your payment of ৳360 online; ৳3,340 is due at the salon at your visits.');
    expect(mail.text).toContain('- Signature Glow Facial: Tue, 2 Jun 2026 at 10:00 (60 minutes, ৳1,200)\n  ৳360 paid online · ৳840 due at the salon\n');
    expect(mail.text).toContain('- Gel Nail Extensions: Tue, 2 Jun 2026 at 14:00 (90 minutes, ৳2,500)\n  Nothing paid online · ৳2,500 due at the salon\n');
    expect(mail.html).toContain('৳360 paid online · ৳840 due at the salon</span>');
    expect(mail.html).toContain('Nothing paid online · ৳2,500 due at the salon</span>');
    // The policy in the checkout's words, for the two kinds of visit on it and not for the third.
    for (const part of [mail.text, mail.html!]) {
      expect(part).toContain(escapeHtmlIf(part === mail.html, 'Deposit: cancel up to 24 hours before your visit and your deposit is refunded; if you cancel later or do not come, the salon keeps the deposit.'));
      expect(part).toContain('Pay at the salon: nothing is charged online.');
      expect(part).not.toContain('Paid in full:');
    }
  });

  it('a list with nothing paid online thanks for no payment; a list paid in full says no figure for the salon', () => {
    const atSalon = confirmationMail({ ...context, name: 'Mim', appointments: [forMail(confirmed[0]!, 120_000, { plan: 'at-salon', onlineMinor: 0 })], cancelNoticeHours: 0, calendar: ics([confirmed[0]!]) });
    expectWellFormed(atSalon);
    expect(atSalon.text).toContain('Your booking is confirmed: you pay ৳1,200 at the salon at your visit.');
    expect(atSalon.text).not.toContain('Thank you for your payment');
    const full = confirmationMail({ ...context, name: 'Mim', appointments: [forMail(confirmed[0]!, 120_000)], cancelNoticeHours: 1, calendar: ics([confirmed[0]!]) });
    expect(full.text).toContain('Thank you for your payment of ৳1,200. We look forward');
    expect(full.text).not.toContain('due at the salon');
    expect(full.text).toContain('Paid in full: cancel up to 1 hour before your visit and everything is refunded.');
  });

  it('the reminder names the visit, the address and how to move or cancel, with the calendar file', () => {
    const mail = reminderMail({ ...context, name: 'Mim', appointment: forMail(sampleAppointment()), cancelNoticeHours: 12, calendar: ics([sampleAppointment()]) });
    expectWellFormed(mail);
    expect(mail.subject).toBe('Reminder: Signature Glow Facial on Tue, 2 Jun 2026 at 10:00');
    expect(mail.text).toContain(`A reminder of your appointment at Parlour, ${salon.address}:`);
    expect(mail.text).toContain('up to 12 hours before it starts');
    expect(mail.text).toContain('Add to Google Calendar: https://calendar.google.com/calendar/render?');
    expect(parseAttachment(mail).method).toBe('PUBLISH');
  });

  it('the moved notice says who moved it, from when to when, and carries the updated event', () => {
    const now = sampleAppointment({ startsAt: new Date('2026-06-03T05:00:00Z'), endsAt: new Date('2026-06-03T06:00:00Z'), sequence: 1 });
    const bySalon = movedMail({ ...context, name: 'Mim', appointment: forMail(now), previousStartsAt: new Date('2026-06-02T04:00:00Z'), by: 'salon', calendar: ics([now]) });
    expectWellFormed(bySalon);
    expect(bySalon.subject).toBe('Your Signature Glow Facial is now on Wed, 3 Jun 2026 at 11:00');
    expect(bySalon.text).toContain('Parlour has moved your Signature Glow Facial from Tue, 2 Jun 2026 at 10:00 to Wed, 3 Jun 2026 at 11:00.');
    expect(bySalon.text).toContain(`If the new time does not suit you, call us on ${salon.phone}.`);
    const byHer = movedMail({ ...context, name: 'Mim', appointment: forMail(now), previousStartsAt: new Date('2026-06-02T04:00:00Z'), by: 'customer', calendar: ics([now]) });
    expect(byHer.text).toContain('You moved your Signature Glow Facial from Tue, 2 Jun 2026 at 10:00 to Wed, 3 Jun 2026 at 11:00.');
    expect(byHer.text).not.toContain('call us');
    const calendar = parseAttachment(byHer);
    expect(calendar.events[0]!.sequence).toBe(1);
    expect(calendar.events[0]!.startDate.toJSDate()).toEqual(now.startsAt);
  });

  it('the cancellation by the salon apologises and states the refund; hers is a short confirmation; both remove the event', () => {
    const gone = sampleAppointment({ status: 'cancelled', sequence: 1 });
    const bySalon = cancelledMail({ ...context, name: 'Mim', appointment: forMail(gone), by: 'salon', refundedMinor: 350_000, paidBy: 'card', calendar: ics([gone]) });
    expectWellFormed(bySalon);
    expect(bySalon.subject).toBe('Cancelled: Signature Glow Facial on Tue, 2 Jun 2026 at 10:00');
    expect(bySalon.text).toContain('We are sorry: Parlour has had to cancel your Signature Glow Facial on Tue, 2 Jun 2026 at 10:00.');
    expect(bySalon.text).toContain('৳3,500 has been refunded to the card you paid with.');
    expect(bySalon.html).toContain('৳3,500 has been refunded');
    expect(bySalon.html).toContain('<s>Signature Glow Facial</s>');
    const byHer = cancelledMail({ ...context, name: 'Mim', appointment: forMail(gone), by: 'customer', refundedMinor: 350_000, paidBy: 'card', calendar: ics([gone]) });
    expect(byHer.text).toContain('You cancelled your Signature Glow Facial on Tue, 2 Jun 2026 at 10:00.');
    expect(byHer.text).not.toContain('sorry');
    for (const mail of [bySalon, byHer]) {
      const calendar = parseAttachment(mail);
      expect(calendar.file.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
      expect(calendar.method).toBe('CANCEL');
      expect(calendar.events[0]!.sequence).toBe(1);
    }
  });

  it('a late cancellation of a deposit says the salon keeps it; an in-time one refunds it; a pay-at-salon visit says nothing of money', () => {
    const gone = sampleAppointment({ status: 'cancelled', sequence: 1 });
    const deposit = { plan: 'deposit', onlineMinor: 36_000 } as const;
    const kept = cancelledMail({ ...context, name: 'Mim', appointment: forMail(gone, 120_000, deposit), by: 'customer', refundedMinor: 0, paidBy: 'card', calendar: ics([gone]) });
    expectWellFormed(kept);
    for (const part of [kept.text, kept.html!]) {
      expect(part).toContain('The salon keeps your deposit of ৳360');
      expect(part).not.toMatch(/refund/i);
    }
    const inTime = cancelledMail({ ...context, name: 'Mim', appointment: forMail(gone, 120_000, deposit), by: 'customer', refundedMinor: 36_000, paidBy: 'bkash', calendar: ics([gone]) });
    // Back the way she paid: her bKash account, not a card.
    expect(inTime.text).toContain('৳360 has been refunded to your bKash account.');
    expect(inTime.text).not.toContain('keeps');
    const atSalon = cancelledMail({ ...context, name: 'Mim', appointment: forMail(gone, 120_000, { plan: 'at-salon', onlineMinor: 0 }), by: 'customer', refundedMinor: 0, paidBy: null, calendar: ics([gone]) });
    expectWellFormed(atSalon);
    expect(atSalon.text).toContain('You cancelled your Signature Glow Facial on Tue, 2 Jun 2026 at 10:00.');
    for (const part of [atSalon.text, atSalon.html!]) {
      expect(part).not.toMatch(/refund|charged|deposit|৳/i);
    }
  });

  it("names the stylist beside her visit in both parts, and nobody beside a visit without one", () => {
    const withNila = sampleAppointment({ staffName: 'Nila Akter' });
    const mail = confirmationMail({ ...context, name: 'Mim', appointments: [forMail(withNila, 120_000), forMail(confirmed[1]!, 120_000)], cancelNoticeHours: 24, calendar: ics([withNila, confirmed[1]!]) });
    expect(mail.text).toContain('- Signature Glow Facial with Nila Akter: Tue, 2 Jun 2026 at 10:00 (60 minutes, ৳1,200)');
    expect(mail.text).toContain('- Gel Nail Extensions: Tue, 2 Jun 2026 at 14:00 (90 minutes, ৳1,200)');
    expect(mail.html).toContain('<strong>Signature Glow Facial</strong> with Nila Akter<br>');
    expect(mail.html).toContain('<strong>Gel Nail Extensions</strong><br>');
    expect(mail.text).not.toMatch(/with null|with :/);
    const review = reviewRequestMail({ name: 'Mim', title: 'Signature Glow Facial', staffName: 'Nila Akter', reviewUrl: 'https://parlour.example/r' });
    expect(review.subject).toBe('How was your Signature Glow Facial?');
    expect(review.text).toContain('for your Signature Glow Facial with Nila Akter.');
    const nobody = reviewRequestMail({ name: 'Mim', title: 'Signature Glow Facial', staffName: null, reviewUrl: 'https://parlour.example/r' });
    expect(nobody.text).toContain('for your Signature Glow Facial. We would love');
  });

  it('the review request links to the form for that visit', () => {
    const mail = reviewRequestMail({ name: 'Mim', title: 'Signature Glow Facial', staffName: null, reviewUrl: 'https://parlour.example/dashboard/review?booking=abc&x=1' });
    expectWellFormed(mail);
    expect(mail.subject).toBe('How was your Signature Glow Facial?');
    expect(mail.text).toContain('Write your review: https://parlour.example/dashboard/review?booking=abc&x=1');
    expect(mail.html).toContain('href="https://parlour.example/dashboard/review?booking=abc&amp;x=1"');
    expect(mail.attachments).toBeUndefined();
  });

  it('escapes names and titles in the HTML part; the text part keeps them as written', () => {
    const hostile = sampleAppointment({ title: HOSTILE, staffName: HOSTILE });
    const mails = [
      confirmationMail({ ...context, name: HOSTILE, appointments: [forMail(hostile)], cancelNoticeHours: 24, calendar: ics([hostile]) }),
      reminderMail({ ...context, name: HOSTILE, appointment: forMail(hostile), cancelNoticeHours: 24, calendar: ics([hostile]) }),
      movedMail({ ...context, name: HOSTILE, appointment: forMail(hostile), previousStartsAt: new Date('2026-06-01T04:00:00Z'), by: 'salon', calendar: ics([hostile]) }),
      cancelledMail({ ...context, name: HOSTILE, appointment: forMail(hostile), by: 'salon', refundedMinor: 100, paidBy: 'card', calendar: ics([hostile]) }),
      reviewRequestMail({ name: HOSTILE, title: HOSTILE, staffName: HOSTILE, reviewUrl: 'https://parlour.example/dashboard/review?booking="onmouseover=alert(1)' }),
    ];
    for (const mail of mails) {
      expect(mail.html).not.toContain('<script');
      expect(mail.html).not.toContain('<img');
      expect(mail.html).not.toContain('"onmouseover');
      expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Mim &amp; &#39;Co&#39;');
      expect(mail.text).toContain(HOSTILE);
      // The stylist's name too: 'with' and her name, escaped in the HTML, as typed in the text.
      expect(mail.html).toContain('with &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Mim &amp; &#39;Co&#39;');
      expect(mail.text).toContain(`with ${HOSTILE}`);
    }
  });
});
