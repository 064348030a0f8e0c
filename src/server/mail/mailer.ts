import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { statement } from '../repositories/prepared.js';
import type { Language } from '../../shared/i18n/language.js';

/** A file sent with the message (nodemailer's attachment shape): the calendar file of a booking. */
export type MailAttachment = { filename: string; content: string; contentType: string };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** The language it is written in, sent as Content-Language (RFC 3282); absent: English. */
  language?: Language;
};

export type SendOptions = {
  /**
   * Throw when the SMTP server refuses or cannot be reached (after recording the attempt), so a job
   * queue can try again later. Without it a failure is recorded and logged only.
   */
  throwOnFailure?: boolean;
  /** Which try this is, written beside a failure in the outbox ('attempt 1 of 11'). */
  attempt?: { number: number; of: number };
};

export interface Mailer {
  send(message: MailMessage, options?: SendOptions): Promise<void>;
  /** Closes the SMTP connections it keeps open (none without SMTP_URL). */
  close(): Promise<void>;
}

/**
 * SMTP connections open at once, at most. The mail worker sends up to ten e-mails side by side
 * (queue.ts); with a connection each, a rush opened ten sessions to the provider, more than some
 * allow (Microsoft 365 takes three per mailbox) and a TLS handshake for every message. Pooled, the
 * messages queue for these connections and reuse them. SMTP_URL may set its own
 * (`?maxConnections=5`): nodemailer reads its options from the URL's query.
 */
export const SMTP_MAX_CONNECTIONS = 3;
/** A pooled connection idle this long is closed by us, before the socket's own timeout would. */
const SMTP_IDLE_MS = 15_000;

type Recorded = { to: string; subject: string; text: string; html: string | null; status: string; error: string | null; attachments: string[] };

/**
 * The outbox's copy of a message. A prepared statement: a rush of bookings writes one per
 * confirmation, and Drizzle's builder and PostgreSQL's planning of each were a good part of
 * composing one (decision 018, session 10).
 */
const RECORD = statement<Recorded, never>('parlour_record_mail')`
  insert into outbox ("to", subject, text, html, status, error, attachments)
  values (${'to'}::text, ${'subject'}::text, ${'text'}::text, ${'html'}::text, ${'status'}::text, ${'error'}::text, ${'attachments'}::text[])`;

type Transport = { sendMail(mail: Omit<MailMessage, 'language'> & { from: string; headers: Record<string, string> }): Promise<unknown>; close(): void };

export class MailNotSentError extends Error {}

/**
 * Sends through SMTP when SMTP_URL is set; otherwise only records it. Either way a copy goes to the
 * outbox table, where the admin's 'Sent e-mails' page shows it (when SHOW_OUTBOX is on).
 * The log gets the envelope only, never the body: a body may hold a live password-reset link, and
 * logs travel further (log shippers, support tickets) than the database does.
 */
export function createMailer(options: { db: Db; log: FastifyBaseLogger; smtpUrl: string | undefined; from: string }): Mailer {
  const transport: Transport | undefined = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        pool: true,
        maxConnections: SMTP_MAX_CONNECTIONS,
        idleTimeout: SMTP_IDLE_MS,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      })
    : undefined;
  return {
    async close() {
      transport?.close();
    },
    async send(message, sendOptions = {}) {
      let status = 'logged';
      let error: string | null = null;
      if (transport) {
        try {
          const { language = 'en', ...rest } = message;
          await transport.sendMail({ ...rest, from: options.from, headers: { 'Content-Language': language } });
          status = 'sent';
        } catch (err) {
          status = 'failed';
          error = (err as Error).message;
          const { attempt } = sendOptions;
          if (attempt) error += attempt.number < attempt.of ? ` (attempt ${attempt.number} of ${attempt.of}; it will be tried again)` : ` (attempt ${attempt.number} of ${attempt.of}; given up)`;
        }
      }
      const attachments = (message.attachments ?? []).map((a) => a.filename);
      const envelope = { to: message.to, subject: message.subject, status, ...(message.attachments && { attachments }) };
      if (status === 'failed') options.log.error({ mail: envelope, error }, 'e-mail could not be sent');
      else options.log.info({ mail: envelope }, transport ? 'e-mail sent' : 'e-mail kept in the outbox (no SMTP_URL set)');
      await RECORD.run(options.db, {
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        status,
        error,
        attachments,
      });
      if (status === 'failed' && sendOptions.throwOnFailure) throw new MailNotSentError(`e-mail to ${message.to} not sent: ${error}`);
    },
  };
}
