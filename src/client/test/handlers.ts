import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';
import { reasonPhrase, type ApiError, type FieldIssue } from '../../shared/errors';
import type { Review } from '../../shared/review';
import type { Service } from '../../shared/service';
import type { AdminCheck, AuthProviders, Session, User } from '../../shared/user';
import { reviews as defaultReviews, services as defaultServices, sessionFor } from './fixtures';

/** GET /api/service answering with the given services. */
export function servicesHandler(data: Service[] = defaultServices) {
  return http.get<PathParams, DefaultBodyType, Service[]>('/api/service', () => HttpResponse.json(data));
}

/** GET /api/review answering with the given reviews. */
export function reviewsHandler(data: Review[] = defaultReviews) {
  return http.get<PathParams, DefaultBodyType, Review[]>('/api/review', () => HttpResponse.json(data));
}

/** A response in the API's one error shape. */
export function apiErrorResponse(statusCode: number, message: string, issues?: FieldIssue[]) {
  const body: ApiError = { statusCode, error: reasonPhrase(statusCode), message, ...(issues ? { issues } : {}) };
  return HttpResponse.json(body, { status: statusCode });
}

/**
 * GET /api/auth/get-session for this account (null: nobody signed in), and GET /api/user/admin/:email
 * answering from its role, as the server would.
 */
export function signedInAs(user: User | null) {
  const session: Session = user ? sessionFor(user) : null;
  return [
    http.get<PathParams, DefaultBodyType, Session>('/api/auth/get-session', () => HttpResponse.json(session)),
    http.get<{ email: string }, DefaultBodyType, AdminCheck>('/api/user/admin/:email', ({ params }) =>
      HttpResponse.json({ admin: user !== null && params.email === user.email && user.role === 'admin' }),
    ),
  ];
}

export const noSocialProviders: AuthProviders = { google: false, facebook: false, oidc: null };

/** GET /api/config/auth: which sign-in providers the server offers. */
export function authProvidersHandler(providers: AuthProviders = noSocialProviders) {
  return http.get<PathParams, DefaultBodyType, AuthProviders>('/api/config/auth', () => HttpResponse.json(providers));
}

/**
 * A session that changes as the test goes on: sign-in, sign-up and log-out handlers move it, as
 * the server's cookie would. Returns the handlers and a way to read or set who is signed in.
 */
export function accountSession(initial: User | null = null) {
  let current: User | null = initial;
  return {
    get user() {
      return current;
    },
    set user(user: User | null) {
      current = user;
    },
    handlers: [
      http.get<PathParams, DefaultBodyType, Session>('/api/auth/get-session', () =>
        HttpResponse.json(current ? sessionFor(current) : null),
      ),
      http.get<{ email: string }, DefaultBodyType, AdminCheck>('/api/user/admin/:email', ({ params }) =>
        HttpResponse.json({ admin: current !== null && params.email === current.email && current.role === 'admin' }),
      ),
      http.get('/api/logout', () => {
        current = null;
        return HttpResponse.json({ success: true });
      }),
    ],
  };
}
