import type { FastifyInstance } from 'fastify';

export type ReadinessState = 'starting' | 'ready' | 'draining';

/**
 * Whether this instance should be sent traffic (`GET /api/health/ready`), as opposed to alive
 * (`GET /api/health`). It is 'starting' until the server listens, 'ready' from then, and
 * 'draining' from SIGTERM on (main.ts): it still serves, but a proxy's health check takes it out.
 */
export class Readiness {
  #state: ReadinessState = 'starting';

  get state(): ReadinessState {
    return this.#state;
  }

  markListening(): void {
    if (this.#state === 'starting') this.#state = 'ready';
  }

  drain(): void {
    this.#state = 'draining';
  }
}

export function setUpReadiness(app: FastifyInstance): void {
  const readiness = new Readiness();
  app.decorate('readiness', readiness);
  app.addHook('onListen', async () => readiness.markListening());
  // While draining, every answer closes its connection: a keep-alive client (the proxy) opens the
  // next one elsewhere instead of meeting this server's close.
  app.addHook('onSend', async (_request, reply) => {
    if (readiness.state === 'draining') void reply.header('connection', 'close');
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}
