import Fastify, { type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { strictValidatorCompiler } from './strict-input.js';
import type { DbHandle } from './db/client.js';
import type { AppConfig } from './env.js';
import { errorsPlugin } from './plugins/errors.js';
import { openApiOptions } from './openapi.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { inputGuardsPlugin } from './plugins/input-guards.js';
import { clientPlugin, findClientDir } from './plugins/client.js';
import type { PagesSource } from './ssr/pages.js';
import { healthRoutes } from './routes/health.js';
import { serviceRoutes } from './routes/service.js';
import { reviewRoutes } from './routes/review.js';
import { contactRoutes } from './routes/contact.js';
import { userRoutes } from './routes/user.js';
import { uploadRoutes } from './routes/upload.js';
import { authPlugin } from './plugins/auth.js';
import multipart from '@fastify/multipart';
import { HttpError } from './http-error.js';
import { isCrossSiteRequest, trustedOriginsOf } from './origins.js';
import type { App } from './types.js';
import { CATALOGUE_CHANNEL, ChangeCache, REVIEWS_CHANNEL, SETTINGS_CHANNEL, STAFF_CHANNEL } from './change-cache.js';
import { listActiveStaff, loadTeamRoster } from './repositories/staff.js';
import { listPublishedReviews } from './repositories/reviews.js';
import { getSalonSettings } from './repositories/settings.js';
import { removeUnreferencedUploads } from './repositories/uploads.js';
import { cartRoutes } from './routes/cart.js';
import { settingsRoutes } from './routes/settings.js';
import { paymentRoutes } from './routes/payments.js';
import { BookingService } from './booking/booking-service.js';
import { bookingRoutes } from './routes/bookings.js';
import { outboxRoutes } from './routes/outbox.js';
import { adminSummaryRoutes } from './routes/admin-summary.js';
import { meRoutes } from './routes/me.js';
import { PaymentService } from './payments/payment-service.js';
import { TestGateway } from './payments/test-gateway.js';
import { StripeGateway, createStripeClient } from './payments/stripe-gateway.js';
import { SslCommerzGateway } from './payments/sslcommerz/sslcommerz-gateway.js';
import { SslCommerzClient } from './payments/sslcommerz/client.js';
import { sslcommerzRoutes } from './routes/payments-sslcommerz.js';
import { listServices } from './repositories/services.js';
import { setUpJobs, type JobsOptions } from './jobs/set-up.js';
import { localSmsGateway } from './sms/gateway.js';
import { createSslWirelessGateway } from './sms/sslwireless.js';
import { phoneRoutes } from './routes/phone.js';
import { sentSmsRoutes, smsUsageRoutes } from './routes/sent-sms.js';
import { WaitlistService } from './booking/waitlist-service.js';
import { waitlistRoutes } from './routes/waitlist.js';
import { setUpBackups, type BackupsOptions } from './backups/set-up.js';
import { backupRoutes } from './routes/backups.js';
import { staffRoutes } from './routes/staff.js';
import { frontDeskRoutes } from './routes/front-desk.js';
import { setUpReadiness } from './readiness.js';
import { setUpMetrics } from './metrics.js';
import { watchSlowQueries } from './db/statement-counter.js';
import { currentRequestId, setUpRequestIds } from './request-id.js';
import { witnessOutages } from './db/outage-witness.js';

export type BuildAppOptions = {
  config: AppConfig;
  database: DbHandle;
  logger?: FastifyServerOptions['logger'];
  /** Where the built site lives; defaults to dist/client when it has been built. */
  clientDir?: string | undefined;
  /** The server-rendered pages' renderer and template; defaults to the ones built beside clientDir. */
  pages?: PagesSource | undefined;
  /** The job queue's retry pace and the reminders' clock (tests set their own). */
  jobs?: JobsOptions | undefined;
  /** The daily backup's clock and pace (tests set their own). */
  backups?: BackupsOptions | undefined;
};

export async function buildApp({ config, database, logger, clientDir = findClientDir(), pages, jobs, backups }: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: logger ?? false,
    trustProxy: config.trustProxy,
    // Shutdown waits for in-flight requests; idle keep-alive sockets must not hold it open.
    forceCloseConnections: 'idle',
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  // A body or query string with a field the route does not take is refused, nested ones too (decision 055).
  app.setValidatorCompiler(strictValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  setUpReadiness(app);
  setUpRequestIds(app);
  // A slow statement is logged with its name and the request it served (the pool is per app: tests build many).
  watchSlowQueries(database.db, {
    thresholdMs: config.slowQueryMs,
    report: (slow) => app.log.warn({ ...slow, requestId: currentRequestId() }, 'slow query'),
  });
  // Whether a request met a database outage, for the error handlers to answer 503 (outage-witness.ts).
  app.addHook('onRequest', (_request, _reply, done) => witnessOutages(done));
  const catalogue = new ChangeCache(CATALOGUE_CHANNEL, async () => JSON.stringify(await listServices(database.db)));
  const salonSettings = new ChangeCache(SETTINGS_CHANNEL, () => getSalonSettings(database.db));
  const publishedReviews = new ChangeCache(REVIEWS_CHANNEL, async () => JSON.stringify(await listPublishedReviews(database.db)));
  const team = new ChangeCache(STAFF_CHANNEL, async () => JSON.stringify(await listActiveStaff(database.db)));
  // The team as a hold reads it (hours, services, time off): off every hold's statement (decision 049).
  const roster = new ChangeCache(STAFF_CHANNEL, () => loadTeamRoster(database.db));
  for (const cache of [catalogue, salonSettings, publishedReviews, team, roster]) {
    await cache.listen(database, app.log);
    app.addHook('onClose', async () => cache.close());
  }
  app.decorate('catalogue', catalogue);
  app.decorate('salonSettings', salonSettings);
  app.decorate('publishedReviews', publishedReviews);
  app.decorate('team', team);
  app.decorate('roster', roster);
  // Images uploaded by forms that were never saved are removed once their grace period is over.
  const imageSweep = setInterval(() => {
    removeUnreferencedUploads(database.db, config.uploadGraceMinutes).catch((err: unknown) =>
      app.log.warn({ err }, 'could not remove unused images'),
    );
  }, 60 * 60 * 1000);
  imageSweep.unref();
  app.addHook('onClose', async () => clearInterval(imageSweep));

  await app.register(errorsPlugin);
  await app.register(inputGuardsPlugin);
  await app.register(securityHeadersPlugin, { stripe: config.stripe !== undefined });
  await app.register(compress, { threshold: 1024 });

  const trustedOrigins = new Set(trustedOriginsOf(config.publicUrl));
  // Cross-site writes are refused outright (CSRF); SameSite=Lax cookies are the second fence.
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    if (request.routeOptions.config.crossSiteForm) return;
    if (isCrossSiteRequest(request.headers, trustedOrigins)) {
      throw new HttpError(403, 'Cross-site requests are not allowed.');
    }
  });
  await app.register(multipart, { limits: { files: 1, fields: 5 } });

  await app.register(swagger, openApiOptions(config.publicUrl));
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(authPlugin);
  // Stripe when its keys are configured, SSLCommerz when PAYMENTS=sslcommerz, otherwise the
  // built-in test gateway (env.ts decides; README "Payments").
  const stripe = config.stripe ? createStripeClient(config.stripe) : undefined;
  const sslcommerz = config.sslcommerz
    ? new SslCommerzGateway(database.db, new SslCommerzClient(config.sslcommerz), { publicUrl: config.publicUrl, sandbox: config.sslcommerz.sandbox })
    : undefined;
  const gateway = stripe && config.stripe ? new StripeGateway(stripe, config.stripe) : (sslcommerz ?? new TestGateway(database.db));
  if (config.sslcommerz?.sandbox && config.nodeEnv === 'production') {
    app.log.warn('SSLCOMMERZ_SANDBOX is on in production: payments go to the SSLCommerz sandbox and no real money is taken (the payment page says Test mode)');
  }
  // Before the payments: their start-up reconciliation may queue confirmations.
  const smsGateway = config.sms.gateway === 'sslwireless' ? createSslWirelessGateway(config.sms) : localSmsGateway;
  setUpJobs(app, { database, publicUrl: config.publicUrl, salonSettings: () => salonSettings.get(), smsGateway, options: jobs });
  setUpBackups(app, { database, dataDir: config.dataDir, salonSettings: () => salonSettings.get(), options: backups });
  const paymentService = new PaymentService(database.db, gateway, app.notices, app.log, () => salonSettings.get());
  app.decorate('payments', paymentService);
  const bookingService = new BookingService(database.db, app.notices, paymentService, app.log, () => salonSettings.get(), app.waitlistSweeps, roster);
  app.decorate('bookings', bookingService);
  app.decorate('waitlist', new WaitlistService(database.db, app.notices, app.waitlistSweeps, app.log, () => salonSettings.get(), roster));
  // Charges whose outcome a crash or a lost webhook kept from us are applied at start-up and then
  // every minute (PaymentService.reconcile); so are cancellations decided but never recorded, and
  // the processor's refunds are compared with ours (reconcileRefunds). Each step runs whatever the
  // others do.
  const reconcile = async () => {
    await paymentService.reconcile().catch((err: unknown) => app.log.error({ err }, 'could not reconcile payments with the card processor'));
    await bookingService.finishDecidedCancellations().catch((err: unknown) => app.log.error({ err }, 'could not finish decided cancellations'));
    await paymentService.reconcileRefunds().catch((err: unknown) => app.log.error({ err }, "could not compare the card processor's refunds with ours"));
  };
  const reconcileTimer = setInterval(() => void reconcile(), 60_000);
  reconcileTimer.unref();
  app.addHook('onReady', async () => {
    await reconcile();
  });
  app.addHook('onClose', async () => clearInterval(reconcileTimer));
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(serviceRoutes);
      await api.register(reviewRoutes);
      await api.register(contactRoutes);
      await api.register(userRoutes);
      await api.register(cartRoutes);
      await api.register(settingsRoutes);
      await api.register(paymentRoutes, { stripe });
      if (sslcommerz && config.sslcommerz) await api.register(sslcommerzRoutes, { gateway: sslcommerz, storePassword: config.sslcommerz.storePassword });
      await api.register(bookingRoutes);
      await api.register(outboxRoutes);
      await api.register(adminSummaryRoutes);
      await api.register(backupRoutes);
      await api.register(meRoutes);
      await api.register(phoneRoutes);
      await api.register(sentSmsRoutes);
      await api.register(smsUsageRoutes);
      await api.register(staffRoutes);
      await api.register(frontDeskRoutes);
      await api.register(waitlistRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(uploadRoutes);
  setUpMetrics(app);

  await app.register(clientPlugin, { clientDir, pages });
  return app as unknown as App;
}

