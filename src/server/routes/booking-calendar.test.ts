/**
 * GET /api/bookings/:id/ics: the appointment's calendar file for its customer (and the salon),
 * read back with an iCalendar library as a calendar app would; nobody else learns it exists.
 */
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { asUser, dhaka, openDay, readyToPay } from '../test/booking.js';
import { bookAndPay, type BookedVisit } from '../test/appointments.js';
import { salon } from '../../shared/salon.js';
import { readCalendarFile } from '../test/calendar-files.js';
import { addStylist, setStylist } from '../test/stylists.js';

let t: TestApp;
let owner: Account;
let other: Account;
let admin: Account;
let booking: BookedVisit;
let serviceId: string;
const day = openDay(4);

const icsUrl = (id: string) => `/api/bookings/${id}/ics`;

/** ical.js's view of the file, once readCalendarFile has checked node-ical reads it alike and it ends with CRLF. */
function parseEvent(content: string) {
  readCalendarFile(content);
  const calendar = new ICAL.Component(ICAL.parse(content));
  const vevents = calendar.getAllSubcomponents('vevent');
  expect(vevents).toHaveLength(1);
  const vevent = vevents[0]!;
  return { method: calendar.getFirstPropertyValue('method'), vevent, event: new ICAL.Event(vevent) };
}

const sequenceOf = async (id: string) => (await t.database.db.select({ sequence: bookings.sequence }).from(bookings).where(eq(bookings.id, id)))[0]!.sequence;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  owner = await signUp(t.app, { name: 'Mim' });
  other = await signUp(t.app, { name: 'Other' });
  const services = (await t.app.inject({ url: '/api/service' })).json<{ _id: string; title: string; price: number }[]>();
  const service = services[0]!;
  serviceId = service._id;
  booking = await bookAndPay(t.app, owner, service, day, '11:00');
});
afterAll(async () => t.close());

describe('GET /api/bookings/:id/ics', () => {
  it("names her stylist in the file's description, and nobody once the booking has none", async () => {
    const nila = await addStylist(t.app, admin, 'Nila Akter', [serviceId]);
    await setStylist(t.app, [booking.id], nila);
    try {
      const named = parseEvent((await asUser(t.app, owner).get(icsUrl(booking.id))).body).event.description;
      expect(named.split('\n')[1]).toBe('Stylist: Nila Akter');
    } finally {
      await setStylist(t.app, [booking.id], null);
      // Retired, the salon books chairs alone again for the other tests here; her name stays on what she did.
      await asUser(t.app, admin).delete(`/api/staff/${nila}`);
    }
    const nobody = parseEvent((await asUser(t.app, owner).get(icsUrl(booking.id))).body).event.description;
    expect(nobody).not.toContain('Stylist');
  });

  it("gives the customer her appointment's calendar file", async () => {
    const res = await asUser(t.app, owner).get(icsUrl(booking.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="parlour-appointment-${day}.ics"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { method, vevent, event } = parseEvent(res.body);
    expect(method).toBe('PUBLISH');
    expect(event.startDate.toJSDate()).toEqual(dhaka(day, '11:00'));
    expect(event.endDate.toJSDate()).toEqual(booking.endsAt);
    expect(event.uid).toBe(`booking-${booking.id}@${new URL(t.config.publicUrl).hostname}`);
    expect(event.sequence).toBe(await sequenceOf(booking.id));
    expect(event.location).toBe(salon.address);
    expect(event.summary).toBe(`${booking.title} at ${salon.name}`);
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });

  it('gives an admin the same event', async () => {
    const mine = parseEvent((await asUser(t.app, owner).get(icsUrl(booking.id))).body).event;
    const res = await asUser(t.app, admin).get(icsUrl(booking.id));
    expect(res.statusCode, res.body).toBe(200);
    const { event } = parseEvent(res.body);
    expect([event.uid, event.sequence, event.startDate.toJSDate()]).toEqual([mine.uid, mine.sequence, mine.startDate.toJSDate()]);
  });

  it("answers another customer exactly as for an id that does not exist", async () => {
    const theirs = await asUser(t.app, other).get(icsUrl(booking.id));
    const unknown = await asUser(t.app, owner).get(icsUrl('7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f'));
    expect(theirs.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(theirs.json()).toEqual(unknown.json());
    expect(theirs.body).not.toContain('BEGIN:VCALENDAR');
  });

  it('asks a signed-out visitor to sign in', async () => {
    const res = await asUser(t.app, undefined).get(icsUrl(booking.id));
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('BEGIN:VCALENDAR');
  });

  it('has no file for an unpaid checkout, which is not an appointment yet', async () => {
    await readyToPay(t.app, other, [{ serviceId, time: '15:00' }], day);
    const service = (await t.app.inject({ url: `/api/service/${serviceId}` })).json<{ price: number }>();
    await asUser(t.app, other).post('/api/create-payment-intent', { price: service.price });
    const [pending] = await t.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.userId, other.id), eq(bookings.status, 'pending')));
    expect(pending, 'the checkout made a pending booking').toBeDefined();
    expect((await asUser(t.app, other).get(icsUrl(pending!.id))).statusCode).toBe(404);
    expect((await asUser(t.app, admin).get(icsUrl(pending!.id))).statusCode).toBe(404);
  });

  it("gives a Bangla reader the salon's Bangla title, and Latin digits once the salon chose them", async () => {
    const mim = await signUp(t.app, { name: 'মিম' });
    expect((await asUser(t.app, mim).put('/api/me/language', { language: 'bn' })).statusCode).toBe(204);
    const service = (await t.app.inject({ url: `/api/service/${serviceId}` })).json<{ _id: string; title: string; price: number }>();
    const visit = await bookAndPay(t.app, mim, service, day, '15:00');
    // Her booking keeps the title it was booked under, in both languages.
    await t.database.db.update(bookings).set({ titleBn: 'বাংলা নামের সেবা' }).where(eq(bookings.id, visit.id));
    const bengali = parseEvent((await asUser(t.app, mim).get(icsUrl(visit.id))).body).event;
    expect(bengali.summary).toBe('Parlour-এ বাংলা নামের সেবা');
    expect(bengali.description).toMatch(/[০-৯]/);

    const settings = (await asUser(t.app, admin).get('/api/settings')).json<Record<string, unknown>>();
    expect((await asUser(t.app, admin).put('/api/settings', { ...settings, latinDigits: true })).statusCode).toBe(200);
    try {
      const latin = parseEvent((await asUser(t.app, mim).get(icsUrl(visit.id))).body).event;
      expect(latin.summary).toBe('Parlour-এ বাংলা নামের সেবা');
      expect(latin.description).toMatch(/\d/);
      expect(latin.description).not.toMatch(/[০-৯]/);
    } finally {
      await asUser(t.app, admin).put('/api/settings', settings);
    }
    // Her English-reading neighbour sees the English title of the same kind of booking.
    expect(parseEvent((await asUser(t.app, owner).get(icsUrl(booking.id))).body).event.summary).toBe(`${service.title} at Parlour`);
  });

  it('follows a move: the new time under the same UID with a higher SEQUENCE', async () => {
    const before = parseEvent((await asUser(t.app, owner).get(icsUrl(booking.id))).body).event;
    const moved = await asUser(t.app, owner).patch(`/api/bookings/${booking.id}`, { startsAt: dhaka(day, '13:00').toISOString() });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = parseEvent((await asUser(t.app, owner).get(icsUrl(booking.id))).body).event;
    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(after.startDate.toJSDate()).toEqual(dhaka(day, '13:00'));
  });

  it('cancels the event once the booking is cancelled (METHOD:CANCEL, STATUS:CANCELLED, higher SEQUENCE)', async () => {
    const before = parseEvent((await asUser(t.app, owner).get(icsUrl(booking.id))).body).event;
    const cancelled = await asUser(t.app, owner).post(`/api/bookings/${booking.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const res = await asUser(t.app, owner).get(icsUrl(booking.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8; method=CANCEL');
    const { method, vevent, event } = parseEvent(res.body);
    expect(method).toBe('CANCEL');
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(event.uid).toBe(before.uid);
    expect(event.sequence).toBeGreaterThan(before.sequence);
    expect(event.sequence).toBe(await sequenceOf(booking.id));
    // A cancellation names the attendee being removed: the customer.
    expect(event.attendees.map((attendee) => String(attendee.getFirstValue()).toLowerCase())).toEqual([`mailto:${owner.email.toLowerCase()}`]);
  });

  it('names a customer whose name holds quotes, commas, semicolons, colons, a backslash, Bangla and emoji, as both parsers read it', async () => {
    const mim = await signUp(t.app, { name: 'Mim "Mimi" Akter, Dr; a:b \\ মিম 💅' });
    const service = (await t.app.inject({ url: `/api/service/${serviceId}` })).json<{ _id: string; price: number }>();
    const visit = await bookAndPay(t.app, mim, service, day, '16:00');
    expect((await asUser(t.app, mim).post(`/api/bookings/${visit.id}/cancel`, {})).statusCode).toBe(200);
    const res = await asUser(t.app, mim).get(icsUrl(visit.id));
    expect(res.statusCode, res.body).toBe(200);
    const read = readCalendarFile(res.body);
    expect(read.method).toBe('CANCEL');
    expect(read.events.map((e) => e.attendees)).toEqual([[{ name: "Mim 'Mimi' Akter, Dr, a:b / মিম 💅", email: mim.email.toLowerCase() }]]);
    expect(read.events[0]!.organizer).toEqual({ name: salon.name, email: salon.email });
  });
});
