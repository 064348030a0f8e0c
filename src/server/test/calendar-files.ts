import ICAL from 'ical.js';
import nodeIcal from 'node-ical';
import { expect } from 'vitest';

/**
 * A calendar file as two independent parsers read it: ical.js (Mozilla's, used by Thunderbird) and
 * node-ical (a separate line of descent). Calendar apps differ in how forgiving they are; a file
 * both read the same way, with nothing lost, is one they can all take.
 */
export type CalendarPerson = { name: string; email: string };
export type CalendarEventView = {
  uid: string;
  sequence: number;
  start: string;
  end: string;
  status: string;
  summary: string;
  description: string;
  location: string;
  organizer: CalendarPerson | null;
  attendees: CalendarPerson[];
};
export type CalendarView = { method: string; events: CalendarEventView[] };

const address = (value: string) => value.replace(/^mailto:/i, '');

function withIcalJs(content: string): CalendarView {
  const calendar = new ICAL.Component(ICAL.parse(content));
  const person = (property: ICAL.Property): CalendarPerson => ({
    name: String(property.getParameter('cn') ?? ''),
    email: address(String(property.getFirstValue())),
  });
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    const organizer = vevent.getFirstProperty('organizer');
    return {
      uid: event.uid,
      sequence: event.sequence,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      status: String(vevent.getFirstPropertyValue('status')),
      summary: event.summary,
      description: event.description,
      location: event.location,
      organizer: organizer ? person(organizer) : null,
      attendees: vevent.getAllProperties('attendee').map(person),
    };
  });
  return { method: String(calendar.getFirstPropertyValue('method')), events };
}

/** node-ical gives a property with parameters as { params, val }, one without as its value. */
type Valued = string | { params?: Record<string, string>; val: string };
const valueOf = (property: Valued | undefined) => (property === undefined ? '' : typeof property === 'string' ? property : property.val);

function withNodeIcal(content: string): CalendarView {
  const parsed = nodeIcal.sync.parseICS(content);
  const person = (property: Valued): CalendarPerson => ({
    name: typeof property === 'string' ? '' : String(property.params?.CN ?? ''),
    email: address(valueOf(property)),
  });
  let method = '';
  const events: CalendarEventView[] = [];
  for (const component of Object.values(parsed)) {
    if (!component) continue;
    if (component.type === 'VCALENDAR') method = String((component as { method?: string }).method ?? '');
    if (component.type !== 'VEVENT') continue;
    // The library's types describe the values it computes, not the raw parameters it keeps.
    const event = component as unknown as Record<string, unknown> & { start: Date; end: Date };
    const attendees = event.attendee === undefined ? [] : Array.isArray(event.attendee) ? (event.attendee as Valued[]) : [event.attendee as Valued];
    events.push({
      uid: String(event.uid),
      sequence: Number(event.sequence),
      start: event.start.toISOString(),
      end: event.end.toISOString(),
      status: String(event.status),
      summary: valueOf(event.summary as Valued),
      description: valueOf(event.description as Valued),
      location: valueOf(event.location as Valued),
      organizer: event.organizer === undefined ? null : person(event.organizer as Valued),
      attendees: attendees.map(person),
    });
  }
  return { method, events };
}

/**
 * Reads a calendar file with both parsers and checks that they agree, and that the file ends as
 * RFC 5545 wants every content line to end, with CRLF. Returns what they read.
 */
export function readCalendarFile(content: string): CalendarView {
  expect(content.endsWith('\r\n'), 'the file ends with CRLF').toBe(true);
  const read = withIcalJs(content);
  expect(withNodeIcal(content), 'node-ical reads the file as ical.js does').toEqual(read);
  return read;
}
