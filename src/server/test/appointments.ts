import ICAL from 'ical.js';
import type { App } from '../types.js';
import { signUp } from './accounts.js';
import { intentSchema, type PaymentIntentInfo } from '../../shared/payments.js';
import { serviceListSchema } from '../../shared/service.js';
import type { CalendarAppointment } from '../calendar/ics.js';
import type { Account } from './accounts.js';
import { CARDS, asUser, dhaka, futureExpiry, readyToPay } from './booking.js';
import type { ReceivedMail } from './smtp-receiver.js';
import { readCalendarFile } from './calendar-files.js';

/** The two services the processor suites pay for together: a 1,200 taka haircut and the 2,500 taka facial. */
export async function twoServices(app: App): Promise<{ haircut: string; facial: string }> {
  const catalogue = serviceListSchema.parse((await app.inject({ url: '/api/service' })).json());
  return { haircut: catalogue.find((s) => s.price === 1200 && s.duration === 60)!._id, facial: catalogue.find((s) => s.title === 'Signature Glow Facial')!._id };
}

/** A new customer holding both (11:00 and 15:00 on `date`) who presses Pay: 3,700 taka. */
export async function checkoutOfTwo(app: App, services: { haircut: string; facial: string }, date: string): Promise<{ who: Account; intent: PaymentIntentInfo }> {
  const who = await signUp(app);
  await readyToPay(app, who, [
    { serviceId: services.haircut, time: '11:00' },
    { serviceId: services.facial, time: '15:00' },
  ], date);
  const res = await asUser(app, who).post('/api/create-payment-intent', { price: 3700 });
  if (res.statusCode !== 200) throw new Error(`intent failed: ${res.statusCode} ${res.body}`);
  return { who, intent: intentSchema.parse(res.json()) };
}

export type BookedVisit = { id: string; startsAt: Date; endsAt: Date; title: string };

/** A visit she books and pays for through the API (test gateway): a confirmed booking, with the stylist named if any. */
export async function bookAndPay(app: App, who: Account, service: { _id: string; price: number }, date: string, time: string, staffId?: string): Promise<BookedVisit> {
  await readyToPay(app, who, [{ serviceId: service._id, time, ...(staffId && { staffId }) }], date);
  const intent = await asUser(app, who).post('/api/create-payment-intent', { price: service.price });
  if (intent.statusCode !== 200) throw new Error(`intent failed: ${intent.statusCode} ${intent.body}`);
  const { clientSecret } = intent.json<{ clientSecret: string }>();
  const paid = await asUser(app, who).post('/api/payments/test/confirm', { clientSecret, cardNumber: CARDS.success, expiry: futureExpiry(), cvc: '123' });
  if (paid.json<{ status: string }>().status !== 'succeeded') throw new Error(`payment failed: ${paid.body}`);
  const list = (await asUser(app, who).get('/api/bookings')).json<{ _id: string; startsAt: string; endsAt: string; title: string; status: string }[]>();
  const at = dhaka(date, time).getTime();
  const booking = list.find((b) => b.status === 'confirmed' && new Date(b.startsAt).getTime() === at);
  if (!booking) throw new Error(`no confirmed booking at ${date} ${time}: ${JSON.stringify(list)}`);
  return { id: booking._id, startsAt: new Date(booking.startsAt), endsAt: new Date(booking.endsAt), title: booking.title };
}

/**
 * The calendar file a mail carries, read back by a calendar library (ical.js). Every file is also
 * checked to read the same in a second, independent parser and to end with CRLF (readCalendarFile).
 */
export function calendarOf(mail: ReceivedMail) {
  const file = mail.attachments.find((a) => a.filename.endsWith('.ics'));
  if (!file) throw new Error(`no .ics attached to '${mail.subject}'`);
  const view = readCalendarFile(file.content);
  const calendar = new ICAL.Component(ICAL.parse(file.content));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
  return { file, view, method: calendar.getFirstPropertyValue('method'), events };
}

/** An appointment as the calendar files and e-mails take it, at a fixed time: 10:00-11:00 on Tuesday 2 June 2026 in Dhaka. */
export function sampleAppointment(change: Partial<CalendarAppointment> = {}): CalendarAppointment {
  return {
    id: '0b9d6c1e-4f7a-4f55-9a55-2d3f0e6b7a11',
    title: 'Signature Glow Facial',
    startsAt: new Date('2026-06-02T04:00:00Z'),
    endsAt: new Date('2026-06-02T05:00:00Z'),
    status: 'confirmed',
    sequence: 0,
    staffName: null,
    ...change,
  };
}
