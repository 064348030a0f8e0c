import type { RequestHandler } from 'msw';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { AdminWish } from '@shared/waitlist';
import { adminUser, services, users } from './fixtures';
import { accountSession } from './handlers';
import { bookingRecord, fakePayments, type FakePaymentsOptions } from './payment-handlers';
import { server } from './server';
import { mim } from './staff-handlers';

/**
 * The admin's day in the dashboard's tests (the calendar, the order list, the admin's home): the
 * clock at noon in Dhaka on Saturday 2 March 2030, the admin signed in over the salon's bookings,
 * and the visits and lists these tests share.
 */

/** Saturday 2 March 2030, 12:00 in Dhaka (UTC+6). */
export const NOW = new Date('2030-03-02T06:00:00.000Z');
export const TODAY = '2030-03-02';
/** A time in Dhaka on `date`, as the API writes it. */
export const dhaka = (date: string, time: string) => new Date(`${date}T${time}:00+06:00`).toISOString();

/** A visit today at `time` in Dhaka lasting `minutes`: its startsAt and endsAt. */
export function visitToday(time: string, minutes = 60) {
  const startsAt = dhaka(TODAY, time);
  return { startsAt, endsAt: new Date(Date.parse(startsAt) + minutes * 60_000).toISOString() };
}

/** Stops the calling file's clock (only Date, so timers and promises run) at NOW for each test. */
export function atNoonOnSaturday(): void {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/**
 * The admin signed in, with the payments fake over these bookings; `handlers`, what else the
 * page asks for (the team, the figures). The fake, to read what was asked and stored.
 */
export function adminWithBookings(bookings: NonNullable<FakePaymentsOptions['bookings']>, ...handlers: RequestHandler[]) {
  const fake = fakePayments({ session: { user: adminUser }, bookings });
  server.use(...accountSession(adminUser).handlers, ...fake.handlers, ...handlers);
  return fake;
}

/**
 * A booking's card in the order list (below xl, where jsdom's media queries put the page): the
 * card of the first text that is `title` (an open payment form names the service again, in its
 * heading); every such text must be in that one card.
 */
export async function bookingCard(title: string, listName = 'Bookings') {
  const cards = await screen.findByRole('list', { name: listName });
  const items = new Set((await within(cards).findAllByText(title)).map((text) => text.closest('li')));
  const [item] = items;
  if (!item || items.size > 1) throw new Error(`${items.size} cards for ${title}`);
  return within(item);
}

/** The admin's home: the item of today's appointments with the text `text`. */
export async function todaysAppointment(text: RegExp) {
  const today = await screen.findByRole('list', { name: "Today's appointments" });
  return within((await within(today).findByText(text)).closest('li')!);
}

// The calendar's day.

const rima = users[2]!;
const facial = services[1]!;

/** Mim's facial at 14:00 today, her buffer until 15:15: to come, so it may be moved (and its details opened). */
export const mimsFacial = (overrides: Parameters<typeof bookingRecord>[1] = {}) =>
  bookingRecord(1, {
    serviceId: facial._id,
    title: facial.title,
    duration: 60,
    startsAt: dhaka(TODAY, '14:00'),
    endsAt: dhaka(TODAY, '15:00'),
    staffFreeAt: dhaka(TODAY, '15:15'),
    staffId: mim._id,
    staffName: mim.name,
    ...overrides,
  });

/** Nila has left the team; her visit at 16:00 today keeps her name. */
export const NILA = 'd0000000-0000-4000-8000-000000000009';
export const nilasVisit = () => bookingRecord(3, { startsAt: dhaka(TODAY, '16:00'), endsAt: dhaka(TODAY, '18:30'), staffId: NILA, staffName: 'Nila Akter' });

/** Rima waits for the facial today from 15:00 to closing, with any stylist: first in line, offered nothing yet. */
export const rimaWaiting: AdminWish = {
  _id: '00000000-0000-4000-8000-0000000000b1',
  serviceId: facial._id,
  serviceTitle: facial.title,
  serviceTitle_bn: null,
  date: TODAY,
  staffId: null,
  staffName: null,
  from: '15:00',
  to: null,
  status: 'waiting',
  place: 1,
  offerStartsAt: null,
  offerExpiresAt: null,
  createdAt: NOW.toISOString(),
  customerName: rima.name,
  customerEmail: rima.email,
};
