/**
 * The appointment e-mails as she receives them: through the API, the job queue (pg-boss on the
 * test PostgreSQL) and a real SMTP receiver, each read back part by part (text, HTML, calendar).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { rowsOf } from '../db/rows.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { CARDS, asUser, dhaka, futureExpiry, distinctOpenDays, readyToPay } from '../test/booking.js';
import { bookAndPay, calendarOf } from '../test/appointments.js';
import { addStylist, setStylist } from '../test/stylists.js';
import { escapeHtml } from '../mail/templates.js';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../test/smtp-receiver.js';
import { formatCalendarDate } from '../../shared/calendar.js';
import { salon } from '../../shared/salon.js';

let receiver: SmtpReceiver;
let t: TestApp;
let admin: Account;
type Service = { _id: string; title: string; price: number };
let services: Service[];
const service = (title: string) => services.find((s) => s.title === title)!;
const freshDay = distinctOpenDays(4);

beforeAll(async () => {
  receiver = await startSmtpReceiver();
  t = await createTestApp({ env: { SMTP_URL: receiver.url }, jobs: { pollingIntervalSeconds: 0.5 } });
  admin = await signUpAdmin(t.app);
  services = (await t.app.inject({ url: '/api/service' })).json<Service[]>();
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const mailsTo = (who: Account): ReceivedMail[] => receiver.messages.filter((m) => m.envelope.to.includes(who.email));

async function onlyMail(who: Account, subject: string | RegExp): Promise<ReceivedMail> {
  await expect.poll(() => mailsTo(who).filter((m) => (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)))).toHaveLength(1);
  return mailsTo(who).find((m) => (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)))!;
}

describe('the request id', () => {
  it('goes with the notice the request queued, so the job can log it', async () => {
    const who = await signUp(t.app);
    await readyToPay(t.app, who, [{ serviceId: service('Classic Manicure')._id, time: '10:00' }], freshDay());
    const { clientSecret } = (await asUser(t.app, who).post('/api/create-payment-intent', { price: service('Classic Manicure').price })).json<{ clientSecret: string }>();
    const paid = await asUser(t.app, who).post('/api/payments/test/confirm', { clientSecret, cardNumber: CARDS.success, expiry: futureExpiry(), cvc: '123' });
    expect(paid.statusCode, paid.body).toBe(200);
    const requestId = paid.headers['x-request-id'];
    expect(requestId).toEqual(expect.any(String));
    const jobs = await rowsOf<{ data: { kind: string; requestId?: string } }>(t.database.db, sql`select data from pgboss.job where name = 'mail' and data->>'requestId' = ${requestId}`);
    expect(jobs.map((j) => j.data.kind)).toEqual(['confirmation']);
  });
});

describe('in her language', () => {
  it('a customer who chose Bangla gets her confirmation in Bangla, text, HTML and calendar file, with Bengali digits on Dhaka\'s clock', async () => {
    const who = await signUp(t.app, { name: 'মিম হোসেন' });
    expect((await asUser(t.app, who).put('/api/me/language', { language: 'bn' })).statusCode).toBe(204);
    const date = freshDay();
    await readyToPay(t.app, who, [{ serviceId: service('Classic Manicure')._id, time: '11:00' }], date);
    const { clientSecret } = (await asUser(t.app, who).post('/api/create-payment-intent', { price: service('Classic Manicure').price })).json<{ clientSecret: string }>();
    const paid = await asUser(t.app, who).post('/api/payments/test/confirm', { clientSecret, cardNumber: CARDS.success, expiry: futureExpiry(), cvc: '123' });
    expect(paid.statusCode, paid.body).toBe(200);

    const mail = await onlyMail(who, 'আপনার Parlour অ্যাপয়েন্টমেন্ট নিশ্চিত হয়েছে');
    expect(mail.headers['content-language']).toBe('bn');
    expect(mail.html).toContain('<html lang="bn">');
    expect(mail.text).toContain('প্রিয় মিম হোসেন,');
    // The service by the Bangla title the salon wrote (the demo catalogue has one); the rest in Bangla, 11:00 in Dhaka as ১১:০০.
    expect(mail.text).toMatch(/^- ক্লাসিক ম্যানিকিওর: .+, ১১:০০ \(৪৫ মিনিট, ৮০০৳\)$/m);
    expect(mail.text).toContain('৮০০৳ পরিশোধের জন্য ধন্যবাদ।');
    expect(mail.text).toContain(`${t.config.publicUrl}/bn/dashboard/userhome`);
    for (const english of ['Dear', 'Thank you', 'Times are in', 'See your appointments', 'Cancellation policy', 'minutes']) expect(mail.text).not.toContain(english);
    const calendar = calendarOf(mail);
    expect(calendar.events.map((e) => e.summary)).toEqual(['Parlour-এ ক্লাসিক ম্যানিকিওর']);
    expect(mail.attachments[0]!.content).toContain('SUMMARY;LANGUAGE=bn:');
  });

  it('names the service by its English title when the salon wrote no Bangla one, and writes Latin digits once the salon chose them', async () => {
    const pedicure = service('Spa Pedicure');
    const settings = (await asUser(t.app, admin).get('/api/settings')).json<Record<string, unknown>>();
    expect((await asUser(t.app, admin).put('/api/settings', { ...settings, latinDigits: true })).statusCode).toBe(200);
    // The demo catalogue's Bangla title taken away; both are put back when done.
    const [seeded] = await rowsOf<{ title_bn: string | null }>(t.database.db, sql`select title_bn from services where id = ${pedicure._id}`);
    await t.database.db.execute(sql`update services set title_bn = null where id = ${pedicure._id}`);
    try {
      const who = await signUp(t.app, { name: 'মিম হোসেন' });
      expect((await asUser(t.app, who).put('/api/me/language', { language: 'bn' })).statusCode).toBe(204);
      await readyToPay(t.app, who, [{ serviceId: pedicure._id, time: '11:00' }], freshDay());
      const { clientSecret } = (await asUser(t.app, who).post('/api/create-payment-intent', { price: pedicure.price })).json<{ clientSecret: string }>();
      const paid = await asUser(t.app, who).post('/api/payments/test/confirm', { clientSecret, cardNumber: CARDS.success, expiry: futureExpiry(), cvc: '123' });
      expect(paid.statusCode, paid.body).toBe(200);

      const mail = await onlyMail(who, 'আপনার Parlour অ্যাপয়েন্টমেন্ট নিশ্চিত হয়েছে');
      expect(mail.text).toMatch(/^- Spa Pedicure: .+, 11:00 \(60 মিনিট, 1,200৳\)$/m);
      // Not one Bengali digit: the values' and the catalogue's own (the salon's address) alike.
      expect(mail.text).not.toMatch(/[০-৯]/);
      const calendar = calendarOf(mail);
      expect(calendar.events.map((e) => e.summary)).toEqual(['Parlour-এ Spa Pedicure']);
      expect(calendar.events[0]!.description).not.toMatch(/[০-৯]/);
    } finally {
      await t.database.db.execute(sql`update services set title_bn = ${seeded!.title_bn} where id = ${pedicure._id}`);
      await asUser(t.app, admin).put('/api/settings', settings);
    }
  });

  it('a customer who never chose gets it in English, as before', async () => {
    const who = await signUp(t.app, { name: 'Rina' });
    await readyToPay(t.app, who, [{ serviceId: service('Classic Manicure')._id, time: '12:00' }], freshDay());
    const { clientSecret } = (await asUser(t.app, who).post('/api/create-payment-intent', { price: service('Classic Manicure').price })).json<{ clientSecret: string }>();
    await asUser(t.app, who).post('/api/payments/test/confirm', { clientSecret, cardNumber: CARDS.success, expiry: futureExpiry(), cvc: '123' });
    const mail = await onlyMail(who, 'Your Parlour appointments are confirmed');
    expect(mail.headers['content-language']).toBe('en');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.text).toContain('Dear Rina,');
  });
});

describe('the confirmation', () => {
  it('lists both appointments of one payment in text and HTML, with one calendar file holding both events', async () => {
    const who = await signUp(t.app, { name: 'Mim Hossain' });
    const date = freshDay();
    await readyToPay(t.app, who, [{ serviceId: service('Classic Manicure')._id, time: '11:00' }, { serviceId: service('Gel Nail Extensions')._id, time: '14:00' }], date);
    const { clientSecret } = (await asUser(t.app, who).post('/api/create-payment-intent', { price: 800 + service('Gel Nail Extensions').price })).json<{ clientSecret: string }>();
    const paid = await asUser(t.app, who).post('/api/payments/test/confirm', { clientSecret, cardNumber: CARDS.success, expiry: futureExpiry(), cvc: '123' });
    expect(paid.statusCode, paid.body).toBe(200);

    const mail = await onlyMail(who, 'Your Parlour appointments are confirmed');
    expect(mail.headers['content-type']).toMatch(/^multipart\/mixed/);
    expect(mail.text).toContain('Dear Mim Hossain,');
    expect(mail.text).toContain(`- Classic Manicure: ${formatCalendarDate(date)} at 11:00 (45 minutes, ৳800)`);
    expect(mail.text).toContain(`- Gel Nail Extensions: ${formatCalendarDate(date)} at 14:00`);
    expect(mail.html).toContain('<strong>Classic Manicure</strong>');
    expect(mail.html).toContain(`${t.config.publicUrl}/dashboard/userhome`);
    const calendar = calendarOf(mail);
    expect(calendar.method).toBe('PUBLISH');
    expect(calendar.events.map((e) => e.startDate.toJSDate())).toEqual([dhaka(date, '11:00'), dhaka(date, '14:00')]);
    expect(calendar.events.map((e) => e.location)).toEqual([salon.address, salon.address]);
    // The same mail is in the outbox for the admin's 'Sent e-mails' page, HTML included. The row is
    // written just after the SMTP server has the mail, so it is waited for.
    await expect
      .poll(() => rowsOf<{ status: string; html: string }>(t.app.db, sql`select status, html from outbox where "to" = ${who.email}`))
      .toEqual([{ status: 'sent', html: expect.stringContaining('<strong>Gel Nail Extensions</strong>') }]);
  });
});

describe('cancelling', () => {
  it('by the salon: she is told, with the amount refunded, and the calendar file removes the event', async () => {
    const who = await signUp(t.app);
    const visit = await bookAndPay(t.app, who, service('Classic Manicure'), freshDay(), '12:00');
    expect((await asUser(t.app, admin).post(`/api/bookings/${visit.id}/cancel`, {})).statusCode).toBe(200);

    const mail = await onlyMail(who, /^Cancelled: Classic Manicure/);
    expect(mail.text).toContain(`We are sorry: Parlour has had to cancel your Classic Manicure on ${formatCalendarDate(dateOf(visit.startsAt))} at 12:00.`);
    expect(mail.text).toContain('৳800 has been refunded to the card you paid with.');
    const calendar = calendarOf(mail);
    expect(calendar.method).toBe('CANCEL');
    expect(calendar.events[0]!.uid).toContain(visit.id);
    expect(calendar.events[0]!.sequence).toBe(1);
  });

  it('by herself: a short confirmation of the cancellation and the refund', async () => {
    const who = await signUp(t.app);
    const visit = await bookAndPay(t.app, who, service('Classic Manicure'), freshDay(), '15:00');
    await onlyMail(who, 'Your Parlour appointments are confirmed');
    expect((await asUser(t.app, who).post(`/api/bookings/${visit.id}/cancel`, {})).statusCode).toBe(200);
    // Cancelling again changes nothing and tells her nothing more.
    expect((await asUser(t.app, who).post(`/api/bookings/${visit.id}/cancel`, {})).statusCode).toBe(200);

    const mail = await onlyMail(who, /^Cancelled: Classic Manicure/);
    expect(mail.text).toContain('You cancelled your Classic Manicure');
    expect(mail.text).toContain('৳800 has been refunded');
    expect(mail.text).not.toContain('sorry');
    await settled();
    expect(mailsTo(who).map((m) => m.subject.split(':')[0])).toEqual(['Your Parlour appointments are confirmed', 'Cancelled']);
  });
});

describe('a customer whose name a calendar file cannot quote as it is', () => {
  it('gets confirmation, move and cancellation files both parsers read, the cancellation naming her', async () => {
    // readCalendarFile (through calendarOf) checks each file in ical.js and node-ical and its final CRLF.
    const who = await signUp(t.app, { name: 'Mim "Mimi" Akter, Dr; a:b \\ মিম 💅' });
    const visit = await bookAndPay(t.app, who, service('Classic Manicure'), freshDay(), '13:00');
    const confirmed = calendarOf(await onlyMail(who, 'Your Parlour appointments are confirmed')).view;
    expect(confirmed.events.map((e) => [e.summary, e.attendees])).toEqual([[`Classic Manicure at ${salon.name}`, []]]);
    const later = dhaka(freshDay(), '16:00');
    expect((await asUser(t.app, who).patch(`/api/bookings/${visit.id}`, { startsAt: later.toISOString() })).statusCode).toBe(200);
    const moved = calendarOf(await onlyMail(who, /^Your Classic Manicure is now on/)).view;
    expect(moved.events.map((e) => [e.start, e.sequence])).toEqual([[later.toISOString(), 1]]);
    expect((await asUser(t.app, who).post(`/api/bookings/${visit.id}/cancel`, {})).statusCode).toBe(200);
    const cancelled = calendarOf(await onlyMail(who, /^Cancelled: Classic Manicure/)).view;
    expect(cancelled.method).toBe('CANCEL');
    expect(cancelled.events.map((e) => e.attendees)).toEqual([[{ name: "Mim 'Mimi' Akter, Dr, a:b / মিম 💅", email: who.email.toLowerCase() }]]);
    expect(cancelled.events[0]!.organizer).toEqual({ name: salon.name, email: salon.email });
  });
});

describe('moving', () => {
  it('by the salon: she is told who moved it, from when to when, with the updated event', async () => {
    const who = await signUp(t.app);
    const first = freshDay();
    const visit = await bookAndPay(t.app, who, service('Classic Manicure'), first, '10:00');
    const later = dhaka(freshDay(), '16:00');
    const moved = await asUser(t.app, admin).patch(`/api/bookings/${visit.id}`, { startsAt: later.toISOString() });
    expect(moved.statusCode, moved.body).toBe(200);

    const mail = await onlyMail(who, /^Your Classic Manicure is now on/);
    expect(mail.text).toContain(`Parlour has moved your Classic Manicure from ${formatCalendarDate(first)} at 10:00 to ${formatCalendarDate(dateOf(later))} at 16:00.`);
    const calendar = calendarOf(mail);
    expect(calendar.events[0]!.startDate.toJSDate()).toEqual(later);
    expect(calendar.events[0]!.sequence).toBe(1);
    expect(calendar.events[0]!.uid).toContain(visit.id);
  });
});

describe('a notice queued in a transaction', () => {
  it('is sent if the transaction commits and never if it rolls back', async () => {
    const who = await signUp(t.app);
    const visit = await bookAndPay(t.app, who, service('Classic Manicure'), freshDay(), '17:00');
    await t.app.db.execute(sql`update bookings set status = 'cancelled' where id = ${visit.id}`);

    await expect(
      t.app.db.transaction(async (tx) => {
        await t.app.notices.queue({ kind: 'cancelled', bookingId: visit.id, by: 'salon', refundedMinor: 111 }, tx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.app.db.transaction(async (tx) => {
      await t.app.notices.queue({ kind: 'cancelled', bookingId: visit.id, by: 'salon', refundedMinor: 222 }, tx);
    });

    const mail = await onlyMail(who, /^Cancelled:/);
    expect(mail.text).toContain('৳2.22 has been refunded');
    await settled();
    expect(mailsTo(who).filter((m) => m.subject.startsWith('Cancelled:'))).toHaveLength(1);
    // The notice's own job (its text goes on to the 'sms' queue from there).
    const jobs = await rowsOf<{ refunded: string }>(t.app.db, sql`select data->>'refundedMinor' as refunded from pgboss.job where name = 'mail' and data->>'bookingId' = ${visit.id} and data->>'kind' = 'cancelled'`);
    expect(jobs).toEqual([{ refunded: '222' }]);
  });
});

describe('the stylist', () => {
  // Her name holds what HTML must escape and what a calendar must quote.
  const NILA = "Nila O'Hara & Co; Akter";
  let nila: string;
  beforeAll(async () => {
    nila = await addStylist(t.app, admin, NILA, services.map((s) => s._id));
  });
  const withNila = `with ${NILA}`;
  const stylistLine = `Stylist: ${NILA}`;

  it('is named in the confirmation, text and HTML, and in its calendar file, for the visit she does and not for the other', async () => {
    const who = await signUp(t.app);
    const date = freshDay();
    await readyToPay(t.app, who, [{ serviceId: service('Classic Manicure')._id, time: '10:00' }, { serviceId: service('Gel Nail Extensions')._id, time: '14:00' }], date);
    const intent = await asUser(t.app, who).post('/api/create-payment-intent', { price: 800 + service('Gel Nail Extensions').price });
    const { clientSecret, paymentId } = intent.json<{ clientSecret: string; paymentId: string }>();
    const manicure = await rowsOf<{ id: string }>(t.app.db, sql`select id from bookings where payment_id = ${paymentId} and title = 'Classic Manicure'`);
    await setStylist(t.app, manicure.map((b) => b.id), nila);
    // The other, as if booked before the salon had stylists (the only one, Nila, was given both).
    const gel = await rowsOf<{ id: string }>(t.app.db, sql`select id from bookings where payment_id = ${paymentId} and title = 'Gel Nail Extensions'`);
    await setStylist(t.app, gel.map((b) => b.id), null);
    const paid = await asUser(t.app, who).post('/api/payments/test/confirm', { clientSecret, cardNumber: CARDS.success, expiry: futureExpiry(), cvc: '123' });
    expect(paid.statusCode, paid.body).toBe(200);

    const mail = await onlyMail(who, 'Your Parlour appointments are confirmed');
    expect(mail.text).toContain(`- Classic Manicure ${withNila}: ${formatCalendarDate(date)} at 10:00 (45 minutes, ৳800)`);
    expect(mail.text).toContain(`- Gel Nail Extensions: ${formatCalendarDate(date)} at 14:00`);
    expect(mail.html).toContain(`<strong>Classic Manicure</strong> ${escapeHtml(withNila)}<br>`);
    expect(mail.html).toContain('<strong>Gel Nail Extensions</strong><br>');
    expect(mail.html).not.toContain(NILA);
    const { view } = calendarOf(mail);
    expect(view.events.map((e) => e.description.split('\n')[1])).toEqual([stylistLine, expect.stringMatching(/^See, move or cancel it/)]);
    expect(mail.text.match(/with /g)).toHaveLength(1);
  });

  it('is named when her visit is moved, reminded of, cancelled, and in the review request', async () => {
    const who = await signUp(t.app);
    const visit = await bookAndPay(t.app, who, service('Classic Manicure'), freshDay(), '11:00');
    await onlyMail(who, 'Your Parlour appointments are confirmed');
    await setStylist(t.app, [visit.id], nila);

    const later = dhaka(freshDay(), '16:00');
    expect((await asUser(t.app, who).patch(`/api/bookings/${visit.id}`, { startsAt: later.toISOString() })).statusCode).toBe(200);
    const moved = await onlyMail(who, /^Your Classic Manicure is now on/);

    // The reminder sweep queues this job when the visit is near; here it is queued for the visit as it is now.
    await rowsOf(t.app.db, sql`insert into pgboss.job (name, data) values ('mail', ${JSON.stringify({ kind: 'reminder', bookingId: visit.id, sequence: 1 })}::jsonb)`);
    const reminder = await onlyMail(who, /^Reminder: Classic Manicure/);

    expect((await asUser(t.app, who).post(`/api/bookings/${visit.id}/cancel`, {})).statusCode).toBe(200);
    const cancelled = await onlyMail(who, /^Cancelled: Classic Manicure/);

    for (const mail of [moved, reminder, cancelled]) {
      expect(mail.text, mail.subject).toContain(`- Classic Manicure ${withNila}: `);
      expect(mail.html, mail.subject).toMatch(new RegExp(`Classic Manicure(</s>)?</strong> ${escapeRegExp(escapeHtml(withNila))}<br>`));
      expect(calendarOf(mail).view.events[0]!.description, mail.subject).toContain(`\n${stylistLine}\n`);
    }

    // A review is asked for a completed visit: completed here in the database, as the admin would once it is over.
    await rowsOf(t.app.db, sql`update bookings set status = 'completed' where id = ${visit.id}`);
    await t.app.notices.queue({ kind: 'review-request', bookingId: visit.id });
    const review = await onlyMail(who, 'How was your Classic Manicure?');
    expect(review.text).toContain(`for your Classic Manicure ${withNila}.`);
    expect(review.html).toContain(`for your Classic Manicure ${escapeHtml(withNila)}.`);
  });
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The salon-local date of an instant, as YYYY-MM-DD. */
function dateOf(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(instant);
}

/** Waits until every queued e-mail job has run, so that 'no more e-mails' can be said. */
async function settled() {
  await expect
    .poll(async () => (await rowsOf<{ n: number }>(t.app.db, sql`select count(*)::int as n from pgboss.job where name = 'mail' and state < 'completed'`))[0]!.n)
    .toBe(0);
}
