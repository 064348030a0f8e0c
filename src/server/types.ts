import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db, DbHandle } from './db/client.js';
import type { AppConfig } from './env.js';
import type { ChangeCache } from './change-cache.js';
import type { TeamRoster } from './repositories/staff.js';
import type { SalonSettings } from '../shared/salon-settings.js';
import type { PaymentService } from './payments/payment-service.js';
import type { BookingService } from './booking/booking-service.js';
import type { Role } from '../shared/user.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A form another site's page posts here on purpose (SSLCommerz's hosted page returning the
     * browser): exempt from the cross-site write refusal. Only for routes that act on no session.
     */
    crossSiteForm?: boolean;
  }
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
    /** The active stylists (GET /api/staff) as ready-made JSON. */
    team: ChangeCache<string>;
    /** The team as holds take it: hours, services, time off (decision 049). */
    roster: ChangeCache<TeamRoster>;
    payments: PaymentService;
    /** Holding, moving, reopening, cancelling, completing and missing appointments. */
    bookings: BookingService;
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

/**
 * Who asks for a change or a read: the signed-in user's id and role. The one type services and
 * repositories take (a customer acts on her own bookings, an admin on any).
 */
export type Actor = { id: string; role: Role };
