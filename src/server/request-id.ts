import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * The id of the request being served, wherever its work goes (a job it queues carries it, so the
 * job's log lines can be found beside the request's). Fastify's own request.log already carries
 * it as `reqId`.
 */
const current = new AsyncLocalStorage<string>();

export function currentRequestId(): string | undefined {
  return current.getStore();
}

export function setUpRequestIds(app: FastifyInstance): void {
  // A callback hook: everything after done() (the other hooks, the handler) runs inside run().
  app.addHook('onRequest', (request, reply, done) => {
    // Told to the client too, so a support request can name the log lines it is about.
    void reply.header('x-request-id', request.id);
    current.run(request.id, done);
  });
}
