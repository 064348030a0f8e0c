import type { FieldIssue } from '../shared/errors.js';

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

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
    return reasons[this.statusCode] ?? 'Error';
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);

export function reasonPhrase(statusCode: number): string {
  return reasons[statusCode] ?? (statusCode >= 500 ? 'Internal Server Error' : 'Error');
}
