import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { buildIcs, googleCalendarLink, type CalendarAppointment } from '../calendar/ics.js';
import { salon } from '../../shared/salon.js';
import { sampleAppointment } from '../test/appointments.js';
import { cancelledMail, confirmationMail, escapeHtml, movedMail, reminderMail, reviewRequestMail, type MailAppointment, type MailContent } from './templates.js';

const context = { timeZone: 'Asia/Dhaka', publicUrl: 'https://parlour.example' };
const HOSTILE = `<script>alert("x")</script> Mim & 'Co' <img src=x onerror=alert(1)>`;

function forMail(a: CalendarAppointment, priceMinor = 350_000): MailAppointment {
  return { ...a, priceMinor, googleCalendarUrl: googleCalendarLink(a, context) };
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
    const mail = confirmationMail({ ...context, name: 'Mim Hossain', appointments: confirmed.map((a) => forMail(a, 120_000)), totalMinor: 240_000, cancelNoticeHours: 24, calendar: ics(confirmed) });
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
    const bySalon = cancelledMail({ ...context, name: 'Mim', appointment: forMail(gone), by: 'salon', refundedMinor: 350_000, calendar: ics([gone]) });
    expectWellFormed(bySalon);
    expect(bySalon.subject).toBe('Cancelled: Signature Glow Facial on Tue, 2 Jun 2026 at 10:00');
    expect(bySalon.text).toContain('We are sorry: Parlour has had to cancel your Signature Glow Facial on Tue, 2 Jun 2026 at 10:00.');
    expect(bySalon.text).toContain('৳3,500 has been refunded to the card you paid with.');
    expect(bySalon.html).toContain('৳3,500 has been refunded');
    expect(bySalon.html).toContain('<s>Signature Glow Facial</s>');
    const byHer = cancelledMail({ ...context, name: 'Mim', appointment: forMail(gone), by: 'customer', refundedMinor: 350_000, calendar: ics([gone]) });
    expect(byHer.text).toContain('You cancelled your Signature Glow Facial on Tue, 2 Jun 2026 at 10:00.');
    expect(byHer.text).not.toContain('sorry');
    for (const mail of [bySalon, byHer]) {
      const calendar = parseAttachment(mail);
      expect(calendar.file.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
      expect(calendar.method).toBe('CANCEL');
      expect(calendar.events[0]!.sequence).toBe(1);
    }
  });

  it("names the stylist beside her visit in both parts, and nobody beside a visit without one", () => {
    const withNila = sampleAppointment({ staffName: 'Nila Akter' });
    const mail = confirmationMail({ ...context, name: 'Mim', appointments: [forMail(withNila, 120_000), forMail(confirmed[1]!, 120_000)], totalMinor: 240_000, cancelNoticeHours: 24, calendar: ics([withNila, confirmed[1]!]) });
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
      confirmationMail({ ...context, name: HOSTILE, appointments: [forMail(hostile)], totalMinor: 1, cancelNoticeHours: 24, calendar: ics([hostile]) }),
      reminderMail({ ...context, name: HOSTILE, appointment: forMail(hostile), cancelNoticeHours: 24, calendar: ics([hostile]) }),
      movedMail({ ...context, name: HOSTILE, appointment: forMail(hostile), previousStartsAt: new Date('2026-06-01T04:00:00Z'), by: 'salon', calendar: ics([hostile]) }),
      cancelledMail({ ...context, name: HOSTILE, appointment: forMail(hostile), by: 'salon', refundedMinor: 100, calendar: ics([hostile]) }),
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
