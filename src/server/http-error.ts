import { reasonPhrase, type FieldIssue } from '../shared/errors.js';

/** An error meant for the client: its status and message are sent as they are. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly issues?: FieldIssue[],
  ) {
    super(message);
    this.name = 'HttpError';
  }

  get reason(): string {
    return reasonPhrase(this.statusCode);
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);
