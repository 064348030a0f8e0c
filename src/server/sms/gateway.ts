/**
 * Where texts go: the local recorder (the default: the row in sms_messages is the only copy, shown
 * on the admin's 'Sent SMS' page) or SSL Wireless's ISMS Plus API. Chosen by SMS_GATEWAY (env.ts),
 * as the mailer is chosen by SMTP_URL.
 */
export type OutgoingSms = {
  /** E.164. */
  to: string;
  text: string;
  /** Our id for the text, unique per text and the same on every retry of it. */
  clientId: string;
};

/** 'logged': kept here only; 'sent': the gateway took it (its reference, for delivery reports). */
export type SmsHandedOver = { status: 'logged' } | { status: 'sent'; reference: string | null };

export interface SmsGateway {
  readonly name: 'local' | 'sslwireless';
  /** Hands the text over, or throws SmsNotSentError (the job queue tries again later). */
  send(sms: OutgoingSms): Promise<SmsHandedOver>;
}

/** The gateway refused the text or did not answer; the message is safe to log (no token, no text). */
export class SmsNotSentError extends Error {
  override name = 'SmsNotSentError';
}

/** The default: nothing leaves the machine. The row the sender writes is the message. */
export const localSmsGateway: SmsGateway = {
  name: 'local',
  send: async () => ({ status: 'logged' }),
};
