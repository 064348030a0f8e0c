import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';
import type { z } from 'zod';
import { reasonPhrase, type ApiError, type FieldIssue } from '@shared/errors';
import { idSchema } from '@shared/ids';
import type { deletedSchema, insertedSchema, modifiedSchema } from '@shared/results';
import type { Review } from '@shared/review';
import { serviceCreateSchema, serviceUpdateSchema, type Service } from '@shared/service';
import type { AdminCheck, AuthProviders, Session, UploadResult, User } from '@shared/user';
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

/** Where the fake upload endpoint says every image was stored. */
export const UPLOADED_IMAGE_URL = '/uploads/2b0f6c7e-1d2a-4c3b-9e8f-7a6b5c4d3e2f.webp';

function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

/** One write that reached the fake catalogue, with the JSON body the browser sent. */
export interface CatalogueWrite {
  method: 'POST' | 'PATCH' | 'DELETE';
  id?: string;
  body?: unknown;
}

/**
 * The admin's fake catalogue: GET /api/service and /api/service/:id answer from a list that
 * POST, PATCH and DELETE really change, bodies checked with the shared schemas as the server
 * does; POST /api/upload stores every image at UPLOADED_IMAGE_URL. `calls` lists the requests
 * in order ('upload', 'list', 'get <id>', 'POST', 'PATCH <id>', 'DELETE <id>').
 */
export function fakeCatalogue(initial: Service[] = defaultServices) {
  const list = initial.map((service) => ({ ...service }));
  const calls: string[] = [];
  const writes: CatalogueWrite[] = [];
  let nextId = 1;

  const handlers = [
    http.get<PathParams, DefaultBodyType, Service[]>('/api/service', () => {
      calls.push('list');
      return HttpResponse.json(list);
    }),
    http.get<{ id: string }>('/api/service/:id', ({ params }) => {
      calls.push(`get ${params.id}`);
      if (!idSchema.safeParse(params.id).success) return apiErrorResponse(400, 'Must be a valid id', [{ path: 'id', message: 'Must be a valid id' }]);
      const service = list.find((s) => s._id === params.id);
      return service ? HttpResponse.json(service) : apiErrorResponse(404, 'Service not found');
    }),
    http.post('/api/upload', () => {
      calls.push('upload');
      const body: UploadResult = { data: { display_url: UPLOADED_IMAGE_URL } };
      return HttpResponse.json(body, { status: 201 });
    }),
    http.post('/api/service', async ({ request }) => {
      calls.push('POST');
      const body: unknown = await request.json();
      writes.push({ method: 'POST', body });
      const parsed = serviceCreateSchema.safeParse(body);
      if (!parsed.success) return apiErrorResponse(400, 'Check the highlighted fields.', fieldIssues(parsed.error));
      const _id = `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`;
      list.push({ _id, ...parsed.data, title_bn: parsed.data.title_bn ?? null, description_bn: parsed.data.description_bn ?? null, category: parsed.data.category ?? null, paymentPolicy: parsed.data.paymentPolicy ?? null });
      const answer: z.infer<typeof insertedSchema> = { insertedId: _id };
      return HttpResponse.json(answer, { status: 201 });
    }),
    http.patch<{ id: string }>('/api/service/:id', async ({ params, request }) => {
      calls.push(`PATCH ${params.id}`);
      const body: unknown = await request.json();
      writes.push({ method: 'PATCH', id: params.id, body });
      const parsed = serviceUpdateSchema.safeParse(body);
      if (!parsed.success) return apiErrorResponse(400, 'Check the highlighted fields.', fieldIssues(parsed.error));
      const service = list.find((s) => s._id === params.id);
      if (!service) return apiErrorResponse(404, 'Service not found');
      const changes = Object.entries(parsed.data).filter(([, value]) => value !== undefined);
      // Compared as JSON: a payment policy is an object, equal to the saved one when its fields are.
      const differs = changes.some(([key, value]) => JSON.stringify(service[key as keyof Service]) !== JSON.stringify(value));
      Object.assign(service, Object.fromEntries(changes));
      const answer: z.infer<typeof modifiedSchema> = { modifiedCount: differs ? 1 : 0 };
      return HttpResponse.json(answer);
    }),
    http.delete<{ id: string }>('/api/service/:id', ({ params }) => {
      calls.push(`DELETE ${params.id}`);
      writes.push({ method: 'DELETE', id: params.id });
      const index = list.findIndex((s) => s._id === params.id);
      if (index === -1) return apiErrorResponse(404, 'Service not found');
      list.splice(index, 1);
      const answer: z.infer<typeof deletedSchema> = { deletedCount: 1 };
      return HttpResponse.json(answer);
    }),
  ];

  return { handlers, list, calls, writes };
}
