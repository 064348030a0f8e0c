/**
 * Decision 055, generated from the API document the server serves (/api/docs/json): every
 * operation that takes a JSON body or a query string refuses a field it does not name with 400,
 * that field named in `issues`, and changes nothing. A new route is covered without anyone
 * remembering to list it; the few bodies left open are named below, each with its reason, and
 * checked to be open still (so the list cannot go stale).
 *
 * Each body carries one field the operation knows (null: rarely valid, so nothing is written even
 * without the rule) beside the unknown one. A body of unknown fields alone is refused by the older
 * guard of input-guards.ts, with or without the rule, and would prove nothing here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { signUpAdmin, type Account } from '../test/accounts.js';
import { salonFingerprint } from '../test/fingerprint.js';
import { startFakeSslCommerz, type FakeSslCommerz } from '../payments/sslcommerz/fake-server.js';
import { apiErrorSchema } from '../../shared/errors.js';

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  additionalProperties?: unknown;
};
type Operation = {
  parameters?: { name: string; in: 'path' | 'query' | 'header' | 'cookie' }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
};
type Document = { paths: Record<string, Record<string, Operation>> };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Case = { operation: string; method: Method; url: string; body?: Record<string, unknown>; unknownPath: string };

const UNKNOWN = 'unknownFieldXyz';
/** A well-formed id nothing has: path parameters pass their schema and reach the body's. */
const NOT_AN_ID = '00000000-0000-4000-8000-000000000000';
const METHODS: readonly string[] = ['get', 'put', 'post', 'delete', 'patch'];

/** Bodies that take fields we do not list, on purpose. */
const OPEN: Record<string, string> = {
  // SSLCommerz posts its notices and the browser's return with many fields we never read; the
  // IPN's signature covers them all, so they must reach the handler (routes/payments-sslcommerz.ts).
  'POST /api/payments/sslcommerz/ipn': "SSLCommerz's notice",
  'POST /api/payments/sslcommerz/success': "SSLCommerz's return",
  'POST /api/payments/sslcommerz/fail': "SSLCommerz's return",
  'POST /api/payments/sslcommerz/cancel': "SSLCommerz's return",
};

/** The object schema a value must fit, seen through a nullable (`anyOf: [object, null]`); none when it may be several. */
function objectSchemaOf(schema: Schema | undefined): Schema | undefined {
  if (!schema) return undefined;
  if (schema.type === 'object' && schema.properties) return schema;
  const members = schema.anyOf ?? schema.oneOf;
  if (!members) return undefined;
  const objects = members.filter((member) => member.type !== 'null');
  return objects.length === 1 ? objectSchemaOf(objects[0]) : undefined;
}

/** The case of each JSON body and each query string of the document, with one unknown field. */
function casesOf(doc: Document): { cases: Case[]; open: Case[]; both: string[] } {
  const cases: Case[] = [];
  const open: Case[] = [];
  const both: string[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const [lower, op] of Object.entries(item)) {
      if (!METHODS.includes(lower)) continue;
      const method = lower.toUpperCase() as Method;
      const operation = `${method} ${template}`;
      const url = template.replace(/\{[^}]+\}/g, NOT_AN_ID);
      const body = op.requestBody?.content['application/json']?.schema;
      const hasQuery = (op.parameters ?? []).some((parameter) => parameter.in === 'query');
      if (body && hasQuery) both.push(operation);
      const into = OPEN[operation] ? open : cases;
      if (hasQuery) into.push({ operation, method, url: `${url}?${UNKNOWN}=1`, unknownPath: `query.${UNKNOWN}` });
      const shape = objectSchemaOf(body);
      if (!shape?.properties) continue;
      const fields = Object.keys(shape.properties);
      const known = shape.required?.[0] ?? fields[0]!;
      into.push({ operation, method, url, body: { [known]: null, [UNKNOWN]: 1 }, unknownPath: UNKNOWN });
      // One level down: an object field, or a list of objects, refuses unknown fields of its own.
      for (const [field, fieldSchema] of Object.entries(shape.properties)) {
        const nested = objectSchemaOf(fieldSchema);
        const element = fieldSchema.type === 'array' ? objectSchemaOf(fieldSchema.items) : undefined;
        if (nested) into.push({ operation, method, url, body: { [field]: { [UNKNOWN]: 1 } }, unknownPath: `${field}.${UNKNOWN}` });
        else if (element) into.push({ operation, method, url, body: { [field]: [{ [UNKNOWN]: 1 }] }, unknownPath: `${field}.0.${UNKNOWN}` });
      }
    }
  }
  return { cases, open, both };
}

async function send(t: TestApp, who: Account | undefined, c: Case): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: c.method,
    url: c.url,
    headers: { origin: t.config.publicUrl, ...(who ? { cookie: who.cookie } : {}) },
    ...(c.body && { payload: c.body }),
  });
}

const issuePaths = (res: LightMyRequestResponse): string[] => {
  const parsed = apiErrorSchema.safeParse(res.json());
  return parsed.success ? (parsed.data.issues ?? []).map((issue) => issue.path) : [];
};

describe('every body and query string of the API document refuses an unknown field', () => {
  let t: TestApp;
  let admin: Account;
  let doc: Document;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpAdmin(t.app);
    doc = (await t.app.inject('/api/docs/json')).json<Document>();
  }, 60_000);
  afterAll(async () => t?.close());

  it('answers 400 naming the field, for every operation, as an admin, and changes nothing', async () => {
    const { cases, both } = casesOf(doc);
    // A query string beside a JSON body: the body is checked first, so its case needs a valid body.
    expect(both, 'write the unknown-field case of these by hand').toEqual([]);
    // Not vacuous: the document has this many bodies and query strings, and nested objects.
    expect(cases.filter((c) => c.body && c.unknownPath === UNKNOWN).length).toBeGreaterThanOrEqual(30);
    expect(cases.filter((c) => c.unknownPath.startsWith('query.')).length).toBeGreaterThanOrEqual(10);
    expect(cases.filter((c) => c.unknownPath.endsWith(`.${UNKNOWN}`) && !c.unknownPath.startsWith('query.')).length).toBeGreaterThanOrEqual(4);

    const before = await salonFingerprint(t.database.db);
    const wrong: string[] = [];
    for (const c of cases) {
      const res = await send(t, admin, c);
      if (res.statusCode !== 400 || !issuePaths(res).includes(c.unknownPath)) {
        wrong.push(`${c.operation} ${JSON.stringify(c.body ?? c.url)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await salonFingerprint(t.database.db)).toBe(before);
  });

  it('says so in the document: each JSON body object is closed (additionalProperties: false)', () => {
    const open: string[] = [];
    for (const [template, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const operation = `${method.toUpperCase()} ${template}`;
        const shape = objectSchemaOf(op.requestBody?.content['application/json']?.schema);
        if (shape && !OPEN[operation] && shape.additionalProperties !== false) open.push(operation);
      }
    }
    expect(open).toEqual([]);
  });

  it('leaves open only the bodies named as open, which are still in the document and still open', async () => {
    const { open } = casesOf(doc);
    const named = Object.keys(OPEN).filter((operation) => !operation.includes('/sslcommerz/'));
    expect([...new Set(open.map((c) => c.operation))]).toEqual(named);
    for (const c of open.filter((o) => o.unknownPath === UNKNOWN)) {
      const res = await send(t, undefined, c);
      expect(issuePaths(res), `${c.operation} ${res.body}`).not.toContain(UNKNOWN);
    }
  });
});

describe("SSLCommerz's notices and returns keep every field it sends", () => {
  let fake: FakeSslCommerz;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeSslCommerz();
    t = await createTestApp({ env: fake.env });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('reach the handler with a field we do not list (the IPN then fails only on its signature)', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json<Document>();
    const { open } = casesOf(doc);
    const sslcommerz = open.filter((c) => c.operation.includes('/sslcommerz/'));
    expect(sslcommerz.map((c) => c.operation).sort()).toEqual(Object.keys(OPEN).filter((o) => o.includes('/sslcommerz/')).sort());
    for (const c of sslcommerz) {
      const res = await send(t, undefined, { ...c, body: { tran_id: 'unknown-transaction', [UNKNOWN]: 1 } });
      if (c.operation.endsWith('/ipn')) expect(res.json(), c.operation).toMatchObject({ statusCode: 400, message: 'Invalid signature' });
      else expect(res.statusCode, `${c.operation} ${res.body}`).toBe(303);
    }
  });
});
