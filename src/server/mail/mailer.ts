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
 * Sends through SMTP when SMTP_URL is set; otherwise writes the message to the server log. Either
 * way a copy goes to the outbox table, so the admin can see what the salon sent.
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
          options.log.error({ err, to: message.to }, 'e-mail could not be sent');
        }
      } else {
        options.log.info({ mail: { to: message.to, subject: message.subject, text: message.text } }, 'e-mail (no SMTP_URL set; kept in the outbox)');
      }
      await options.db.insert(outbox).values({ ...message, html: message.html ?? null, status, error });
    },
  };
}
