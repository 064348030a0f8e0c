import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.js';
import { signUp } from './test/accounts.js';
import { distinctOpenDays } from './test/booking.js';
import { bookAndPay } from './test/appointments.js';
import { rowsOf } from './db/rows.js';

const TOKEN = 'metrics-token-for-the-test-0123';
let on: TestApp;
let off: TestApp;

beforeAll(async () => {
  [on, off] = await Promise.all([createTestApp({ env: { METRICS_TOKEN: TOKEN } }), createTestApp()]);
});
afterAll(async () => {
  await on?.close();
  await off?.close();
});

const scrape = (t: TestApp, authorization?: string) => t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

/**
 * One sample line of the exposition format: name, optional {labels}, a number (Prometheus reads
 * the value as Go's ParseFloat does, so prom-client's 'Nan' before the first event-loop sample is
 * a number too).
 */
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{([a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*\})? (-?[0-9.e+-]+|[Nn]a[Nn]|[+-]Inf)$/;

function parse(text: string): { name: string; labels: string; value: number }[] {
  const samples = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      expect(line).toMatch(/^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+$/);
      continue;
    }
    const match = SAMPLE.exec(line);
    expect(match, line).not.toBeNull();
    samples.push({ name: match![1]!, labels: match![2] ?? '', value: Number(match![4]) });
  }
  return samples;
}

const valueOf = (samples: ReturnType<typeof parse>, name: string, labels: string) =>
  samples.find((s) => s.name === name && s.labels === labels)?.value ?? 0;

describe('GET /metrics', () => {
  it('is not there unless METRICS_TOKEN is set', async () => {
    const res = await scrape(off, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('asks for the token: none, another, or not as a bearer is 401', async () => {
    for (const authorization of [undefined, 'Bearer not-the-metrics-token-0000', `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(on, authorization);
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'A valid metrics token is required.' });
      expect(res.body).not.toContain('parlour_');
    }
  });

  it('is not in the API document', async () => {
    const doc = (await on.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });

  it('answers Prometheus text with requests by route pattern, event-loop lag, the pool and the job queue', async () => {
    const service = (await on.app.inject({ url: '/api/service' })).json<{ _id: string }[]>()[0]!;
    expect((await on.app.inject({ url: `/api/service/${service._id}` })).statusCode).toBe(200);
    const res = await scrape(on, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const samples = parse(res.body);
    expect(valueOf(samples, 'parlour_http_requests_total', '{method="GET",route="/api/service/:id",status="200"}')).toBeGreaterThanOrEqual(1);
    // The pattern, never the id.
    expect(res.body).not.toContain(service._id);
    expect(samples.some((s) => s.name === 'parlour_http_request_duration_seconds_bucket' && s.labels.includes('le="+Inf"'))).toBe(true);
    expect(samples.some((s) => s.name === 'parlour_nodejs_eventloop_lag_seconds')).toBe(true);
    expect(valueOf(samples, 'parlour_db_pool_connections', '{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(samples.some((s) => s.name === 'parlour_db_pool_connections' && s.labels === '{state="waiting"}')).toBe(true);
    expect(valueOf(samples, 'parlour_db_up', '')).toBe(1);
  });

  it('counts a booking made through the API, its payment and its confirmation e-mail', async () => {
    const before = parse((await scrape(on, `Bearer ${TOKEN}`)).body);
    const service = (await on.app.inject({ url: '/api/service' })).json<{ _id: string; price: number; title: string }[]>().find((s) => s.title === 'Classic Manicure')!;
    const who = await signUp(on.app);
    await bookAndPay(on.app, who, service, distinctOpenDays(3)(), '11:00');
    const after = parse((await scrape(on, `Bearer ${TOKEN}`)).body);
    expect(valueOf(after, 'parlour_bookings', '{status="confirmed"}')).toBe(valueOf(before, 'parlour_bookings', '{status="confirmed"}') + 1);
    expect(valueOf(after, 'parlour_payments', '{status="succeeded"}')).toBe(valueOf(before, 'parlour_payments', '{status="succeeded"}') + 1);
    // The confirmation is a job until a worker sends it (logged to the outbox here: no SMTP_URL).
    await expect
      .poll(async () => valueOf(parse((await scrape(on, `Bearer ${TOKEN}`)).body), 'parlour_emails', '{status="logged"}'), { timeout: 10_000 })
      .toBeGreaterThan(valueOf(before, 'parlour_emails', '{status="logged"}'));
  });

  it('reports queued jobs by queue, read at the scrape', async () => {
    await rowsOf(on.database.db, sql`insert into pgboss.job (name, data, start_after) values ('mail', '{"kind":"review-request","bookingId":"00000000-0000-4000-8000-000000000000"}', now() + interval '1 hour')`);
    const samples = parse((await scrape(on, `Bearer ${TOKEN}`)).body);
    expect(valueOf(samples, 'parlour_jobs_queued', '{queue="mail"}')).toBeGreaterThanOrEqual(1);
    expect(samples.some((s) => s.name === 'parlour_jobs_oldest_queued_seconds' && s.labels === '{queue="mail"}')).toBe(true);
  });
});
