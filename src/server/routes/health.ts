import type { App } from '../types.js';
import { healthSchema } from '../../shared/health.js';

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
}
