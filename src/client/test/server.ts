import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';
import { setupServer } from 'msw/node';
import type { Availability } from '@shared/cart';
import { DEFAULT_SALON_SETTINGS } from '@shared/salon-settings';
import type { MyAccount } from '@shared/account';
import type { MyPhone, SmsUsage } from '@shared/sms';
import type { AdminWaitlist, MyWishes } from '@shared/waitlist';
import { signedInAs } from './handlers';
import { adminSummaryHandler } from './admin-summary-handlers';

/**
 * The fake API every client test talks to; each test adds the handlers it needs (`server.use`
 * puts them in front of these). Every page asks who is signed in, so by default nobody is; the
 * navbar's booking count and the dashboards' summaries find an empty salon unless a test says
 * otherwise.
 */
export const server = setupServer(
  ...signedInAs(null),
  http.get('/api/cart', () => HttpResponse.json([])),
  http.get('/api/settings', () => HttpResponse.json(DEFAULT_SALON_SETTINGS)),
  http.get('/api/bookings', () => HttpResponse.json([])),
  http.get('/api/payments', () => HttpResponse.json([])),
  // A deployment's default: the admin menu has no 'Sent e-mails'.
  http.get('/api/config/outbox', () => HttpResponse.json({ enabled: false })),
  // The admin home's figures: a quiet salon.
  adminSummaryHandler().handler,
  // The admin home offers the next free times of a service today: no catalogue, no free times.
  http.get('/api/service', () => HttpResponse.json([])),
  // The home page and the Team page read the team: nobody unless a test says otherwise.
  http.get('/api/staff', () => HttpResponse.json([])),
  // The dashboard reads the account (a customer's is no stylist's); My day asks who she is on the team.
  http.get<PathParams, DefaultBodyType, MyAccount>('/api/me', () => HttpResponse.json({ hasPassword: true, freshSignInRequired: false, stylist: null })),
  http.get('/api/staff/me', () => HttpResponse.json({ stylist: null })),
  http.get<PathParams, DefaultBodyType, Availability>('/api/availability', () => HttpResponse.json({ timeZone: DEFAULT_SALON_SETTINGS.timeZone, slots: [] })),
  // Her waitlist (user home) and a day's (the calendar): nobody waits unless a test says otherwise.
  http.get<PathParams, DefaultBodyType, MyWishes>('/api/waitlist/mine', () => HttpResponse.json({ timeZone: DEFAULT_SALON_SETTINGS.timeZone, wishes: [] })),
  http.get<PathParams, DefaultBodyType, AdminWaitlist>('/api/admin/waitlist', () => HttpResponse.json({ timeZone: DEFAULT_SALON_SETTINGS.timeZone, wishes: [] })),
  // The admin menu counts the unread messages: none unless a test says otherwise.
  http.get('/api/contact/unread', () => HttpResponse.json({ unread: 0 })),
  // Her user home shows her mobile number: none unless a test says otherwise.
  http.get<PathParams, DefaultBodyType, MyPhone>('/api/me/phone', () => HttpResponse.json({ phone: null, verified: false, smsOptOut: false, codeExpiresAt: null })),
  // The admin home counts the month's texts: none.
  http.get<PathParams, DefaultBodyType, SmsUsage>('/api/admin/sms/usage', () => HttpResponse.json({ month: '2026-11', texts: 0, segments: 0 })),
);
