import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { HttpError } from './http-error.js';
import { countByStatus, queuedJobs } from './repositories/metrics.js';

/**
 * `GET /metrics` in Prometheus' text format (decision 035). Off (404) unless METRICS_TOKEN is set;
 * then only with `Authorization: Bearer <token>`. Labels hold route patterns, methods, statuses and
 * the fixed status names of rows: never an id, an address or anything a user typed.
 *
 * Bookings, payments, e-mails and queued jobs are counted in the database at each scrape (gauges),
 * not bumped in the code that makes them: the numbers survive restarts, agree between instances,
 * and no booking or payment code has to remember to report itself.
 */

/** A hash of each side, so the comparison takes the same time whatever the lengths. */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export function setUpMetrics(app: FastifyInstance): void {
  const token = app.config.metricsToken;
  if (!token) {
    // Registered all the same: off must be a 404, not the site's page for an unknown path.
    app.get('/metrics', { schema: { hide: true } }, async () => {
      throw new HttpError(404, 'Route GET:/metrics not found');
    });
    return;
  }

  // Each app its own registry: tests build many apps in one process.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'parlour_' });

  const requests = new Counter({
    name: 'parlour_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'parlour_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pool = new Gauge({ name: 'parlour_db_pool_connections', help: 'Database pool connections: total, idle, and requests waiting for one', labelNames: ['state'] as const, registers: [registry] });
  const databaseUp = new Gauge({ name: 'parlour_db_up', help: '1 when the last scrape could read the database, else 0', registers: [registry] });
  const jobsQueued = new Gauge({ name: 'parlour_jobs_queued', help: 'Jobs waiting to run (new or waiting to be retried), by queue', labelNames: ['queue'] as const, registers: [registry] });
  const jobsOldest = new Gauge({ name: 'parlour_jobs_oldest_queued_seconds', help: 'Age of the oldest job waiting to run, by queue', labelNames: ['queue'] as const, registers: [registry] });
  const bookings = new Gauge({ name: 'parlour_bookings', help: 'Bookings by status', labelNames: ['status'] as const, registers: [registry] });
  const payments = new Gauge({ name: 'parlour_payments', help: 'Payments by status', labelNames: ['status'] as const, registers: [registry] });
  const emails = new Gauge({ name: 'parlour_emails', help: "E-mails by outcome: sent, failed, or logged (kept in the outbox, no SMTP_URL)", labelNames: ['status'] as const, registers: [registry] });

  app.addHook('onResponse', async (request, reply) => {
    // The pattern ('/api/service/:id'), never the URL itself; an unknown path is one label.
    const labels = { method: request.method, route: request.routeOptions.url ?? '(no route)', status: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  const byStatus = async (gauge: Gauge<'status'>, table: 'bookings' | 'payments' | 'outbox') => {
    const rows = await countByStatus(app.database.db, table);
    gauge.reset();
    for (const row of rows) gauge.set({ status: row.status }, row.n);
  };
  const queueDepth = async () => {
    const rows = await queuedJobs(app.database.db);
    jobsQueued.reset();
    jobsOldest.reset();
    for (const row of rows) {
      jobsQueued.set({ queue: row.name }, row.n);
      jobsOldest.set({ queue: row.name }, row.oldest);
    }
  };

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const authorization = request.headers.authorization ?? '';
    const given = authorization.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : '';
    if (!given || !sameToken(given, token)) {
      void reply.header('www-authenticate', 'Bearer');
      throw new HttpError(401, 'A valid metrics token is required.');
    }
    const use = app.database.poolUse();
    pool.set({ state: 'total' }, use.total);
    pool.set({ state: 'idle' }, use.idle);
    pool.set({ state: 'waiting' }, use.waiting);
    try {
      await Promise.all([byStatus(bookings, 'bookings'), byStatus(payments, 'payments'), byStatus(emails, 'outbox'), queueDepth()]);
      databaseUp.set(1);
    } catch (err) {
      // The process's own figures are still worth having while the database is away.
      request.log.warn({ err }, 'metrics: could not read the database');
      databaseUp.set(0);
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
