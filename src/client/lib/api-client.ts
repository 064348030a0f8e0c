import type { z } from 'zod';
import { getI18n } from 'react-i18next';
import type { ApiError, FieldIssue } from '@shared/errors';

export const NETWORK_ERROR_MESSAGE = 'Cannot reach the server. Check your connection and try again.';
const UNEXPECTED_RESPONSE_MESSAGE = 'The server sent an unexpected response. Please try again.';

const WHOLE_KEY = { ns: 'errors', keySeparator: false, nsSeparator: false } as const;

/**
 * A message the client writes itself (no server answered in the page's language) in the page's
 * language, from the `errors` catalogue, so that every place that shows `error.message` (a dialog, a
 * form's alert) shows it in Bangla on a Bangla page without translating it again. The home page has
 * not loaded that catalogue: it is fetched now (a failed call is rare, the catalogue is large).
 * English when it cannot be had (the line is down and it was never fetched) or before the app has started.
 */
async function ownMessage(english: string): Promise<string> {
  const i18n = getI18n() as ReturnType<typeof getI18n> | undefined;
  if (!i18n) return english;
  // i18next settles even when the fetch fails (it logs it); the English then stays.
  if (!i18n.hasLoadedNamespace('errors')) await i18n.loadNamespaces('errors');
  return i18n.exists(english, WHOLE_KEY) ? i18n.t(english, WHOLE_KEY) : english;
}

/** Every failed API call surfaces as this one error, in the API's own error shape. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly statusCode: number;
  readonly error: string;
  readonly issues: FieldIssue[] | undefined;
  /** A machine-readable reason some answers add (the sign-in endpoints, e.g. 'INVALID_TOKEN'). */
  readonly code: string | undefined;
  /** The whole error body, for answers that say more than the shape (a 409 listing what is in the way). */
  readonly body: unknown;

  constructor({
    statusCode,
    error,
    message,
    issues,
    code,
    body,
  }: {
    statusCode: number;
    error: string;
    message: string;
    issues?: FieldIssue[] | undefined;
    code?: string | undefined;
    body?: unknown;
  }) {
    super(message);
    this.statusCode = statusCode;
    this.error = error;
    this.issues = issues;
    this.code = code;
    this.body = body;
  }

  /** True for a refusal the same request would meet again (4xx other than timeout/rate limit). */
  get isClientError(): boolean {
    return this.statusCode >= 400 && this.statusCode < 500 && this.statusCode !== 408 && this.statusCode !== 429;
  }
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  method?: HttpMethod;
  /** Sent as JSON, or as-is for FormData (uploads). */
  body?: unknown;
  /** Parses (and so types) the response body; a mismatch is reported as an ApiRequestError. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal | undefined;
  headers?: Record<string, string>;
  /** Lets the request outlive the page (a write sent as a link leaves it). */
  keepalive?: boolean;
}

function resolveUrl(path: string): string {
  // Resolved against the page's origin so the same call works in the browser and under jsdom.
  return new URL(path, globalThis.location?.origin ?? 'http://localhost').toString();
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  return JSON.parse(text) as unknown;
}

// A hand-written guard rather than apiErrorSchema: it keeps zod out of the first page load.
function isApiError(body: unknown): body is ApiError {
  if (typeof body !== 'object' || body === null) return false;
  const { statusCode, error, message, issues } = body as Record<string, unknown>;
  return (
    typeof statusCode === 'number' &&
    typeof error === 'string' &&
    typeof message === 'string' &&
    (issues === undefined ||
      (Array.isArray(issues) &&
        issues.every(
          (issue: unknown) =>
            typeof issue === 'object' &&
            issue !== null &&
            typeof (issue as Record<string, unknown>).path === 'string' &&
            typeof (issue as Record<string, unknown>).message === 'string',
        )))
  );
}

async function toApiError(response: Response): Promise<ApiRequestError> {
  let body: unknown;
  try {
    body = await readJson(response);
  } catch {
    body = undefined;
  }
  if (isApiError(body)) {
    const { code } = body as { code?: unknown };
    return new ApiRequestError({ ...body, code: typeof code === 'string' ? code : undefined, body });
  }
  return new ApiRequestError({
    statusCode: response.status,
    error: response.statusText || 'Error',
    message: await ownMessage(
      response.status >= 500 ? 'Something went wrong on our side. Please try again in a moment.' : 'The request could not be completed. Please try again.',
    ),
  });
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, signal, headers = {}, keepalive } = options;
  const isFormData = typeof FormData !== 'undefined' && body instanceof FormData;
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      // The API answers in the page's language (its refusals and field problems), not the browser's.
      ...(typeof document !== 'undefined' && document.documentElement.lang ? { 'Accept-Language': document.documentElement.lang } : {}),
      ...(body !== undefined && !isFormData ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
  };
  if (body !== undefined) init.body = isFormData ? body : JSON.stringify(body);
  if (signal) init.signal = signal;
  if (keepalive) init.keepalive = true;

  let response: Response;
  try {
    response = await fetch(resolveUrl(path), init);
  } catch (cause) {
    // A cancelled query is not a failure; let TanStack Query see the abort as it is.
    if (signal?.aborted) throw cause;
    throw new ApiRequestError({ statusCode: 0, error: 'Network Error', message: await ownMessage(NETWORK_ERROR_MESSAGE) });
  }

  if (!response.ok) throw await toApiError(response);

  let data: unknown;
  try {
    data = await readJson(response);
  } catch {
    throw new ApiRequestError({ statusCode: response.status, error: 'Invalid Response', message: await ownMessage(UNEXPECTED_RESPONSE_MESSAGE) });
  }
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiRequestError({ statusCode: response.status, error: 'Invalid Response', message: await ownMessage(UNEXPECTED_RESPONSE_MESSAGE) });
  }
  return parsed.data;
}

type Options<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

/** The one HTTP client of the web app: JSON over fetch, always with the session cookie. */
export const apiClient = {
  get: <T = unknown>(path: string, options?: Options<T>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: Options<T>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
