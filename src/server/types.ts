import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db, DbHandle } from './db/client.js';
import type { AppConfig } from './env.js';
import type { ChangeCache } from './change-cache.js';
import type { SalonSettings } from '../shared/salon-settings.js';
import type { PaymentService } from './payments/payment-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    database: DbHandle;
    /** The public catalogue as ready-made JSON. */
    catalogue: ChangeCache<string>;
    /** The salon's booking rules. */
    salonSettings: ChangeCache<SalonSettings>;
    /** The published testimonials as ready-made JSON. */
    publishedReviews: ChangeCache<string>;
    payments: PaymentService;
  }
}

/** The Fastify instance as route modules see it: zod schemas type params, bodies and replies. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
