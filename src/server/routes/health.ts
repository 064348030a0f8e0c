import type { App } from '../types.js';
import { healthSchema, readinessSchema, type NotReadyReason } from '../../shared/health.js';

/** The readiness probe's own bound on the database ping: a proxy's check must not hang on it. */
const READY_PING_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function healthRoutes(app: App) {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Reports whether the server can reach its database',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const driver = app.database.driver;
      try {
        const latency = await app.database.ping();
        return { status: 'ok' as const, database: { status: 'up' as const, driver, latencyMs: Math.round(latency * 100) / 100 } };
      } catch (err) {
        app.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'unavailable', database: { status: 'down', driver, latencyMs: null } });
      }
    },
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Reports whether this instance should be sent traffic',
        description:
          "503 with the reason while it is starting (not listening yet), while it drains before shutting down (SIGTERM), or while it cannot reach its database. A load balancer's health check belongs here; `/api/health` only says the process is alive.",
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const notReady = (reason: NotReadyReason) => reply.status(503).send({ status: 'unavailable', reason });
      const { state } = app.readiness;
      if (state === 'starting') return notReady('starting');
      if (state === 'draining') return notReady('draining');
      try {
        await withTimeout(app.database.ping(), READY_PING_TIMEOUT_MS);
      } catch (err) {
        app.log.warn({ err }, 'readiness check: database unreachable');
        return notReady('database');
      }
      return { status: 'ok' as const, reason: null };
    },
  );
}
