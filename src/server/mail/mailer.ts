import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { outbox } from '../db/schema.js';

export type MailMessage = { to: string; subject: string; text: string; html?: string };

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

type Transport = { sendMail(mail: MailMessage & { from: string }): Promise<unknown> };

/**
 * Sends through SMTP when SMTP_URL is set; otherwise only records it. Either way a copy goes to the
 * outbox table, where the admin's 'Sent e-mails' page shows it (when SHOW_OUTBOX is on).
 * The log gets the envelope only, never the body: a body may hold a live password-reset link, and
 * logs travel further (log shippers, support tickets) than the database does.
 */
export function createMailer(options: { db: Db; log: FastifyBaseLogger; smtpUrl: string | undefined; from: string }): Mailer {
  const transport: Transport | undefined = options.smtpUrl ? nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }) : undefined;
  return {
    async send(message) {
      let status = 'logged';
      let error: string | null = null;
      if (transport) {
        try {
          await transport.sendMail({ ...message, from: options.from });
          status = 'sent';
        } catch (err) {
          status = 'failed';
          error = (err as Error).message;
        }
      }
      const envelope = { to: message.to, subject: message.subject, status };
      if (status === 'failed') options.log.error({ mail: envelope, error }, 'e-mail could not be sent');
      else options.log.info({ mail: envelope }, transport ? 'e-mail sent' : 'e-mail kept in the outbox (no SMTP_URL set)');
      await options.db.insert(outbox).values({ ...message, html: message.html ?? null, status, error });
    },
  };
}
