import ical, { foldLines, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { BookingStatus } from '../../shared/payments.js';
import { salon } from '../../shared/salon.js';
import { instantToZoned } from '../../shared/calendar.js';
import { pathIn, type Language } from '../../shared/i18n/language.js';
import { textsFor, type Texts } from '../i18n.js';

/**
 * iCalendar files (RFC 5545) for appointments, and the 'Add to Google Calendar' link.
 *
 * Times are written in UTC (the trailing Z): every calendar app reads those the same way, with no
 * VTIMEZONE to get wrong. The salon's zone is still named (X-WR-TIMEZONE), so apps that honour it
 * show the calendar in salon time.
 */

/** What a calendar event needs of a booking; a row of the bookings table has all of it. */
export interface CalendarAppointment {
  id: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  status: BookingStatus;
  /** The booking's `sequence` column: raised on every move and cancellation, so a later file wins. */
  sequence: number;
  /** Her stylist's name; null for a booking made before the salon had stylists (no line is written). */
  staffName: string | null;
}

export interface CalendarContext {
  /** The salon's IANA zone (settings.timeZone). */
  timeZone: string;
  /** The site's address (config.publicUrl); its host makes the UIDs, its pages the links. */
  publicUrl: string;
  /** DTSTAMP: when the file was made. */
  now: Date;
  /** The customer; a cancellation names her as the attendee being removed (RFC 5546, CANCEL). */
  customer?: { name: string; email: string } | undefined;
  /** Her language (docs/decisions/051): the summary, description and address are written in it. */
  language?: Language | undefined;
  /** The salon writes Bangla's numbers in Latin digits (settings.latinDigits). */
  latinDigits?: boolean | undefined;
}

export type IcsMethod = 'PUBLISH' | 'CANCEL';

/** Shaped like nodemailer's `icalEvent` option, so an e-mail can attach it as it is. */
export interface IcsFile {
  filename: string;
  method: IcsMethod;
  content: string;
}

/** The page where the customer sees, moves or cancels her appointments, in her language. */
function appointmentsPage(publicUrl: string, language: Language): string {
  return `${publicUrl}${pathIn(language, '/dashboard/userhome')}`;
}

/** The same UID for a booking in every file we ever send, so a later file updates the event. */
export function appointmentUid(bookingId: string, publicUrl: string): string {
  return `booking-${bookingId}@${new URL(publicUrl).hostname}`;
}

/**
 * CANCEL when every appointment in the file is cancelled: the calendar removes the events. Any
 * live appointment makes it PUBLISH, where a cancelled one is still marked STATUS:CANCELLED.
 */
export function icsMethod(appointments: readonly Pick<CalendarAppointment, 'status'>[]): IcsMethod {
  return appointments.length > 0 && appointments.every((a) => a.status === 'cancelled') ? 'CANCEL' : 'PUBLISH';
}

/**
 * A name as a quoted parameter (CN="…") may hold it. RFC 5545 (3.1) lets a quoted parameter value
 * hold anything but DQUOTE and control characters, and gives no way to escape them: the
 * backslash ical-generator puts before a quote is not iCalendar, and calendar apps either drop the
 * attendee or read on past the quote. So a double quote becomes an apostrophe (Mim 'Mimi' Akter
 * still reads right), and control characters (a pasted line break) a space. A backslash is
 * allowed, but ical-generator doubles it there and parsers keep both: it becomes a slash. A
 * semicolon is allowed too, but some parsers (node-ical) split the parameters at every semicolon,
 * quoted or not, and lose the rest of the name: it becomes a comma.
 */
function quotableName(name: string, fallback: string): string {
  const cleaned = name
    .replace(/"/g, "'")
    .replace(/\\/g, '/')
    .replace(/;/g, ',')
    // eslint-disable-next-line no-control-regex -- control characters are what is being removed
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  return cleaned === '' ? fallback : cleaned;
}

/**
 * TEXT values (SUMMARY, DESCRIPTION) may hold no control character but a tab; ical-generator
 * escapes line breaks, commas, semicolons and backslashes itself.
 */
function calendarText(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is being removed
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ');
}

function summary(x: Texts, appointment: Pick<CalendarAppointment, 'title'>): string {
  return x.t('calendar:summary', { title: appointment.title, salon: salon.name });
}

function description(x: Texts, appointment: Pick<CalendarAppointment, 'startsAt' | 'endsAt' | 'staffName'>, publicUrl: string): string {
  const minutes = Math.round((appointment.endsAt.getTime() - appointment.startsAt.getTime()) / 60_000);
  return [
    x.t('calendar:length', { minutes: x.number(minutes), salon: salon.name }),
    ...(appointment.staffName ? [x.t('calendar:stylist', { name: appointment.staffName })] : []),
    x.t('calendar:manage', { url: appointmentsPage(publicUrl, x.language) }),
    x.t('calendar:phone', { phone: salon.phone }),
  ].join('\n');
}

/** The salon's address as her language writes it (LOCATION is free text). */
function location(x: Texts): string {
  return x.t('common:salon.address');
}

function eventStatus(status: BookingStatus): ICalEventStatus {
  if (status === 'cancelled') return ICalEventStatus.CANCELLED;
  if (status === 'pending') return ICalEventStatus.TENTATIVE;
  return ICalEventStatus.CONFIRMED;
}

/**
 * The .ics file for one or more appointments: one VEVENT each. Throws RangeError when given none
 * (an empty calendar would look like a successful download of nothing).
 */
export function buildIcs(appointments: readonly CalendarAppointment[], context: CalendarContext): IcsFile {
  const [first] = [...appointments].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  if (!first) throw new RangeError('buildIcs needs at least one appointment');
  const method = icsMethod(appointments);
  const x = textsFor(context.language, context.latinDigits);
  const calendar = ical({
    prodId: { company: salon.name, product: 'Appointments', language: 'EN' },
    method: method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  for (const appointment of appointments) {
    const event = calendar.createEvent({
      id: appointmentUid(appointment.id, context.publicUrl),
      sequence: appointment.sequence,
      stamp: context.now,
      start: appointment.startsAt,
      end: appointment.endsAt,
      summary: calendarText(summary(x, appointment)),
      description: calendarText(description(x, appointment, context.publicUrl)),
      location: calendarText(location(x)),
      url: appointmentsPage(context.publicUrl, x.language),
      organizer: { name: quotableName(salon.name, salon.email), email: salon.email },
      status: eventStatus(appointment.status),
    });
    // PUBLISH carries no attendees (RFC 5546 3.2.1); CANCEL names the ones being removed.
    if (method === 'CANCEL' && context.customer) {
      const { name, email } = context.customer;
      event.createAttendee({ name: quotableName(name, email), email });
    }
  }
  return { filename: `parlour-appointment-${instantToZoned(first.startsAt, context.timeZone).date}.ics`, method, content: withLanguage(withZoneName(calendar.toString(), context.timeZone), x.language) };
}

/**
 * ical-generator can only name a zone by also writing every time as local wall-clock time (which
 * needs a VTIMEZONE), and it writes custom calendar properties after the events, where RFC 5545
 * does not allow them. So the zone's name goes in here, among the calendar's own properties.
 * It also leaves the last line (END:VCALENDAR) without the CRLF that ends every content line in
 * RFC 5545 (3.1); strict readers refuse the file or lose its last line, so it is added here.
 */
function withZoneName(content: string, timeZone: string): string {
  const at = content.indexOf('BEGIN:VEVENT\r\n');
  const whole = `${content.slice(0, at)}X-WR-TIMEZONE:${timeZone}\r\n${content.slice(at)}`;
  return whole.endsWith('\r\n') ? whole : `${whole}\r\n`;
}

/** The properties written in her language; the rest (names, addresses of pages) are no language's. */
const TRANSLATED = /^(SUMMARY|DESCRIPTION|LOCATION):/gm;

/**
 * Names the language of the translated text properties (RFC 5545 3.2.10, `SUMMARY;LANGUAGE=bn:`),
 * so a calendar can pick a font and a screen reader a voice. ical-generator has no way to set a
 * property's parameters, so they go in here: the file is unfolded, marked and folded again at 75
 * octets with ical-generator's own (patched, decision 025) folding.
 */
function withLanguage(content: string, language: Language): string {
  const unfolded = content.replace(/\r\n[ \t]/g, '');
  return `${foldLines(unfolded.replace(TRANSLATED, `$1;LANGUAGE=${language}:`).replace(/\r\n$/, ''))}\r\n`;
}

/** 20260602T040000Z, the form Google's template link takes. */
function googleTime(instant: Date): string {
  return instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
}

/**
 * A link that opens Google Calendar's 'new event' page filled in with the appointment. The customer
 * follows it; we never call Google.
 */
export function googleCalendarLink(
  appointment: Pick<CalendarAppointment, 'title' | 'startsAt' | 'endsAt' | 'staffName'>,
  context: Pick<CalendarContext, 'timeZone' | 'publicUrl' | 'language' | 'latinDigits'>,
): string {
  const x = textsFor(context.language, context.latinDigits);
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: summary(x, appointment),
    dates: `${googleTime(appointment.startsAt)}/${googleTime(appointment.endsAt)}`,
    details: description(x, appointment, context.publicUrl),
    location: location(x),
    ctz: context.timeZone,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
