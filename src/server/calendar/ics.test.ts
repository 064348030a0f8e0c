import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { salon } from '../../shared/salon.js';
import { sampleAppointment } from '../test/appointments.js';
import { readCalendarFile } from '../test/calendar-files.js';
import { appointmentUid, buildIcs, googleCalendarLink, icsMethod, type CalendarContext } from './ics.js';

const context: CalendarContext = { timeZone: 'Asia/Dhaka', publicUrl: 'https://parlour.example:8443', now: new Date('2026-05-20T09:15:00Z') };

/** Parses the file as a calendar app would, with a library of its own. */
function parse(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => ({ vevent, event: new ICAL.Event(vevent) }));
  return { calendar, events };
}

describe('buildIcs', () => {
  it('writes one event with UTC times, the salon zone named, the address, a stable UID and the sequence', () => {
    const file = buildIcs([sampleAppointment({ sequence: 3 })], context);
    const { calendar, events } = parse(file.content);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Asia/Dhaka');
    expect(events).toHaveLength(1);
    const { event, vevent } = events[0]!;
    expect(event.startDate.toJSDate()).toEqual(new Date('2026-06-02T04:00:00Z'));
    expect(event.endDate.toJSDate()).toEqual(new Date('2026-06-02T05:00:00Z'));
    // UTC (Z), not a floating local time that each app would read in its own zone.
    expect(event.startDate.zone.tzid).toBe('UTC');
    expect(file.content).toContain('DTSTART:20260602T040000Z\r\n');
    expect(event.uid).toBe('booking-0b9d6c1e-4f7a-4f55-9a55-2d3f0e6b7a11@parlour.example');
    expect(event.sequence).toBe(3);
    expect(event.location).toBe(salon.address);
    expect(event.summary).toBe(`Signature Glow Facial at ${salon.name}`);
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(vevent.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-05-20T09:15:00Z');
    expect(String(vevent.getFirstPropertyValue('organizer'))).toBe(`mailto:${salon.email}`);
    expect(event.description).toContain('https://parlour.example:8443/dashboard/userhome');
    // PUBLISH carries no attendees.
    expect(vevent.getAllProperties('attendee')).toHaveLength(0);
    expect(file).toMatchObject({ method: 'PUBLISH', filename: 'parlour-appointment-2026-06-02.ics' });
  });

  it('names the file after the salon-local date, not the UTC one', () => {
    // 00:30 on 3 June in Dhaka is still 2 June in UTC.
    const file = buildIcs([sampleAppointment({ startsAt: new Date('2026-06-02T18:30:00Z'), endsAt: new Date('2026-06-02T19:30:00Z') })], context);
    expect(file.filename).toBe('parlour-appointment-2026-06-03.ics');
  });

  it('cancels a cancelled booking with METHOD:CANCEL, STATUS:CANCELLED, the same UID and the raised sequence', () => {
    const booked = parse(buildIcs([sampleAppointment({ sequence: 1 })], context).content).events[0]!.event;
    const file = buildIcs([sampleAppointment({ status: 'cancelled', sequence: 2 })], { ...context, customer: { name: 'Ayesha Rahman', email: 'ayesha@example.com' } });
    const { calendar, events } = parse(file.content);
    expect(file.method).toBe('CANCEL');
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    const { event, vevent } = events[0]!;
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    // The calendar app matches the cancellation to the event it holds by UID, and takes it
    // because its sequence is higher.
    expect(event.uid).toBe(booked.uid);
    expect(event.sequence).toBeGreaterThan(booked.sequence);
    expect(event.attendees.map((attendee) => String(attendee.getFirstValue()).toLowerCase())).toEqual(['mailto:ayesha@example.com']);
  });

  it('puts one event per appointment in one file, and publishes when any of them is still on', () => {
    const second = sampleAppointment({
      id: '5c1f3a2b-0d8e-4e3f-8a71-6b2c9d0e1f22',
      title: 'Classic Manicure',
      startsAt: new Date('2026-06-02T06:00:00Z'),
      endsAt: new Date('2026-06-02T06:45:00Z'),
      status: 'cancelled',
      sequence: 1,
    });
    const file = buildIcs([second, sampleAppointment()], context);
    const { calendar, events } = parse(file.content);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(events.map(({ event }) => [event.summary, event.startDate.toJSDate().toISOString(), event.sequence])).toEqual([
      [`Classic Manicure at ${salon.name}`, '2026-06-02T06:00:00.000Z', 1],
      [`Signature Glow Facial at ${salon.name}`, '2026-06-02T04:00:00.000Z', 0],
    ]);
    expect(events.map(({ vevent }) => vevent.getFirstPropertyValue('status'))).toEqual(['CANCELLED', 'CONFIRMED']);
    expect(new Set(events.map(({ event }) => event.uid)).size).toBe(2);
    // Named after the earliest visit.
    expect(file.filename).toBe('parlour-appointment-2026-06-02.ics');
  });

  it('escapes text a calendar would otherwise split', () => {
    const { events } = parse(buildIcs([sampleAppointment({ title: 'Hair, cut; and colour\nnew line' })], context).content);
    expect(events[0]!.event.summary).toBe(`Hair, cut; and colour\nnew line at ${salon.name}`);
  });

  it('folds long lines at 75 octets without splitting a character (ical-generator patched: decision 025)', () => {
    // Bengali (3 octets a character), an accent (2) and an emoji (4, a surrogate pair), long
    // enough that SUMMARY and DESCRIPTION fold several times each.
    const title = `মেহেদি ও ফেসিয়াল, Café 💅 `.repeat(6).trim();
    const { content } = buildIcs([sampleAppointment({ title })], context);
    const lines = content.split('\r\n');
    for (const line of lines) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      // A line cut inside a character would hold a lone surrogate, which comes back as U+FFFD.
      expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
    }
    expect(lines.filter((line) => line.startsWith(' ')).length).toBeGreaterThan(4);
    const { events } = parse(content);
    expect(events[0]!.event.summary).toBe(`${title} at ${salon.name}`);
  });

  it("names the stylist in the description ('Stylist: …'), escaped and folded, read the same by both parsers; nobody when there is none", () => {
    const name = 'Nila; Akter, \\ "Nilu" নীলা আক্তার 💅 with a long second name that folds';
    const file = buildIcs([sampleAppointment({ staffName: name }), sampleAppointment({ id: '5c1f3a2b-0d8e-4e3f-8a71-6b2c9d0e1f22', startsAt: new Date('2026-06-02T06:00:00Z'), endsAt: new Date('2026-06-02T07:00:00Z') })], context);
    const read = readCalendarFile(file.content);
    expect(read.events.map((e) => e.description.split('\n'))).toEqual([
      [`Your 60-minute appointment at ${salon.name}.`, `Stylist: ${name}`, 'See, move or cancel it: https://parlour.example:8443/dashboard/userhome', `Phone: ${salon.phone}`],
      [`Your 60-minute appointment at ${salon.name}.`, 'See, move or cancel it: https://parlour.example:8443/dashboard/userhome', `Phone: ${salon.phone}`],
    ]);
    // As written: TEXT escapes (RFC 5545 3.3.11) and lines of at most 75 octets.
    const unfolded = file.content.replace(/\r\n /g, '');
    expect(unfolded).toContain('\\nStylist: Nila\\; Akter\\, \\\\ "Nilu" নীলা আক্তার 💅 with a long second name that folds\\n');
    for (const line of file.content.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(new URL(googleCalendarLink(sampleAppointment({ staffName: 'Nila Akter' }), context)).searchParams.get('details')).toContain('\nStylist: Nila Akter\n');
  });

  it('ends the file with CRLF, as RFC 5545 ends every line', () => {
    const { content } = buildIcs([sampleAppointment()], context);
    expect(content.endsWith('END:VCALENDAR\r\n')).toBe(true);
    // Every line, the last included: no bare LF, no line left open.
    expect(content.split('\r\n').at(-1)).toBe('');
    expect(content.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('refuses an empty list', () => {
    expect(() => buildIcs([], context)).toThrow(RangeError);
  });
});

describe('icsMethod and appointmentUid', () => {
  it('cancels only when every appointment is cancelled', () => {
    expect(icsMethod([{ status: 'cancelled' }, { status: 'cancelled' }])).toBe('CANCEL');
    expect(icsMethod([{ status: 'cancelled' }, { status: 'confirmed' }])).toBe('PUBLISH');
    expect(icsMethod([])).toBe('PUBLISH');
  });

  it('builds the UID from the booking id and the host of the public address', () => {
    expect(appointmentUid('abc', 'http://localhost:3000')).toBe('booking-abc@localhost');
  });
});

describe('googleCalendarLink', () => {
  it("fills Google's new-event page with the title, UTC times, details and the address", () => {
    const link = new URL(googleCalendarLink(sampleAppointment(), context));
    expect(link.origin + link.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(link.searchParams.get('action')).toBe('TEMPLATE');
    expect(link.searchParams.get('text')).toBe(`Signature Glow Facial at ${salon.name}`);
    expect(link.searchParams.get('dates')).toBe('20260602T040000Z/20260602T050000Z');
    expect(link.searchParams.get('location')).toBe(salon.address);
    expect(link.searchParams.get('details')).toContain('https://parlour.example:8443/dashboard/userhome');
    expect(link.searchParams.get('ctz')).toBe('Asia/Dhaka');
  });
});

/**
 * Customers' names and the salon's service titles hold what people type: quotes, commas,
 * semicolons, colons, backslashes, Bangla, emoji. Every file we send (the confirmation with its
 * visits, a moved visit, a reminder, a cancellation, the download) is built by buildIcs in one of
 * these shapes; each is read by two independent parsers, which must agree and get the text back.
 */
describe('hostile names and titles, read by two parsers', () => {
  // [what she typed, what the calendar shows]. A quoted parameter (CN="…") cannot hold a double
  // quote or a control character at all (RFC 5545 3.1), so those are replaced, and so are the
  // backslash and the semicolon that parsers misread there (see quotableName); the rest is kept.
  const names: [string, string][] = [
    ['Mim "Mimi" Akter', "Mim 'Mimi' Akter"],
    ['Akter, Mim', 'Akter, Mim'],
    ['Mim; Akter', 'Mim, Akter'],
    ['Dr: Mim Akter', 'Dr: Mim Akter'],
    ['Mim \\ Akter', 'Mim / Akter'],
    ['মিম আক্তার', 'মিম আক্তার'],
    ['Mim 💅 Akter', 'Mim 💅 Akter'],
    ['"Mim",\tAkter;\n\u0007:\\ মিম 💅"', "'Mim', Akter, :/ মিম 💅'"],
    ['"""', "'''"],
  ];
  const titles = ['Hair "cut", colour; 2:1 \\ trim', 'মেহেদি ও ফেসিয়াল 💅', 'Nails\u0007 & "gel"\r\nextras'];
  const shownTitle = (title: string) => `${title.replace('\u0007', ' ').replace('\r\n', '\n')} at ${salon.name}`;
  const customer = (name: string) => ({ name, email: 'mim.akter@example.com' });
  const description = `Your 60-minute appointment at ${salon.name}.\nSee, move or cancel it: https://parlour.example:8443/dashboard/userhome\nPhone: ${salon.phone}`;

  it.each(names)('a cancellation names %j as the attendee', (typed, shown) => {
    for (const title of titles) {
      const { content } = buildIcs([sampleAppointment({ title, status: 'cancelled', sequence: 2 })], { ...context, customer: customer(typed) });
      const read = readCalendarFile(content);
      expect(read.method).toBe('CANCEL');
      expect(read.events).toHaveLength(1);
      const [event] = read.events;
      expect(event!.attendees).toEqual([{ name: shown, email: 'mim.akter@example.com' }]);
      expect(event!.organizer).toEqual({ name: salon.name, email: salon.email });
      expect(event!.summary).toBe(shownTitle(title));
      expect(event!.description).toBe(description);
      expect(event!.location).toBe(salon.address);
      expect(event!.status).toBe('CANCELLED');
    }
  });

  it('a confirmation of several visits, and one visit moved or reminded of (PUBLISH), read back whole', () => {
    const visits = titles.map((title, i) =>
      sampleAppointment({
        id: `0b9d6c1e-4f7a-4f55-9a55-2d3f0e6b7a1${i}`,
        title,
        startsAt: new Date(Date.UTC(2026, 5, 2, 4 + i * 2)),
        endsAt: new Date(Date.UTC(2026, 5, 2, 5 + i * 2)),
        sequence: i,
      }),
    );
    for (const [typed] of names) {
      for (const appointments of [visits, [visits[1]!]]) {
        const read = readCalendarFile(buildIcs(appointments, { ...context, customer: customer(typed) }).content);
        expect(read.method).toBe('PUBLISH');
        expect(read.events.map((e) => [e.summary, e.description, e.start, e.sequence, e.status, e.attendees, e.organizer])).toEqual(
          appointments.map((a) => [shownTitle(a.title), description, a.startsAt.toISOString(), a.sequence, 'CONFIRMED', [], { name: salon.name, email: salon.email }]),
        );
      }
    }
  });
});
