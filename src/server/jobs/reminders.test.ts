/**
 * Reminder e-mails, through the real app, the real job queue (pg-boss on the test PostgreSQL) and
 * a real SMTP receiver. A test clock says what time it is for the reminders, so a booking days
 * ahead can be made due (or past) without waiting; everything else runs on the database's clock.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseNow } from '../booking/capacity.js';
import { bookings } from '../db/schema.js';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { DEFAULT_SALON_SETTINGS } from '../../shared/salon-settings.js';
import { salonDateTimeParts } from '../../shared/calendar.js';
import { createSiblingApp, createTestApp, type TestApp } from '../test/test-app.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { asUser, dhaka, distinctOpenDays, openDay } from '../test/booking.js';
import { bookAndPay, calendarOf, type BookedVisit } from '../test/appointments.js';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../test/smtp-receiver.js';
import type { Clock } from './notices.js';
import type { JobsOptions } from './set-up.js';

const HOUR = 3_600_000;

/** A clock a test sets; unset, the database's. */
function testClock() {
  const state: { at: Date | undefined } = { at: undefined };
  const clock: Clock = async (db: Db) => state.at ?? databaseNow(db);
  return { state, clock };
}

type Service = { _id: string; title: string; price: number };

function mailsTo(receiver: SmtpReceiver, who: Account): ReceivedMail[] {
  return receiver.messages.filter((m) => m.envelope.to.includes(who.email));
}

function remindersTo(receiver: SmtpReceiver, who: Account): ReceivedMail[] {
  return mailsTo(receiver, who).filter((m) => m.subject.startsWith('Reminder:'));
}

const CONFIRMATION = 'Your Parlour appointments are confirmed';

async function reminderSentAt(db: Db, booking: BookedVisit): Promise<Date | null> {
  const [row] = await db.select({ at: bookings.reminderSentAt }).from(bookings).where(eq(bookings.id, booking.id));
  return row!.at;
}

/** The state pg-boss holds for the reminder job of a booking (undefined: none was queued). */
async function reminderJobStates(db: Db, booking: BookedVisit): Promise<string[]> {
  const rows = await rowsOf<{ state: string }>(db, sql`select state from pgboss.job where name = 'mail' and data->>'kind' = 'reminder' and data->>'bookingId' = ${booking.id}`);
  return rows.map((r) => r.state);
}

/** The app on a fresh database, sending to a real SMTP receiver, its reminders on `clock`. */
async function startApp(clock: Clock, jobs: Omit<JobsOptions, 'clock'> = {}) {
  const receiver = await startSmtpReceiver();
  const t = await createTestApp({ env: { SMTP_URL: receiver.url }, jobs: { clock, pollingIntervalSeconds: 0.5, ...jobs } });
  const service = (await t.app.inject({ url: '/api/service' })).json<Service[]>().find((s) => s.title === 'Classic Manicure')!;
  return { receiver, t, service };
}

/** Each test books on its own open day, at least four days ahead (well before any reminder). */
function dayAfterDay() {
  return distinctOpenDays(5);
}

describe('reminders', () => {
  let receiver: SmtpReceiver;
  let t: TestApp;
  let admin: Account;
  let service: Service;
  const { state: clockState, clock } = testClock();
  const freshDay = dayAfterDay();

  beforeAll(async () => {
    ({ receiver, t, service } = await startApp(clock));
    admin = await signUpAdmin(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  /** A customer with a confirmed visit at 11:00 on a fresh day, her confirmation e-mail received. */
  async function customerWithVisit(): Promise<{ who: Account; visit: BookedVisit }> {
    const who = await signUp(t.app);
    const visit = await bookAndPay(t.app, who, service, freshDay(), '11:00');
    await expect.poll(() => mailsTo(receiver, who).map((m) => m.subject)).toEqual([CONFIRMATION]);
    return { who, visit };
  }

  it('is sent once it is due, with the calendar file and a Google Calendar link; not before, and never twice', async () => {
    const { who, visit } = await customerWithVisit();

    clockState.at = new Date(visit.startsAt.getTime() - 24 * HOUR - 60_000);
    await t.app.reminders.sweep();
    expect(await reminderSentAt(t.app.db, visit)).toBeNull();

    clockState.at = new Date(visit.startsAt.getTime() - 24 * HOUR);
    await t.app.reminders.sweep();
    await expect.poll(() => remindersTo(receiver, who)).toHaveLength(1);
    const [mail] = remindersTo(receiver, who);
    expect(mail!.subject).toBe(`Reminder: Classic Manicure on ${dayName(visit.startsAt)} at 11:00`);
    expect(mail!.text).toContain(`Dear ${who.name},`);
    expect(mail!.text).toContain('Classic Manicure:');
    expect(mail!.text).toContain('Add to Google Calendar: https://calendar.google.com/calendar/render?');
    expect(mail!.html).toContain('Add to Google Calendar</a>');
    const calendar = calendarOf(mail!);
    expect(calendar.method).toBe('PUBLISH');
    expect(calendar.events).toHaveLength(1);
    expect(calendar.events[0]!.startDate.toJSDate()).toEqual(visit.startsAt);
    expect(calendar.events[0]!.uid).toContain(visit.id);
    expect(await reminderSentAt(t.app.db, visit)).toEqual(clockState.at);

    // Swept again, and again an hour later: nothing more to send.
    expect(await t.app.reminders.sweep()).toBe(0);
    clockState.at = new Date(visit.startsAt.getTime() - HOUR);
    expect(await t.app.reminders.sweep()).toBe(0);
    await expect.poll(() => reminderJobStates(t.app.db, visit)).toEqual(['completed']);
    expect(remindersTo(receiver, who)).toHaveLength(1);
  });

  it('is not sent when the salon has turned reminders off (0 hours)', async () => {
    const { who, visit } = await customerWithVisit();
    const off = await asUser(t.app, admin).put('/api/settings', { ...DEFAULT_SALON_SETTINGS, reminderHours: 0 });
    expect(off.statusCode, off.body).toBe(200);
    try {
      clockState.at = new Date(visit.startsAt.getTime() - 2 * HOUR);
      expect(await t.app.reminders.sweep()).toBe(0);
      expect(await reminderSentAt(t.app.db, visit)).toBeNull();
    } finally {
      await asUser(t.app, admin).put('/api/settings', DEFAULT_SALON_SETTINGS);
    }
    expect(remindersTo(receiver, who)).toHaveLength(0);
    expect(await reminderJobStates(t.app.db, visit)).toEqual([]);
  });

  it('is not sent for a visit booked inside the reminder window: her confirmation has just told her', async () => {
    // 14 days ahead: the visit, four or more days away, was booked inside that window.
    await asUser(t.app, admin).put('/api/settings', { ...DEFAULT_SALON_SETTINGS, reminderHours: 336 });
    try {
      const { who, visit } = await customerWithVisit();
      clockState.at = new Date(visit.startsAt.getTime() - HOUR);
      await t.app.reminders.sweep();
      expect(await reminderSentAt(t.app.db, visit)).toBeNull();
      expect(remindersTo(receiver, who)).toHaveLength(0);
    } finally {
      await asUser(t.app, admin).put('/api/settings', DEFAULT_SALON_SETTINGS);
    }
  });

  it('is not sent for a cancelled visit', async () => {
    const { who, visit } = await customerWithVisit();
    expect((await asUser(t.app, who).post(`/api/bookings/${visit.id}/cancel`, {})).statusCode).toBe(200);
    clockState.at = new Date(visit.startsAt.getTime() - 2 * HOUR);
    await t.app.reminders.sweep();
    expect(await reminderSentAt(t.app.db, visit)).toBeNull();
    expect(await reminderJobStates(t.app.db, visit)).toEqual([]);
    expect(remindersTo(receiver, who)).toHaveLength(0);
  });

  it('is never sent once the visit has started, however late the sweep', async () => {
    const { who, visit } = await customerWithVisit();
    clockState.at = new Date(visit.startsAt.getTime() + 60_000);
    await t.app.reminders.sweep();
    clockState.at = visit.startsAt;
    await t.app.reminders.sweep();
    expect(await reminderSentAt(t.app.db, visit)).toBeNull();
    expect(remindersTo(receiver, who)).toHaveLength(0);
  });

  it('a moved visit is reminded again, once, for its new time', async () => {
    const { who, visit } = await customerWithVisit();
    clockState.at = new Date(visit.startsAt.getTime() - 20 * HOUR);
    await t.app.reminders.sweep();
    await expect.poll(() => remindersTo(receiver, who)).toHaveLength(1);

    // She moves it two days later (by the real clock she is well outside the notice window).
    const later = dhaka(openDay(Math.round((visit.startsAt.getTime() - Date.now()) / (24 * HOUR)) + 2), '15:00');
    const moved = await asUser(t.app, who).patch(`/api/bookings/${visit.id}`, { startsAt: later.toISOString() });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await reminderSentAt(t.app.db, visit)).toBeNull();

    // Her old time's reminder window again: nothing (the booking is no longer then).
    await t.app.reminders.sweep();
    expect(await reminderSentAt(t.app.db, visit)).toBeNull();

    clockState.at = new Date(later.getTime() - 3 * HOUR);
    await t.app.reminders.sweep();
    await t.app.reminders.sweep();
    await expect.poll(() => remindersTo(receiver, who)).toHaveLength(2);
    const second = remindersTo(receiver, who)[1]!;
    expect(second.subject).toBe(`Reminder: Classic Manicure on ${dayName(later)} at 15:00`);
    const calendar = calendarOf(second);
    expect(calendar.events[0]!.startDate.toJSDate()).toEqual(later);
    expect(calendar.events[0]!.sequence).toBe(1);
    await expect.poll(() => reminderJobStates(t.app.db, visit)).toEqual(['completed', 'completed']);
    expect(remindersTo(receiver, who)).toHaveLength(2);
  });

  it('two instances sweeping the same database at the same moments send one reminder', async () => {
    const { who, visit } = await customerWithVisit();
    // Not yet due while the second instance starts (its start-up sweep finds nothing), then due.
    clockState.at = new Date(visit.startsAt.getTime() - 48 * HOUR);
    const sibling = await createSiblingApp(t, { jobs: { clock, pollingIntervalSeconds: 0.5 } });
    clockState.at = new Date(visit.startsAt.getTime() - 12 * HOUR);
    try {
      const queued = await Promise.all([1, 2, 3].flatMap(() => [t.app.reminders.sweep(), sibling.app.reminders.sweep()]));
      expect(queued.reduce((a, b) => a + b, 0)).toBe(1);
      await expect.poll(() => remindersTo(receiver, who)).toHaveLength(1);
      await expect.poll(() => reminderJobStates(t.app.db, visit)).toEqual(['completed']);
    } finally {
      await sibling.close();
    }
    expect(remindersTo(receiver, who)).toHaveLength(1);
  });

  it('when no instance ran at the due time, the next one to start sends it late, and never after the start', async () => {
    const { who, visit } = await customerWithVisit();
    const { who: missed, visit: missedVisit } = await customerWithVisit();
    // The running instance's clock stays before both reminders fall due: it never sees them due.
    clockState.at = new Date(Math.min(visit.startsAt.getTime(), missedVisit.startsAt.getTime()) - 48 * HOUR);
    await t.app.reminders.sweep();

    // An instance starts two hours before her visit, and after the other's visit had begun.
    const late = testClock();
    late.state.at = new Date(visit.startsAt.getTime() - 2 * HOUR);
    const startedLate = await createSiblingApp(t, { jobs: { clock: late.clock, pollingIntervalSeconds: 0.5 } });
    const afterStart = testClock();
    afterStart.state.at = new Date(missedVisit.startsAt.getTime() + 5 * 60_000);
    const startedAfter = await createSiblingApp(t, { jobs: { clock: afterStart.clock, pollingIntervalSeconds: 0.5 } });
    try {
      // No sweep is asked for here: starting up is enough.
      await expect.poll(() => remindersTo(receiver, who)).toHaveLength(1);
      expect(await reminderSentAt(t.app.db, visit)).toEqual(late.state.at);
      expect(await reminderSentAt(t.app.db, missedVisit)).toBeNull();
      expect(remindersTo(receiver, missed)).toHaveLength(0);
    } finally {
      await startedLate.close();
      await startedAfter.close();
    }
  });
});

describe('when the SMTP server is down', () => {
  let t: TestApp;
  let receiver: SmtpReceiver | undefined;
  let port: number;
  let service: Service;
  const { state: clockState, clock } = testClock();
  const freshDay = dayAfterDay();

  beforeAll(async () => {
    // A try that failed waits a minute (the app's default) for its next: far longer than any step of
    // this test takes, even on a loaded machine, so the tries never run out on their own while the
    // SMTP server is down (with a second apart, they once did before the test brought it back).
    // When the test brings it back, the waiting tries are due at once (smtpUp): the test waits for
    // that event, not for a clock.
    ({ receiver, t, service } = await startApp(clock, { retryDelaySeconds: 60, retryLimit: 3 }));
    port = Number(new URL(receiver.url).port);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  async function smtpDown() {
    await receiver?.close();
    receiver = undefined;
  }
  async function smtpUp(): Promise<SmtpReceiver> {
    receiver = await startSmtpReceiver({ port });
    // A job writes its failure to the outbox before pg-boss marks it for a retry: wait until no mail
    // job is mid-try, or the one still active would miss the update below and wait its full minute.
    await expect.poll(async () => (await rowsOf(t.app.db, sql`select 1 from pgboss.job where name = 'mail' and state = 'active'`)).length, { timeout: 10_000 }).toBe(0);
    // The next try of every job waiting after a failure is due now (this test's database only).
    await rowsOf(t.app.db, sql`update pgboss.job set start_after = now() where state = 'retry'`);
    return receiver;
  }
  const outboxFor = (who: Account) =>
    rowsOf<{ subject: string; status: string; error: string | null }>(t.app.db, sql`select subject, status, error from outbox where "to" = ${who.email} order by created_at, id`);

  /**
   * A confirmed visit at `time` whose reminder, queued `hoursBefore` its start, has failed once
   * because the SMTP server went down after her confirmation arrived; it waits for its next try.
   */
  async function reminderWaitingForRetry(time: string, hoursBefore: number) {
    const who = await signUp(t.app);
    const visit = await bookAndPay(t.app, who, service, freshDay(), time);
    await expect.poll(() => mailsTo(receiver!, who).map((m) => m.subject)).toEqual([CONFIRMATION]);
    await smtpDown();
    clockState.at = new Date(visit.startsAt.getTime() - hoursBefore * HOUR);
    expect(await t.app.reminders.sweep()).toBe(1);
    await expect.poll(async () => (await outboxFor(who)).some((r) => r.status === 'failed' && r.subject.startsWith('Reminder:')), { timeout: 10_000 }).toBe(true);
    return { who, visit };
  }

  it('the confirmation and the reminder are tried again until it is back, and each arrives once', async () => {
    const who = await signUp(t.app);
    await smtpDown();
    const visit = await bookAndPay(t.app, who, service, freshDay(), '12:00');
    clockState.at = new Date(visit.startsAt.getTime() - 6 * HOUR);
    expect(await t.app.reminders.sweep()).toBe(1);

    // Both have failed once and are waiting for their next try, marked so in the outbox.
    const failedSubjects = async () => (await outboxFor(who)).filter((r) => r.status === 'failed').map((r) => r.subject);
    await expect.poll(failedSubjects, { timeout: 10_000 }).toEqual(expect.arrayContaining([CONFIRMATION, expect.stringMatching(/^Reminder: Classic Manicure/)]));
    const [first] = await outboxFor(who);
    expect(first).toMatchObject({ status: 'failed', error: expect.stringMatching(/ECONNREFUSED.*\(attempt 1 of 4; it will be tried again\)/) });

    const up = await smtpUp();
    await up.waitForMessages(2, 15_000);
    await expect.poll(() => reminderJobStates(t.app.db, visit), { timeout: 10_000 }).toEqual(['completed']);
    const delivered = mailsTo(up, who).map((m) => m.subject);
    expect(delivered.sort()).toEqual([CONFIRMATION, `Reminder: Classic Manicure on ${dayName(visit.startsAt)} at 12:00`].sort());
    // The outbox marks a mail sent once the SMTP server has taken it, a moment after it arrived there.
    await expect.poll(async () => (await outboxFor(who)).filter((r) => r.status === 'sent'), { timeout: 10_000 }).toHaveLength(2);
  });

  it('a reminder waiting for its next try is dropped when the visit moves meanwhile, and the new time gets its own', async () => {
    const { who, visit } = await reminderWaitingForRetry('14:00', 6);

    // She moves it to 15:00 the same day, still inside the reminder window.
    const later = new Date(visit.startsAt.getTime() + HOUR);
    expect((await asUser(t.app, who).patch(`/api/bookings/${visit.id}`, { startsAt: later.toISOString() })).statusCode).toBe(200);
    const up = await smtpUp();
    // The old reminder's job ran again and found the visit moved: it finished without sending.
    await expect.poll(() => reminderJobStates(t.app.db, visit), { timeout: 10_000 }).toEqual(['completed']);
    expect(await t.app.reminders.sweep()).toBe(1);
    await expect.poll(() => reminderJobStates(t.app.db, visit), { timeout: 10_000 }).toEqual(['completed', 'completed']);
    expect(remindersTo(up, who).map((m) => m.subject)).toEqual([`Reminder: Classic Manicure on ${dayName(later)} at 15:00`]);
  });

  it('a reminder still failing when the visit starts is dropped', async () => {
    const { who, visit } = await reminderWaitingForRetry('16:00', 1);

    clockState.at = new Date(visit.startsAt.getTime() + 60_000);
    const up = await smtpUp();
    await expect.poll(() => reminderJobStates(t.app.db, visit), { timeout: 10_000 }).toEqual(['completed']);
    expect(remindersTo(up, who)).toHaveLength(0);
  });

  it('a reminder waiting for its next try is dropped when she cancels meanwhile', async () => {
    const { who, visit } = await reminderWaitingForRetry('13:00', 6);

    expect((await asUser(t.app, who).post(`/api/bookings/${visit.id}/cancel`, {})).statusCode).toBe(200);
    const up = await smtpUp();
    // The job ran again, found the visit cancelled and finished without sending.
    await expect.poll(() => reminderJobStates(t.app.db, visit), { timeout: 10_000 }).toEqual(['completed']);
    await up.waitForMessages(1, 10_000); // the cancellation notice
    expect(mailsTo(up, who).map((m) => m.subject)).toEqual([expect.stringMatching(/^Cancelled: Classic Manicure/)]);
  });
});

/** 'Sun, 6 Dec 2026': how the e-mails name a salon day. */
function dayName(instant: Date): string {
  return salonDateTimeParts(instant, DEFAULT_SALON_SETTINGS.timeZone).date;
}
