import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.js';
import { salonFingerprint } from './test/fingerprint.js';
import { signUp, signUpAdmin } from './test/accounts.js';

/**
 * Generated hostile requests against every route and role, through app.inject on a real database.
 * Holds: no answer is a 5xx, and a refused write (4xx) changes no row of the salon's tables.
 * `npm test` runs a few hundred; `FUZZ_RUNS=10000 npx vitest run src/server/fuzz.test.ts` the full
 * count (CI runs it).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
/**
 * A fixed seed by default, so a run (and CI) is repeatable: a failure names its seed and replays.
 * `FUZZ_SEED=random` explores new inputs; anything it finds becomes a test of its own.
 */
const SEED = process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? 20_261_123);

/** better-auth's routes behind the one `/api/auth/*` wildcard. */
const AUTH_ROUTES: [string, string][] = [
  ['POST', '/api/auth/sign-up/email'],
  ['POST', '/api/auth/sign-in/email'],
  ['POST', '/api/auth/sign-in/social'],
  ['POST', '/api/auth/sign-out'],
  ['GET', '/api/auth/get-session'],
  ['POST', '/api/auth/update-user'],
  ['POST', '/api/auth/change-password'],
  ['POST', '/api/auth/change-email'],
  ['POST', '/api/auth/delete-user'],
  ['POST', '/api/auth/request-password-reset'],
  ['POST', '/api/auth/reset-password'],
  ['GET', '/api/auth/reset-password/:token'],
  ['POST', '/api/auth/send-verification-email'],
  ['GET', '/api/auth/verify-email'],
  ['GET', '/api/auth/list-sessions'],
  ['POST', '/api/auth/revoke-session'],
  ['POST', '/api/auth/revoke-sessions'],
  ['GET', '/api/auth/list-accounts'],
  ['POST', '/api/auth/unlink-account'],
  ['GET', '/api/auth/callback/:provider'],
];

/**
 * Every route the app serves, read from printRoutes so a new route is fuzzed without anyone
 * remembering to list it. The docs UI, static files and the wildcards (better-auth, the site) are
 * left out.
 */
function routesOf(tree: string): [string, string][] {
  const routes: [string, string][] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const segment = match[2]!;
    stack.length = depth;
    const prefix = stack.join('');
    stack.push(segment.split('|')[0]!);
    if (!match[3]) continue;
    // A line such as `/admin/:email|:id` stands for two routes sharing everything up to the last '/'.
    const [first, ...others] = segment.split('|');
    const base = first!.slice(0, first!.lastIndexOf('/') + 1);
    const paths = [first!, ...others.map((o) => base + o)].map((s) => prefix + s);
    for (const path of paths) {
      // The built site's static files (present once `npm run build` ran) are not the API.
      if (path.includes('*') || path.startsWith('/api/docs') || !/^\/(api|uploads)\//.test(path)) continue;
      for (const method of match[3].split(', ')) if (method !== 'HEAD') routes.push([method, path]);
    }
  }
  return routes;
}

/** Field names the API knows, so generated bodies often reach the schemas and handlers. */
const FIELDS = [
  'name', 'email', 'password', 'image', 'newPassword', 'currentPassword', 'token', 'callbackURL', 'redirectTo', 'rememberMe',
  'provider', 'title', 'price', 'description', 'duration', 'category', 'image_url', 'firstName', 'lastName', 'phone',
  'message', 'cartItemId', 'startsAt', 'timeZone', 'openingHours', 'capacity', 'slotMinutes', 'minNoticeMinutes',
  'horizonDays', 'closedDates', 'holdMinutes', 'cancelNoticeHours', 'paymentIntentId', 'intentId', 'card', 'cardNumber',
  'items', 'role', 'status', '__proto__', 'constructor',
];

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '', ' ', '\u0000', 'a\u0000b', '\uD800', '../../etc/passwd', '<script>alert(1)</script>', "' or 1=1 --", 'javascript:alert(1)',
    'data:image/png;base64,AAAA', 'https://evil.example/x.png', '/uploads/00000000-0000-0000-0000-000000000000.webp',
    'admin@example.com', 'Secret123', '2026-12-01T04:00:00Z', '2026-02-30', '25:99', 'Asia/Dhaka', 'Not/AZone',
    '3f1e1c9a-5b2d-4c1e-9a7b-1d2e3f4a5b6c', 'NaN', '1e309', '%00', '%', '😀'.repeat(50),
  ),
  fc.nat({ max: 300_000 }).map((n) => 'x'.repeat(n)),
);
const hostileNumber = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom(0, -0, -1, 1e-9, 0.004, 0.015, 1e308, -1e308, 2 ** 53 + 1, 10_000_000.01, 15, 480, 481),
);
const { value: hostileValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 10 })), tie('value'), { maxKeys: 6 }),
  ),
}));

type Body = { payload: string | Buffer; contentType: string } | undefined;

const nested = (open: string, close: string, inner: string) =>
  fc.integer({ min: 1, max: 100_000 }).map((n) => open.repeat(n) + inner + close.repeat(n));

const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant(undefined),
  // Objects of known and unknown fields with wrong, odd or plain values.
  fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 12 })), hostileValue, { maxKeys: 8 }).map((o) => ({ payload: JSON.stringify(o), contentType: 'application/json' })),
  hostileValue.map((v) => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json' })),
  fc.oneof(nested('[', ']', ''), nested('{"a":', '}', '1'), nested('{"name":', '}', '"x"')).map((p) => ({ payload: p, contentType: 'application/json' })),
  fc.constantFrom('{', '{"name":', '', 'null', '[]', '"just a string"', '{"a":1}}', '\u0000').map((p) => ({ payload: p, contentType: 'application/json' })),
  hostileString.map((p) => ({ payload: p, contentType: 'text/plain' })),
  fc.uint8Array({ maxLength: 2000 }).map((bytes) => ({ payload: Buffer.from(bytes), contentType: 'multipart/form-data; boundary=XyZ' })),
  fc.string().map((rest) => ({
    payload: `--XyZ\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${rest}`,
    contentType: 'multipart/form-data; boundary=XyZ',
  })),
);

const segment = fc.oneof(
  fc.constantFrom('3f1e1c9a-5b2d-4c1e-9a7b-1d2e3f4a5b6c', 'not-an-id', '%00', 'a%00b', '..%2F..%2Fetc', 'admin@example.com', '00000000-0000-0000-0000-000000000000.webp'),
  fc.string({ minLength: 1, maxLength: 60 }).map(encodeURIComponent),
  fc.nat({ max: 5000 }).map((n) => 'y'.repeat(n + 1)),
);
const query = fc.dictionary(
  fc.oneof(fc.constantFrom('email', 'serviceId', 'date', 'cartItemId', 'status', 'callbackURL', 'token', 'page'), fc.string({ maxLength: 8 })),
  hostileString.map((s) => s.slice(0, 2000)),
  { maxKeys: 3 },
);

type Role = 'anonymous' | 'customer' | 'admin';

let t: TestApp;
let routes: [string, string][];
const cookies: Record<Role, string> = { anonymous: '', customer: '', admin: '' };

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  // Listening, as a deployed server is: an app never listened to is rightly 503 'starting' at /api/health/ready.
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  cookies.customer = (await signUp(t.app)).cookie;
  cookies.admin = (await signUpAdmin(t.app)).cookie;
  routes = [...routesOf(t.app.printRoutes({ commonPrefix: false })), ...AUTH_ROUTES];
});
afterAll(async () => t?.close());

const fingerprint = () => salonFingerprint(t.database.db);

it(`answers ${RUNS} generated hostile requests on every route and role without a 5xx or a refused write that changed rows`, async () => {
  expect(routes.length).toBeGreaterThan(40);
  const figures = { requests: 0, serverErrors: 0, refusedWrites: 0, changedByRefusedWrites: 0 };
  const request = fc.record({
    route: fc.constantFrom(...routes),
    role: fc.constantFrom<Role>('anonymous', 'customer', 'admin'),
    params: fc.array(segment, { minLength: 3, maxLength: 3 }),
    query,
    body,
    address: fc.integer({ min: 1, max: 250 }),
  });

  await fc.assert(
    fc.asyncProperty(request, async ({ route: [method, template], role, params, query: q, body: b, address }) => {
      let i = 0;
      const path = template.replace(/:[a-zA-Z]+/g, () => params[i++ % params.length]!);
      const search = new URLSearchParams(q).toString();
      const url = search ? `${path}?${search}` : path;
      const write = method !== 'GET';
      const headers: Record<string, string> = { origin: t.config.publicUrl };
      if (cookies[role]) headers.cookie = cookies[role];
      if (write && b) headers['content-type'] = b.contentType;
      const before = write ? await fingerprint() : '';
      const res = await t.app.inject({
        method: method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
        url,
        headers,
        remoteAddress: `10.99.${role.length}.${address}`,
        ...(write && b && { payload: b.payload }),
      });
      figures.requests++;
      if (res.statusCode >= 500) {
        figures.serverErrors++;
        throw new Error(`${method} ${url} as ${role} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      }
      if (write && res.statusCode >= 400) {
        figures.refusedWrites++;
        if ((await fingerprint()) !== before) {
          figures.changedByRefusedWrites++;
          throw new Error(`${method} ${url} as ${role} was refused (${res.statusCode}) but changed rows`);
        }
      }
    }),
    { numRuns: RUNS, seed: SEED, endOnFailure: true },
  );
  console.info(`fuzz: ${JSON.stringify({ seed: SEED, routes: routes.length, ...figures })}`);
  expect(figures).toMatchObject({ requests: RUNS, serverErrors: 0, changedByRefusedWrites: 0 });
}, Math.max(120_000, RUNS * 200));
