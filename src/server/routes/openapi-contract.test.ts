/**
 * The API document is the truth: real traffic from each role (visitor, customer, admin), good and
 * bad requests alike, and every answer checked against the document the server serves
 * (/api/docs/json): its status is documented for that operation, its media type is one the
 * documented response has, and its body validates against the documented schema. Successful
 * requests are checked too: their JSON body, query and path parameters must fit the documented
 * input, or the document asks for something the server does not. At the end every documented
 * operation has been called. The document also passes Redocly's recommended rules (which include
 * the OpenAPI spec rules) with no error.
 *
 * The schemas are validated by Ajv's JSON Schema 2020-12 validator (the dialect of OpenAPI 3.1),
 * not by the zod schemas the document was generated from: a mistake in the generation shows.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { cookieFrom, signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { imageForm, solidPng } from '../test/uploads.js';
import { CARDS, dhaka, futureExpiry, openDay } from '../test/booking.js';
import { sessionCookieName } from '../openapi.js';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows.js';

type Schema = Record<string, unknown>;
type MediaType = { schema?: Schema };
type Response = { description: string; content?: Record<string, MediaType> };
type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema: Schema };
type Operation = {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, Response>;
  security?: Record<string, string[]>[];
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, { type: string; in?: string; name?: string }> };
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
type Method = Uppercase<(typeof METHODS)[number]>;

let t: TestApp;
let doc: Document;
let ajv: Ajv2020;
/** Parameters travel as text: '5' is a valid integer parameter (OpenAPI's form style). */
let parameterAjv: Ajv2020;
/** `GET /api/service/{id}` for every operation some request reached. */
const called = new Set<string>();
/** Every answer that broke the document, reported together at the end of each test. */
let problems: string[] = [];

/** The documented path templates, most literal first, so /api/review/mine wins over /api/review/{id}. */
let templates: { path: string; pattern: RegExp; params: string[] }[] = [];

function operationFor(method: Method, url: string): { path: string; op: Operation; params: Record<string, string> } | undefined {
  const pathname = new URL(url, 'http://x').pathname;
  for (const template of templates) {
    const match = template.pattern.exec(pathname);
    const op = match && doc.paths[template.path]?.[method.toLowerCase()];
    if (match && op) {
      const params = Object.fromEntries(template.params.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
      return { path: template.path, op, params };
    }
  }
  return undefined;
}

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
const validators = new Map<string, ValidateFunction>();
/** A validator for the schema at this place in the document (its $refs resolve within it). */
function validatorAt(...parts: string[]): ValidateFunction {
  const ref = `openapi.json#/${pointer(...parts)}`;
  const forParameter = parts.includes('parameters');
  let validate = validators.get(ref);
  if (!validate) {
    validate = (forParameter ? parameterAjv : ajv).getSchema(ref);
    if (!validate) throw new Error(`no schema at ${ref}`);
    validators.set(ref, validate);
  }
  return validate;
}
const errorsOf = (validate: ValidateFunction) => JSON.stringify(validate.errors?.slice(0, 3));

type Who = Account | undefined;
type Call = {
  method: Method;
  url: string;
  body?: unknown;
  /** A raw body with its content type (multipart, text) instead of JSON. */
  raw?: { payload: Buffer | string; contentType: string };
  headers?: Record<string, string>;
  /** The status this request is meant to get (the test's own intent, checked beside the document). */
  status: number;
  /** Set by `call`: whether the request carried someone's session. */
  who?: boolean;
};

/** Sends a request as `who`, from the site's own origin unless told otherwise, and checks the answer. */
async function call(who: Who, request: Call): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { origin: t.config.publicUrl, ...(who ? { cookie: who.cookie } : {}), ...request.headers };
  const res = await t.app.inject({
    method: request.method,
    url: request.url,
    headers: request.raw ? { ...headers, 'content-type': request.raw.contentType } : headers,
    ...(request.raw ? { payload: request.raw.payload } : request.body !== undefined ? { payload: request.body as object } : {}),
  });
  const where = `${request.method} ${request.url} → ${res.statusCode}`;
  expect(res.statusCode, `${where}: ${res.body.slice(0, 300)}`).toBe(request.status);
  checkAgainstDocument({ ...request, who: who !== undefined }, res, where);
  return res;
}

function checkAgainstDocument(request: Call, res: LightMyRequestResponse, where: string) {
  const found = operationFor(request.method, request.url);
  if (!found) {
    problems.push(`${where}: no such operation in the document`);
    return;
  }
  const { path, op, params } = found;
  const method = request.method.toLowerCase();
  called.add(`${request.method} ${path}`);

  const status = String(res.statusCode);
  const documented = op.responses[status] ?? op.responses[`${status[0]}XX`] ?? op.responses.default;
  if (!documented) {
    problems.push(`${where}: status not documented (documented: ${Object.keys(op.responses).join(', ')})`);
    return;
  }
  const contentType = res.headers['content-type'];
  if (!documented.content) {
    if (res.rawPayload.length > 0) problems.push(`${where}: documented without a body, answered ${res.rawPayload.length} bytes of ${contentType}`);
  } else {
    const mediaType = typeof contentType === 'string' ? contentType.split(';')[0]!.trim().toLowerCase() : '(none)';
    const media = documented.content[mediaType];
    if (!media) {
      problems.push(`${where}: answered ${mediaType}, documented ${Object.keys(documented.content).join(', ')}`);
    } else if (media.schema && mediaType !== 'application/gzip') {
      const data: unknown = mediaType.endsWith('json') ? JSON.parse(res.body) : res.body;
      const validate = validatorAt('paths', path, method, 'responses', status, 'content', mediaType, 'schema');
      if (!validate(data)) problems.push(`${where}: body does not fit the documented ${mediaType} schema: ${errorsOf(validate)}`);
    }
  }

  // Who may call it: the document's security must agree with what the server did.
  const needsSession = (op.security ?? []).length > 0 && !op.security!.some((requirement) => Object.keys(requirement).length === 0);
  // (better-auth's sign-in answers 401 for a wrong password: that is not about a session.)
  if (res.statusCode === 401 && !needsSession && !path.startsWith('/api/auth/')) problems.push(`${where}: answered 401, but the document needs no session here`);
  if (res.statusCode < 300 && !request.headers?.cookie && !request.who && needsSession) {
    problems.push(`${where}: a visitor without a session was served, but the document asks for the session cookie`);
  }

  // A request the server accepted must be one the document allows.
  if (res.statusCode >= 200 && res.statusCode < 300) {
    if (request.raw) {
      const sent = request.raw.contentType.split(';')[0]!.trim();
      if (!op.requestBody?.content[sent]) problems.push(`${where}: accepted a ${sent} body the document does not take`);
    }
    const query = Object.fromEntries(new URL(request.url, 'http://x').searchParams);
    for (const [index, parameter] of (op.parameters ?? []).entries()) {
      const value = parameter.in === 'path' ? params[parameter.name] : parameter.in === 'query' ? query[parameter.name] : undefined;
      if (value === undefined) {
        if (parameter.required) problems.push(`${where}: accepted without the required ${parameter.in} parameter ${parameter.name}`);
        continue;
      }
      const validate = validatorAt('paths', path, method, 'parameters', String(index), 'schema');
      if (!validate(value)) problems.push(`${where}: accepted ${parameter.in} ${parameter.name}=${value}, which the document refuses: ${errorsOf(validate)}`);
    }
    if (request.body !== undefined) {
      if (!op.requestBody?.content['application/json']) problems.push(`${where}: accepted a JSON body the document does not take`);
      else {
        const validate = validatorAt('paths', path, method, 'requestBody', 'content', 'application/json', 'schema');
        if (!validate(request.body)) problems.push(`${where}: accepted a body the document refuses: ${errorsOf(validate)}`);
      }
    }
  }
}

/** Fails with every broken answer of the test at once, then starts the next test afresh. */
function reportProblems() {
  const found = problems;
  problems = [];
  expect(found).toEqual([]);
}

const notAnId = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject('/api/docs/json');
  expect(res.statusCode).toBe(200);
  doc = res.json<Document>();
  ajv = new Ajv2020({ strict: false, allErrors: true });
  parameterAjv = new Ajv2020({ strict: false, allErrors: true, coerceTypes: true });
  for (const instance of [ajv, parameterAjv]) {
    addFormats(instance);
    // The whole document, so a schema's $refs into #/components resolve as in the document.
    instance.addSchema(doc, 'openapi.json');
  }
  templates = Object.keys(doc.paths)
    .map((path) => {
      const params = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      const pattern = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '([^/]+)')}$`);
      return { path, pattern, params };
    })
    .sort((a, b) => a.params.length - b.params.length);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the API document', () => {
  it('passes the OpenAPI linter (Redocly, recommended rules) with no error', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const found = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const errors = found.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`);
    expect(errors).toEqual([]);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('names the cookie that signing in really sets, and asks for it exactly where the server does', async () => {
    const scheme = doc.components?.securitySchemes?.sessionCookie;
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'cookie', name: sessionCookieName(t.config.publicUrl) });
    const someone = await signUp(t.app);
    expect(someone.cookie).toContain(`${scheme!.name}=`);
    // Every operation says whether it needs the session; the guarded ones are the ones that answer 401.
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(op.security, `${method} ${path}`).toBeDefined();
        const needsSession = op.security!.length > 0;
        if (path.startsWith('/api/auth/')) continue;
        expect(op.responses['401'] !== undefined, `${method} ${path}: 401 documented iff it needs the session`).toBe(needsSession);
      }
    }
  });

  it('documents dates as YYYY-MM-DD, as the server insists', () => {
    const dateParameters = [
      ['/api/availability', 'date'],
      ['/api/bookings', 'from'],
      ['/api/payments', 'to'],
      ['/api/admin/summary', 'from'],
      ['/api/admin/waitlist', 'date'],
    ] as const;
    for (const [path, name] of dateParameters) {
      const index = doc.paths[path]!.get!.parameters!.findIndex((p) => p.name === name);
      const validate = validatorAt('paths', path, 'get', 'parameters', String(index), 'schema');
      expect([validate('2026-11-29'), validate('tomorrow'), validate('2026-13-01'), validate('29/11/2026')], `${path} ${name}`).toEqual([true, false, false, false]);
    }
  });
});

describe('real traffic against the document', () => {
  let customer: Account;
  let admin: Account;
  let serviceId: string;
  let servicePrice: number;
  let day: string;

  beforeAll(async () => {
    customer = await signUp(t.app);
    admin = await signUpAdmin(t.app);
    const services = (await t.app.inject('/api/service')).json<{ _id: string; price: number }[]>();
    serviceId = services[0]!._id;
    servicePrice = services[0]!.price;
    day = openDay(3);
  });

  it('accounts: sign-up, sign-in, session, sign-out, password reset, profile and roles', async () => {
    const email = `contract-${Date.now()}@example.com`;
    const signUpBody = { name: 'Contract Customer', email, password: 'Secret123', image: '/images/reviews/nusrat.svg' };
    const created = await call(undefined, { method: 'POST', url: '/api/auth/sign-up/email', body: signUpBody, status: 200 });
    const newcomer: Account = { ...signUpBody, id: created.json<{ user: { id: string } }>().user.id, cookie: cookieFrom(created.headers['set-cookie']) };
    await call(undefined, { method: 'POST', url: '/api/auth/sign-up/email', body: signUpBody, status: 409 });
    await call(undefined, { method: 'POST', url: '/api/auth/sign-up/email', body: { ...signUpBody, email: 'not an e-mail', password: 'short' }, status: 400 });
    await call(undefined, { method: 'POST', url: '/api/auth/sign-in/email', body: { email, password: 'Secret123' }, status: 200 });
    await call(undefined, { method: 'POST', url: '/api/auth/sign-in/email', body: { email, password: 'Wrong1234' }, status: 401 });
    await call(undefined, { method: 'POST', url: '/api/auth/sign-in/email', body: { email, password: 'Secret123' }, headers: { origin: 'https://evil.example' }, status: 403 });
    await call(undefined, { method: 'POST', url: '/api/auth/sign-in/social', body: { provider: 'google', callbackURL: '/dashboard' }, status: 404 });
    await call(undefined, { method: 'GET', url: '/api/auth/get-session', status: 200 });
    await call(newcomer, { method: 'GET', url: '/api/auth/get-session', status: 200 });
    await call(undefined, { method: 'POST', url: '/api/auth/request-password-reset', body: { email, redirectTo: '/reset-password' }, status: 200 });
    await call(undefined, { method: 'POST', url: '/api/auth/reset-password', body: { newPassword: 'Newpass123', token: 'no-such-token' }, status: 400 });
    await call(newcomer, { method: 'POST', url: '/api/auth/sign-out', status: 200 });
    await call(undefined, { method: 'POST', url: '/api/auth/sign-out', status: 200 });
    await call(undefined, { method: 'GET', url: '/api/config/auth', status: 200 });
    await call(customer, { method: 'GET', url: '/api/logout', headers: { cookie: (await signUp(t.app)).cookie }, status: 200 });

    await call(customer, { method: 'POST', url: '/api/user', body: { name: 'Renamed Customer', email: customer.email }, status: 200 });
    await call(customer, { method: 'POST', url: '/api/user', body: { name: 'Renamed', email: admin.email }, status: 403 });
    await call(customer, { method: 'POST', url: '/api/user', body: { name: '' }, status: 400 });
    await call(undefined, { method: 'POST', url: '/api/user', body: { name: 'Nobody' }, status: 401 });
    await call(customer, { method: 'GET', url: '/api/user', status: 403 });
    await call(admin, { method: 'GET', url: '/api/user', status: 200 });
    await call(customer, { method: 'GET', url: `/api/user/admin/${encodeURIComponent(customer.email)}`, status: 200 });
    await call(customer, { method: 'GET', url: `/api/user/admin/${encodeURIComponent(admin.email)}`, status: 403 });
    await call(admin, { method: 'GET', url: `/api/user/admin/${encodeURIComponent(customer.email)}`, status: 200 });
    const bystander = await signUp(t.app);
    await call(admin, { method: 'PATCH', url: `/api/user/admin/${bystander.id}`, status: 200 });
    await call(admin, { method: 'PATCH', url: `/api/user/admin/not-an-id`, status: 400 });
    await call(customer, { method: 'PATCH', url: `/api/user/admin/${bystander.id}`, status: 403 });
    await call(admin, { method: 'PATCH', url: `/api/user/admin-remove/${bystander.id}`, status: 200 });
    await call(admin, { method: 'PATCH', url: `/api/user/admin-remove/${admin.id}`, status: 409 });
    await call(admin, { method: 'PATCH', url: `/api/user/admin-remove/${notAnId}`, status: 404 });

    await call(customer, { method: 'GET', url: '/api/me', status: 200 });
    await call(undefined, { method: 'GET', url: '/api/me', status: 401 });
    await call(customer, { method: 'GET', url: '/api/me/export', status: 200 });
    const leaving = await signUp(t.app);
    await call(leaving, { method: 'DELETE', url: '/api/me', body: { password: 'Wrong1234' }, status: 400 });
    await call(leaving, { method: 'DELETE', url: '/api/me', body: { password: leaving.password }, status: 204 });
    reportProblems();
  });

  it('catalogue, images, reviews, contact, settings and the admin pages', async () => {
    await call(undefined, { method: 'GET', url: '/api/health', status: 200 });
    // Not listening yet: 'starting'; then ready.
    await call(undefined, { method: 'GET', url: '/api/health/ready', status: 503 });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    await call(undefined, { method: 'GET', url: '/api/health/ready', status: 200 });
    await call(undefined, { method: 'GET', url: '/api/service', status: 200 });
    await call(undefined, { method: 'GET', url: `/api/service/${serviceId}`, status: 200 });
    await call(undefined, { method: 'GET', url: `/api/service/${notAnId}`, status: 404 });
    await call(undefined, { method: 'GET', url: '/api/service/42', status: 400 });

    const png = await imageForm(await solidPng());
    const uploaded = await call(admin, { method: 'POST', url: '/api/upload', raw: png, status: 201 });
    const imageUrl = uploaded.json<{ data: { display_url: string } }>().data.display_url;
    await call(admin, { method: 'POST', url: '/api/upload', raw: await imageForm(Buffer.from('not an image'), 'x.png'), status: 415 });
    await call(admin, { method: 'POST', url: '/api/upload', raw: await imageForm(await solidPng(), 'x.png', 'image/png', 'photo'), status: 400 });
    await call(admin, { method: 'POST', url: '/api/upload', body: { image: 'x' }, status: 415 });

    const newService = { title: 'Contract Facial', price: 1500, description: 'A facial for the contract test.', image_url: imageUrl, duration: 45 };
    const added = await call(admin, { method: 'POST', url: '/api/service', body: newService, status: 201 });
    const addedId = added.json<{ insertedId: string }>().insertedId;
    await call(customer, { method: 'POST', url: '/api/service', body: newService, status: 403 });
    await call(undefined, { method: 'POST', url: '/api/service', body: newService, status: 401 });
    await call(admin, { method: 'POST', url: '/api/service', body: { ...newService, price: -1 }, status: 400 });
    await call(admin, { method: 'POST', url: '/api/service', body: newService, headers: { origin: 'https://evil.example' }, status: 403 });
    await call(admin, { method: 'POST', url: '/api/service', raw: { payload: '<service/>', contentType: 'application/xml' }, status: 415 });
    await call(admin, { method: 'POST', url: '/api/service', raw: { payload: JSON.stringify({ ...newService, description: 'x'.repeat(1_100_000) }), contentType: 'application/json' }, status: 413 });
    await call(admin, { method: 'POST', url: '/api/service', raw: { payload: '{"title": ', contentType: 'application/json' }, status: 400 });
    await call(admin, { method: 'PATCH', url: `/api/service/${addedId}`, body: { price: 1600 }, status: 200 });
    await call(admin, { method: 'PATCH', url: `/api/service/${notAnId}`, body: { price: 1600 }, status: 404 });
    await call(admin, { method: 'DELETE', url: `/api/service/${addedId}`, status: 200 });
    await call(admin, { method: 'DELETE', url: `/api/service/${addedId}`, status: 404 });

    await call(undefined, { method: 'GET', url: '/api/review', status: 200 });
    await call(customer, { method: 'GET', url: '/api/review/mine', status: 200 });
    await call(undefined, { method: 'GET', url: '/api/review/mine', status: 401 });
    await call(customer, { method: 'POST', url: '/api/review', body: { bookingId: notAnId, rating: 5, feedback: 'Lovely visit, thank you all.' }, status: 404 });
    await call(customer, { method: 'POST', url: '/api/review', body: { bookingId: notAnId, rating: 9 }, status: 400 });
    await call(customer, { method: 'PATCH', url: `/api/review/${notAnId}`, body: { rating: 4 }, status: 404 });
    await call(customer, { method: 'DELETE', url: `/api/review/${notAnId}`, status: 404 });
    await call(admin, { method: 'GET', url: '/api/admin/reviews?rating=5&state=published', status: 200 });
    await call(admin, { method: 'GET', url: '/api/admin/reviews?rating=9', status: 400 });
    await call(customer, { method: 'GET', url: '/api/admin/reviews', status: 403 });

    const message = { firstName: 'Amina', lastName: 'Rahman', email: 'amina@example.com', phone: '', message: 'Do you open on Fridays for bridal make-up?' };
    const left = await call(undefined, { method: 'POST', url: '/api/contact', body: message, status: 201 });
    await call(undefined, { method: 'POST', url: '/api/contact', body: { ...message, email: 'nope' }, status: 400 });
    await call(undefined, { method: 'POST', url: '/api/contact', body: message, headers: { 'sec-fetch-site': 'cross-site' }, status: 403 });
    await call(admin, { method: 'GET', url: '/api/contact', status: 200 });
    await call(customer, { method: 'GET', url: '/api/contact', status: 403 });
    await call(admin, { method: 'GET', url: '/api/contact/unread', status: 200 });
    await call(admin, { method: 'PATCH', url: `/api/contact/${left.json<{ insertedId: string }>().insertedId}`, body: { read: true }, status: 200 });
    await call(admin, { method: 'PATCH', url: `/api/contact/${notAnId}`, body: { handled: true }, status: 404 });

    const settings = await call(undefined, { method: 'GET', url: '/api/settings', status: 200 });
    await call(admin, { method: 'PUT', url: '/api/settings', body: settings.json(), status: 200 });
    await call(customer, { method: 'PUT', url: '/api/settings', body: settings.json(), status: 403 });
    await call(admin, { method: 'PUT', url: '/api/settings', body: { ...settings.json<object>(), capacity: 0 }, status: 400 });

    await call(undefined, { method: 'GET', url: '/api/config/outbox', status: 200 });
    await call(admin, { method: 'GET', url: '/api/admin/outbox?limit=5', status: 200 });
    await call(customer, { method: 'GET', url: '/api/admin/outbox', status: 403 });
    await call(customer, { method: 'GET', url: '/api/me/phone', status: 200 });
    await call(customer, { method: 'PUT', url: '/api/me/phone', body: { phone: '01812 000111' }, status: 200 });
    await call(customer, { method: 'PUT', url: '/api/me/phone', body: { phone: '12' }, status: 400 });
    await call(customer, { method: 'POST', url: '/api/me/phone/verify', body: { code: '12' }, status: 400 });
    await call(customer, { method: 'PATCH', url: '/api/me/sms', body: { optOut: true }, status: 200 });
    await call(customer, { method: 'PUT', url: '/api/me/language', body: { language: 'bn' }, status: 204 });
    await call(customer, { method: 'PUT', url: '/api/me/language', body: { language: 'de' }, status: 400 });
    await call(customer, { method: 'DELETE', url: '/api/me/phone', status: 200 });
    await call(admin, { method: 'GET', url: '/api/admin/sms?limit=5', status: 200 });
    await call(customer, { method: 'GET', url: '/api/admin/sms', status: 403 });
    await call(admin, { method: 'GET', url: '/api/admin/sms/usage', status: 200 });
    await call(admin, { method: 'GET', url: `/api/admin/summary?from=${day}&to=${day}`, status: 200 });
    await call(admin, { method: 'GET', url: '/api/admin/summary?from=2026-02-30&to=2026-03-01', status: 400 });
    await call(admin, { method: 'GET', url: '/api/admin/backups', status: 200 });
    const backup = await call(admin, { method: 'POST', url: '/api/admin/backups', status: t.app.backups ? 201 : 409 });
    const backupName = t.app.backups ? backup.json<{ name: string }>().name : 'parlour-2026-01-01T00-00-00-000Z-manual.backup.gz';
    await call(admin, { method: 'GET', url: `/api/admin/backups/${backupName}`, status: t.app.backups ? 200 : 409 });
    await call(admin, { method: 'GET', url: '/api/admin/backups/passwd', status: 400 });
    await call(customer, { method: 'GET', url: '/api/admin/backups', status: 403 });
    reportProblems();
  });

  it('booking list, payment, bookings and their files', async () => {
    await call(undefined, { method: 'GET', url: `/api/availability?serviceId=${serviceId}&date=${day}`, status: 200 });
    await call(undefined, { method: 'GET', url: `/api/availability?serviceId=${serviceId}&date=2026-13-01`, status: 400 });
    await call(undefined, { method: 'GET', url: `/api/availability?serviceId=${notAnId}&date=${day}`, status: 404 });

    const added = await call(customer, { method: 'POST', url: '/api/cart', body: { cartItemId: serviceId, email: customer.email }, status: 201 });
    const itemId = added.json<{ insertedId: string }>().insertedId;
    await call(customer, { method: 'POST', url: '/api/cart', body: { cartItemId: notAnId }, status: 404 });
    await call(undefined, { method: 'POST', url: '/api/cart', body: { cartItemId: serviceId }, status: 401 });
    await call(customer, { method: 'GET', url: '/api/cart', status: 200 });
    await call(customer, { method: 'GET', url: `/api/cart?email=${encodeURIComponent(admin.email)}`, status: 403 });
    await call(admin, { method: 'GET', url: `/api/cart?email=${encodeURIComponent(customer.email)}`, status: 200 });
    const slots = (await call(customer, { method: 'GET', url: `/api/availability?serviceId=${serviceId}&date=${day}&cartItemId=${itemId}`, status: 200 })).json<{
      slots: { startsAt: string }[];
    }>().slots;
    await call(customer, { method: 'PATCH', url: `/api/cart/${itemId}`, body: { startsAt: '2026-01-01T03:07:00Z' }, status: 400 });
    await call(customer, { method: 'PATCH', url: `/api/cart/${itemId}`, body: { startsAt: slots[0]!.startsAt }, status: 200 });
    const spare = (await call(customer, { method: 'POST', url: '/api/cart', body: { cartItemId: serviceId }, status: 201 })).json<{ insertedId: string }>().insertedId;
    await call(customer, { method: 'DELETE', url: `/api/cart/${spare}`, status: 200 });
    await call(customer, { method: 'DELETE', url: `/api/cart/${spare}`, status: 404 });

    await call(undefined, { method: 'GET', url: '/api/payments/config', status: 200 });
    await call(customer, { method: 'POST', url: '/api/create-payment-intent', body: { price: servicePrice + 1 }, status: 409 });
    const intent = await call(customer, { method: 'POST', url: '/api/create-payment-intent', body: { price: servicePrice }, status: 200 });
    const { clientSecret, paymentId } = intent.json<{ clientSecret: string; paymentId: string }>();
    const card = { cardNumber: CARDS.success, expiry: futureExpiry(), cvc: '123' };
    await call(customer, { method: 'POST', url: '/api/payments/test/confirm', body: { ...card, clientSecret: 'pi_nobody' }, status: 404 });
    await call(customer, { method: 'POST', url: '/api/payments/test/confirm', body: { ...card, clientSecret, expiry: '13/99' }, status: 400 });
    await call(customer, { method: 'POST', url: '/api/payments/test/wallet', body: { clientSecret, wallet: 'bkash', number: '0171' }, status: 400 });
    const attempt = await call(customer, { method: 'POST', url: '/api/payments/test/wallet', body: { clientSecret, wallet: 'bkash', number: '01700000002' }, status: 200 });
    const { attemptId } = attempt.json<{ attemptId: string }>();
    await call(customer, { method: 'POST', url: '/api/payments/test/wallet/confirm', body: { attemptId, code: '000000' }, status: 400 });
    // The documented declined number: an answer with the refusal, and the card then pays.
    await call(customer, { method: 'POST', url: '/api/payments/test/wallet/confirm', body: { attemptId, code: '123456' }, status: 200 });
    await call(customer, { method: 'POST', url: '/api/payments/test/wallet/confirm', body: { attemptId, code: '123456' }, status: 409 });
    await call(customer, { method: 'POST', url: '/api/payments/test/confirm', body: { ...card, clientSecret }, status: 200 });

    await call(customer, { method: 'GET', url: '/api/payments', status: 200 });
    await call(admin, { method: 'GET', url: `/api/payments?from=${day}&status=succeeded&format=csv`, status: 200 });
    await call(customer, { method: 'GET', url: '/api/payments?from=tomorrow', status: 400 });
    await call(customer, { method: 'GET', url: `/api/payments/${paymentId}`, status: 200 });
    await call(customer, { method: 'GET', url: `/api/payments/${notAnId}`, status: 404 });
    const bookings = (await call(customer, { method: 'GET', url: '/api/bookings', status: 200 })).json<{ _id: string; startsAt: string }[]>();
    await call(admin, { method: 'GET', url: `/api/bookings?from=${day}&to=${day}&format=csv`, status: 200 });
    await call(undefined, { method: 'GET', url: '/api/bookings', status: 401 });
    const booking = bookings[0]!;
    await call(customer, { method: 'GET', url: `/api/bookings/${booking._id}/ics`, status: 200 });
    await call(customer, { method: 'GET', url: `/api/bookings/${notAnId}/ics`, status: 404 });
    const moveTo = (
      await call(customer, { method: 'GET', url: `/api/availability?serviceId=${serviceId}&date=${day}&bookingId=${booking._id}`, status: 200 })
    ).json<{ slots: { startsAt: string }[] }>().slots.find((slot) => new Date(slot.startsAt).getTime() !== new Date(booking.startsAt).getTime())!;
    await call(customer, { method: 'PATCH', url: `/api/bookings/${booking._id}`, body: { startsAt: moveTo.startsAt }, status: 200 });
    await call(customer, { method: 'PATCH', url: `/api/bookings/${booking._id}`, body: { startsAt: 'soon' }, status: 400 });
    await call(admin, { method: 'POST', url: `/api/bookings/${booking._id}/complete`, status: 409 });
    await call(admin, { method: 'POST', url: `/api/bookings/${booking._id}/no-show`, status: 409 });
    await call(customer, { method: 'POST', url: `/api/bookings/${booking._id}/no-show`, status: 403 });
    // Paid in full online: nothing is left to take at the counter.
    await call(admin, { method: 'POST', url: `/api/bookings/${booking._id}/counter-payments`, body: { amount: 100, method: 'cash' }, status: 409 });
    await call(admin, { method: 'POST', url: `/api/bookings/${booking._id}/counter-payments`, body: { amount: -1, method: 'cash' }, status: 400 });
    await call(customer, { method: 'POST', url: `/api/bookings/${booking._id}/counter-payments`, body: { amount: 100, method: 'cash' }, status: 403 });
    // Undoing a mark: this visit was never marked, and a customer may not.
    await call(admin, { method: 'POST', url: `/api/bookings/${booking._id}/reopen`, status: 409 });
    await call(admin, { method: 'POST', url: `/api/bookings/${notAnId}/reopen`, status: 404 });
    await call(customer, { method: 'POST', url: `/api/bookings/${booking._id}/reopen`, status: 403 });
    await call(customer, { method: 'POST', url: `/api/bookings/${booking._id}/cancel`, status: 200 });
    await call(admin, { method: 'POST', url: `/api/bookings/${notAnId}/cancel`, status: 404 });
    await call(customer, { method: 'GET', url: `/api/bookings/${booking._id}/ics`, status: 200 });
    reportProblems();
  });

  it('the front desk: finding and recording a customer, her free times, booking her visits', async () => {
    await call(admin, { method: 'GET', url: '/api/front-desk/customers?q=contract', status: 200 });
    await call(admin, { method: 'GET', url: '/api/front-desk/customers?q=c', status: 400 });
    await call(customer, { method: 'GET', url: '/api/front-desk/customers?q=contract', status: 403 });
    const created = await call(admin, { method: 'POST', url: '/api/front-desk/customers', body: { name: 'Contract Walk-in', phone: '01812 000222' }, status: 201 });
    const walkIn = created.json<{ _id: string }>()._id;
    await call(admin, { method: 'POST', url: '/api/front-desk/customers', body: { name: 'Contract Walk-in', phone: '12' }, status: 400 });
    await call(admin, { method: 'POST', url: '/api/front-desk/customers', body: { name: 'Again', phone: '01812 000223', email: customer.email }, status: 409 });
    const free = (await call(admin, { method: 'GET', url: `/api/availability?serviceId=${serviceId}&date=${day}&customerId=${walkIn}`, status: 200 })).json<{
      slots: { startsAt: string }[];
    }>().slots;
    const visit = { serviceId, staffId: null, startsAt: free.at(-1)!.startsAt };
    await call(admin, { method: 'POST', url: '/api/front-desk/bookings', body: { customerId: walkIn, items: [visit], payment: { when: 'now', method: 'cash' } }, status: 201 });
    await call(admin, { method: 'POST', url: '/api/front-desk/bookings', body: { customerId: walkIn, items: [visit], payment: { when: 'now', method: 'cash' } }, status: 409 });
    await call(admin, { method: 'POST', url: '/api/front-desk/bookings', body: { customerId: notAnId, items: [visit], payment: { when: 'at-visit' } }, status: 404 });
    await call(admin, { method: 'POST', url: '/api/front-desk/bookings', body: { customerId: walkIn, items: [], payment: { when: 'later' } }, status: 400 });
    await call(customer, { method: 'POST', url: '/api/front-desk/bookings', body: { customerId: walkIn, items: [visit], payment: { when: 'at-visit' } }, status: 403 });
    // A visit of hers paid in part at the counter, which she cancels online: the desk gives the cash back once.
    const hers = (await call(admin, { method: 'GET', url: `/api/availability?serviceId=${serviceId}&date=${day}&customerId=${customer.id}`, status: 200 })).json<{
      slots: { startsAt: string }[];
    }>().slots;
    const booked = await call(admin, { method: 'POST', url: '/api/front-desk/bookings', body: { customerId: customer.id, items: [{ ...visit, startsAt: hers[0]!.startsAt }], payment: { when: 'at-visit' } }, status: 201 });
    const visitId = booked.json<{ bookings: { _id: string }[] }>().bookings[0]!._id;
    await call(admin, { method: 'POST', url: `/api/bookings/${visitId}/counter-refund/handed-back`, status: 404 });
    await call(admin, { method: 'POST', url: `/api/bookings/${visitId}/counter-payments`, body: { amount: 100, method: 'cash' }, status: 200 });
    await call(customer, { method: 'POST', url: `/api/bookings/${visitId}/cancel`, status: 200 });
    await call(customer, { method: 'POST', url: `/api/bookings/${visitId}/counter-refund/handed-back`, status: 403 });
    await call(undefined, { method: 'POST', url: `/api/bookings/${visitId}/counter-refund/handed-back`, status: 401 });
    await call(admin, { method: 'POST', url: `/api/bookings/${visitId}/counter-refund/handed-back`, status: 200 });
    await call(admin, { method: 'POST', url: `/api/bookings/${visitId}/counter-refund/handed-back`, status: 409 });
    await call(admin, { method: 'POST', url: `/api/bookings/${notAnId}/counter-refund/handed-back`, status: 404 });
    reportProblems();
  });

  it('stylists: the team, her hours and her time off', async () => {
    await call(undefined, { method: 'GET', url: '/api/staff', status: 200 });
    const stylist = { name: 'Contract Stylist', bio: 'Cuts and colour.', services: [{ serviceId, duration: 45 }] };
    const added = await call(admin, { method: 'POST', url: '/api/staff', body: stylist, status: 201 });
    const staffId = added.json<{ insertedId: string }>().insertedId;
    await call(admin, { method: 'POST', url: '/api/staff', body: { ...stylist, name: '' }, status: 400 });
    await call(customer, { method: 'POST', url: '/api/staff', body: stylist, status: 403 });
    await call(undefined, { method: 'POST', url: '/api/staff', body: stylist, status: 401 });
    await call(admin, { method: 'GET', url: `/api/staff/${staffId}`, status: 200 });
    await call(admin, { method: 'GET', url: `/api/staff/${notAnId}`, status: 404 });
    await call(admin, { method: 'PATCH', url: `/api/staff/${staffId}`, body: { bio: 'Colour.' }, status: 200 });
    await call(admin, { method: 'PATCH', url: `/api/staff/${notAnId}`, body: { bio: 'Colour.' }, status: 404 });
    const week = { days: [[], [{ start: '10:00', end: '13:00' }, { start: '14:00', end: '18:00' }], [], [], [], [], []] };
    await call(admin, { method: 'PUT', url: `/api/staff/${staffId}/hours`, body: week, status: 200 });
    await call(admin, { method: 'PUT', url: `/api/staff/${staffId}/hours`, body: { days: [] }, status: 400 });
    await call(admin, { method: 'GET', url: `/api/staff/${staffId}/hours`, status: 200 });
    const off = await call(admin, { method: 'POST', url: `/api/staff/${staffId}/time-off`, body: { startsAt: '2031-01-05T04:00:00Z', endsAt: '2031-01-06T04:00:00Z', note: 'Away' }, status: 201 });
    await call(admin, { method: 'POST', url: `/api/staff/${staffId}/time-off`, body: { startsAt: '2031-01-05T04:00:00Z', endsAt: '2031-01-04T04:00:00Z' }, status: 400 });
    // Her booking in the way: a booking of this test run (the tests above cancel theirs), given to her and open again.
    const [booked] = await rowsOf<{ id: string; starts_at: Date }>(
      t.database.db,
      sql`update bookings set staff_id = ${staffId}, status = 'confirmed', starts_at = date_trunc('hour', now()) + interval '3 days', ends_at = date_trunc('hour', now()) + interval '3 days 1 hour'
          where id = (select id from bookings order by id limit 1) returning id, starts_at`,
    );
    expect(booked, 'the booking tests left a booking to clash with').toBeDefined();
    const clashStart = new Date(booked!.starts_at);
    await call(admin, { method: 'POST', url: `/api/staff/${staffId}/time-off`, body: { startsAt: new Date(clashStart.getTime() - 3_600_000).toISOString(), endsAt: new Date(clashStart.getTime() + 3_600_000).toISOString() }, status: 409 });
    // New hours that leave her booking outside: refused with it.
    await call(admin, { method: 'PUT', url: `/api/staff/${staffId}/hours`, body: { days: [[], [], [], [], [], [], []] }, status: 409 });
    await call(admin, { method: 'GET', url: `/api/staff/${staffId}/time-off`, status: 200 });
    // Her own account: linked by the admin, she reads her day and may mark a visit once it has come.
    await call(admin, { method: 'PATCH', url: `/api/staff/${staffId}`, body: { accountEmail: 'nobody-at-all@example.com' }, status: 400 });
    await call(admin, { method: 'PATCH', url: `/api/staff/${staffId}`, body: { accountEmail: customer.email }, status: 200 });
    await call(customer, { method: 'GET', url: '/api/staff/me', status: 200 });
    await call(undefined, { method: 'GET', url: '/api/staff/me', status: 401 });
    const day = clashStart.toISOString().slice(0, 10);
    await call(customer, { method: 'GET', url: `/api/staff/me/visits?from=${day}&to=${day}`, status: 200 });
    await call(customer, { method: 'GET', url: `/api/staff/me/visits?from=${day}&to=2020-01-01`, status: 400 });
    await call(admin, { method: 'GET', url: `/api/staff/me/visits?from=${day}&to=${day}`, status: 403 });
    await call(customer, { method: 'POST', url: `/api/staff/me/visits/${booked!.id}`, body: { status: 'completed' }, status: 409 });
    await call(customer, { method: 'POST', url: `/api/staff/me/visits/${notAnId}`, body: { status: 'no-show' }, status: 404 });
    // Paid in full online: nothing left to take at her chair.
    await call(customer, { method: 'POST', url: `/api/staff/me/visits/${booked!.id}/counter-payments`, body: { amount: 100, method: 'cash' }, status: 409 });
    await call(customer, { method: 'POST', url: `/api/staff/me/visits/${booked!.id}/counter-payments`, body: { amount: 100, method: 'cheque' }, status: 400 });
    await call(admin, { method: 'PATCH', url: `/api/staff/${staffId}`, body: { accountEmail: null }, status: 200 });
    await call(admin, { method: 'DELETE', url: `/api/staff/${staffId}/time-off/${off.json<{ _id: string }>()._id}`, status: 200 });
    await call(admin, { method: 'DELETE', url: `/api/staff/${staffId}/time-off/${notAnId}`, status: 404 });
    await call(admin, { method: 'DELETE', url: `/api/staff/${staffId}`, status: 200 });
    await call(admin, { method: 'DELETE', url: `/api/staff/${staffId}`, status: 404 });
    await call(admin, { method: 'GET', url: '/api/staff/retired', status: 200 });
    await call(customer, { method: 'GET', url: '/api/staff/retired', status: 403 });
    await call(admin, { method: 'POST', url: `/api/staff/${staffId}/reinstate`, status: 200 });
    await call(admin, { method: 'POST', url: `/api/staff/${notAnId}/reinstate`, status: 404 });
    reportProblems();
  });

  it('waitlist: join, her list, leave, the salon\'s day and an offer by hand', async () => {
    const wishDay = openDay(12);
    const joined = await call(customer, { method: 'POST', url: '/api/waitlist', body: { serviceId, date: wishDay, from: '10:00', to: '12:00' }, status: 201 });
    const wishId = joined.json<{ insertedId: string }>().insertedId;
    await call(customer, { method: 'POST', url: '/api/waitlist', body: { serviceId, date: wishDay }, status: 409 });
    await call(customer, { method: 'POST', url: '/api/waitlist', body: { serviceId, date: wishDay, from: '12:00', to: '10:00' }, status: 400 });
    await call(undefined, { method: 'POST', url: '/api/waitlist', body: { serviceId, date: wishDay }, status: 401 });
    await call(customer, { method: 'GET', url: '/api/waitlist/mine', status: 200 });
    await call(admin, { method: 'GET', url: `/api/admin/waitlist?date=${wishDay}`, status: 200 });
    await call(customer, { method: 'GET', url: `/api/admin/waitlist?date=${wishDay}`, status: 403 });
    await call(admin, { method: 'POST', url: `/api/admin/waitlist/${notAnId}/offer`, body: { startsAt: dhaka(wishDay, '11:00').toISOString() }, status: 404 });
    await call(admin, { method: 'POST', url: `/api/admin/waitlist/${wishId}/offer`, body: { startsAt: 'soon' }, status: 400 });
    await call(admin, { method: 'DELETE', url: `/api/waitlist/${wishId}`, status: 404 });
    await call(customer, { method: 'DELETE', url: `/api/waitlist/${wishId}`, status: 200 });
    await call(admin, { method: 'POST', url: `/api/admin/waitlist/${wishId}/offer`, body: { startsAt: dhaka(wishDay, '11:00').toISOString() }, status: 409 });
    // The stylists suite left a stylist without hours for this service: book chairs alone again.
    await t.app.db.execute(sql`update staff set retired_at = now() where retired_at is null`);
    const waiting = await signUp(t.app);
    const other = await call(waiting, { method: 'POST', url: '/api/waitlist', body: { serviceId, date: wishDay, from: '08:00', to: '09:00' }, status: 201 });
    await call(admin, { method: 'POST', url: `/api/admin/waitlist/${other.json<{ insertedId: string }>().insertedId}/offer`, body: { startsAt: dhaka(wishDay, '11:00').toISOString() }, status: 200 });
    reportProblems();
  });

  it('called every documented operation at least once', () => {
    // The Stripe webhook is only registered (and documented) when Stripe is configured.
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => (METHODS as readonly string[]).includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(documented.filter((op) => !called.has(op))).toEqual([]);
  });
});
