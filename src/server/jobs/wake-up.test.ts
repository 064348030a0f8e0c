/**
 * A notice queued in a request's transaction wakes a worker when the transaction commits, on every
 * instance: the workers here poll only once a minute, so an e-mail that arrives within seconds
 * was sent because of the wake-up (the notice on WAKE_CHANNEL), not found by a poll.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiblingApp, createTestApp, type TestApp } from '../test/test-app.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { asUser, distinctOpenDays } from '../test/booking.js';
import { bookAndPay } from '../test/appointments.js';
import { startSmtpReceiver, type SmtpReceiver } from '../test/smtp-receiver.js';
import type { App } from '../types.js';

const SLOW_POLL = { pollingIntervalSeconds: 60 };
/** Well under the poll: only a wake-up delivers in time. */
const WITHIN = { timeout: 8_000, interval: 100 };

let receiver: SmtpReceiver;
let t: TestApp;
let sibling: { app: App; close: () => Promise<void> };
let admin: Account;
let service: { _id: string; price: number };
const nextDay = distinctOpenDays(4);

beforeAll(async () => {
  receiver = await startSmtpReceiver();
  t = await createTestApp({ env: { SMTP_URL: receiver.url }, jobs: SLOW_POLL });
  sibling = await createSiblingApp(t, { jobs: SLOW_POLL });
  admin = await signUpAdmin(t.app);
  service = (await t.app.inject({ url: '/api/service' })).json<{ _id: string; price: number; title: string }[]>().find((s) => s.title === 'Classic Manicure')!;
});
afterAll(async () => {
  await sibling?.close();
  await t?.close();
  await receiver?.close();
});

const subjectsTo = (who: Account) => receiver.messages.filter((m) => m.envelope.to.includes(who.email)).map((m) => m.subject);

describe('the wake-up of a notice queued in a transaction', () => {
  it('sends the confirmation at once, though the workers poll once a minute', async () => {
    const who = await signUp(t.app);
    await bookAndPay(t.app, who, service, nextDay(), '11:00');
    await expect.poll(() => subjectsTo(who), WITHIN).toEqual(['Your Parlour appointments are confirmed']);
  });

  it('reaches the workers from a change made on the other instance', async () => {
    const who = await signUp(t.app);
    const visit = await bookAndPay(t.app, who, service, nextDay(), '14:00');
    await expect.poll(() => subjectsTo(who), WITHIN).toHaveLength(1);
    expect((await asUser(sibling.app, admin).post(`/api/bookings/${visit.id}/cancel`, {})).statusCode).toBe(200);
    await expect.poll(() => subjectsTo(who).filter((s) => s.startsWith('Cancelled: Classic Manicure')), WITHIN).toHaveLength(1);
  });

  it('drains a burst: ten customers paying at once all get their confirmation within seconds', async () => {
    // Ten commits, their wake-ups landing while the worker is busy, leave a backlog; a worker that
    // waited for its next poll after each job would send one and leave nine for minutes.
    const day = nextDay();
    const customers = await Promise.all(Array.from({ length: 10 }, () => signUp(t.app)));
    await Promise.all(customers.map((who, i) => bookAndPay(i % 2 ? t.app : sibling.app, who, service, day, ['10:00', '12:00', '14:00', '16:00', '17:00'][i % 5]!)));
    await expect.poll(() => customers.map((who) => subjectsTo(who).length), WITHIN).toEqual(customers.map(() => 1));
  });
});
