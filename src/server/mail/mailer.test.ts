import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { outbox } from '../db/schema.js';
import type { DbHandle } from '../db/client.js';
import { prepareDatabase } from '../db/prepare.js';
import { createTestDatabase } from '../test/test-database.js';
import { closedPort, startSmtpReceiver, type SmtpReceiver } from '../test/smtp-receiver.js';
import { createMailer as makeMailer, MailNotSentError, SMTP_MAX_CONNECTIONS, type Mailer } from './mailer.js';

const FROM = 'Parlour Test <salon@parlour.test>';
// A real pino logger, as the app has, that writes nowhere.
const log = Fastify({ logger: { level: 'silent' } }).log;

let database: DbHandle;
let drop: () => Promise<void>;
let receiver: SmtpReceiver;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await prepareDatabase(database, { seed: false });
  receiver = await startSmtpReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await drop?.();
});
/** Each test's mailers, closed after it: pooled SMTP connections would otherwise stay open. */
const opened: Mailer[] = [];
const createMailer = (options: Parameters<typeof makeMailer>[0]) => {
  const mailer = makeMailer(options);
  opened.push(mailer);
  return mailer;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((m) => m.close()));
});
beforeEach(async () => {
  receiver.messages.length = 0;
  await database.db.delete(outbox);
});

const message = {
  to: 'mim@example.com',
  subject: 'Your booking on 12 May',
  // Long enough that nodemailer has to wrap it (quoted-printable), with a non-ASCII character.
  text: `Hello Mim,\n\nSee you at 10:30 for your facial — bring nothing but yourself. ${'This line is long. '.repeat(5)}\n\nParlour`,
};

describe('createMailer', () => {
  it('delivers through SMTP_URL and records the message as sent', async () => {
    const mailer = createMailer({ db: database.db, log, smtpUrl: receiver.url, from: FROM });
    await mailer.send(message);

    expect(receiver.messages).toHaveLength(1);
    const mail = receiver.messages[0]!;
    expect(mail.envelope).toEqual({ from: 'salon@parlour.test', to: ['mim@example.com'] });
    expect(mail.from).toBe(FROM);
    expect(mail.to).toBe('mim@example.com');
    expect(mail.subject).toBe(message.subject);
    expect(mail.text.trimEnd()).toBe(message.text);

    const rows = await database.db.select().from(outbox);
    expect(rows).toEqual([expect.objectContaining({ ...message, html: null, status: 'sent', error: null })]);
  });

  it(`sends a rush over at most ${SMTP_MAX_CONNECTIONS} connections at once, reused, and closes them`, async () => {
    const mailer = createMailer({ db: database.db, log, smtpUrl: receiver.url, from: FROM });
    const before = receiver.connections.total;
    receiver.connections.most = receiver.connections.open;
    // As the mail worker sends a batch: ten at once.
    const rush = Array.from({ length: 10 }, (_, i) => ({ ...message, to: `guest${i}@example.com` }));
    await Promise.all(rush.map((m) => mailer.send(m)));

    expect(receiver.messages.map((m) => m.to).sort()).toEqual(rush.map((m) => m.to).sort());
    expect(await database.db.select().from(outbox)).toHaveLength(10);
    expect((await database.db.select().from(outbox)).every((row) => row.status === 'sent')).toBe(true);
    expect(receiver.connections.most).toBeLessThanOrEqual(SMTP_MAX_CONNECTIONS);
    expect(receiver.connections.total - before).toBeLessThanOrEqual(SMTP_MAX_CONNECTIONS);

    await mailer.close();
    await vi.waitFor(() => expect(receiver.connections.open).toBe(0));
  });

  it('without SMTP_URL keeps the message in the outbox only, as logged', async () => {
    const mailer = createMailer({ db: database.db, log, smtpUrl: undefined, from: FROM });
    await mailer.send(message);

    expect(receiver.messages).toHaveLength(0);
    const rows = await database.db.select().from(outbox);
    expect(rows).toEqual([expect.objectContaining({ ...message, status: 'logged', error: null })]);
  });

  it('when the SMTP server cannot be reached, records the failure and does not throw', async () => {
    const smtpUrl = `smtp://127.0.0.1:${await closedPort()}`;
    const error = vi.spyOn(log, 'error');
    const mailer = createMailer({ db: database.db, log, smtpUrl, from: FROM });
    await expect(mailer.send(message)).resolves.toBeUndefined();

    const rows = await database.db.select().from(outbox);
    expect(rows).toEqual([expect.objectContaining({ ...message, status: 'failed' })]);
    expect(rows[0]!.error).toMatch(/ECONNREFUSED|connect/i);
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ mail: expect.objectContaining({ to: message.to }) }), 'e-mail could not be sent');
    error.mockRestore();
  });
});

describe('sending for the job queue', () => {
  it('with throwOnFailure, records the failed attempt, saying which it was, and throws so the job is retried', async () => {
    const smtpUrl = `smtp://127.0.0.1:${await closedPort()}`;
    const mailer = createMailer({ db: database.db, log, smtpUrl, from: FROM });
    await expect(mailer.send(message, { throwOnFailure: true, attempt: { number: 1, of: 3 } })).rejects.toThrow(MailNotSentError);
    await expect(mailer.send(message, { throwOnFailure: true, attempt: { number: 3, of: 3 } })).rejects.toThrow(/not sent/);
    const rows = await database.db.select().from(outbox).orderBy(outbox.createdAt);
    expect(rows.map((r) => r.status)).toEqual(['failed', 'failed']);
    expect(rows[0]!.error).toMatch(/\(attempt 1 of 3; it will be tried again\)$/);
    expect(rows[1]!.error).toMatch(/\(attempt 3 of 3; given up\)$/);
  });

  it('delivers the HTML part and the attachments beside the text', async () => {
    const mailer = createMailer({ db: database.db, log, smtpUrl: receiver.url, from: FROM });
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:PUBLISH\r\nEND:VCALENDAR\r\n';
    await mailer.send({ ...message, html: '<p>Hello <b>Mim</b></p>', attachments: [{ filename: 'visit.ics', content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }] });

    const [mail] = receiver.messages;
    expect(mail!.text.trimEnd()).toBe(message.text);
    expect(mail!.html).toBe('<p>Hello <b>Mim</b></p>');
    expect(mail!.attachments).toEqual([{ filename: 'visit.ics', contentType: expect.stringMatching(/^text\/calendar; charset=utf-8; method=PUBLISH/), content: ics }]);
    const rows = await database.db.select().from(outbox);
    expect(rows).toEqual([expect.objectContaining({ ...message, html: '<p>Hello <b>Mim</b></p>', status: 'sent', attachments: ['visit.ics'] })]);
  });
});

describe('what the mailer logs', () => {
  // A live reset link: whoever reads the log could take over the account with it.
  const resetMail = {
    to: 'mim@example.com',
    subject: 'Reset your Parlour password',
    text: 'Open this link within one hour: http://localhost:3000/api/auth/reset-password/SECRET-TOKEN-123?callbackURL=%2Freset-password',
  };
  const html = '<p><a href="http://localhost:3000/api/auth/reset-password/SECRET-TOKEN-123">Choose a new password</a></p>';

  /** A real pino logger, as the app has, whose JSON lines are kept for the test to read. */
  function capturingLogger() {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = Fastify({ logger: { level: 'trace', stream } }).log;
    return { logger, lines };
  }

  it.each([
    ['without SMTP_URL', () => Promise.resolve(undefined), 'logged', { ...resetMail, html }],
    ['through SMTP', () => Promise.resolve(receiver.url), 'sent', { ...resetMail, html }],
    ['when SMTP fails', async () => `smtp://127.0.0.1:${await closedPort()}`, 'failed', { ...resetMail, html }],
  ])('%s logs who, what and how it went, never the body', async (_case, smtpUrl, status, mail) => {
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({ db: database.db, log: logger, smtpUrl: await smtpUrl(), from: FROM });
    await mailer.send(mail);

    const output = lines.join('');
    expect(output).not.toContain('SECRET-TOKEN-123');
    expect(output).not.toContain('within one hour');
    const entries = lines.map((line) => JSON.parse(line) as { mail?: unknown });
    expect(entries.map((entry) => entry.mail)).toContainEqual({ to: resetMail.to, subject: resetMail.subject, status });
    // The outbox still has the whole message, for the admin's 'Sent e-mails' page.
    const rows = await database.db.select().from(outbox);
    expect(rows).toEqual([expect.objectContaining({ ...mail, status })]);
  });
});
