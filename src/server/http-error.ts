import { reasonPhrase, type FieldIssue } from '../shared/errors.js';

/**
 * Values of a message the salon itself wrote in Bangla (a service's Bangla title), by placeholder
 * name: a Bangla reply writes them in place of the English ones the message names.
 */
export type BanglaValues = Readonly<Record<string, string>>;

/** An error meant for the client: its status and message are sent as they are (in the request's language). */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly issues?: FieldIssue[],
    public readonly banglaValues?: BanglaValues,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  get reason(): string {
    return reasonPhrase(this.statusCode);
  }
}

/** What may be missing, each with its whole message: the `errors` catalogue's key, so it is translated. */
const NOT_FOUND = {
  Backup: 'Backup not found',
  Booking: 'Booking not found',
  'Booking list item': 'Booking list item not found',
  Customer: 'Customer not found',
  Message: 'Message not found',
  Payment: 'Payment not found',
  Service: 'Service not found',
  Stylist: 'Stylist not found',
  'Time off': 'Time off not found',
  User: 'User not found',
  'Waitlist entry': 'Waitlist entry not found',
} as const;

export const notFound = (what: keyof typeof NOT_FOUND) => new HttpError(404, NOT_FOUND[what]);
