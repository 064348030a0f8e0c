import Fastify, { type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DbHandle } from './db/client.js';
import type { AppConfig } from './env.js';
import { errorsPlugin } from './plugins/errors.js';
import { clientPlugin, findClientDir } from './plugins/client.js';
import { healthRoutes } from './routes/health.js';
import { serviceRoutes } from './routes/service.js';
import { reviewRoutes } from './routes/review.js';
import { contactRoutes } from './routes/contact.js';
import type { App } from './types.js';

export type BuildAppOptions = {
  config: AppConfig;
  database: DbHandle;
  logger?: FastifyServerOptions['logger'];
  /** Where the built site lives; defaults to dist/client when it has been built. */
  clientDir?: string | undefined;
};

export async function buildApp({ config, database, logger, clientDir = findClientDir() }: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: logger ?? false,
    trustProxy: config.trustProxy,
    // Shutdown waits for in-flight requests; idle keep-alive sockets must not hold it open.
    forceCloseConnections: 'idle',
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);

  await app.register(errorsPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        // SweetAlert2 and React set inline style attributes; scripts stay 'self' only.
        'style-src': ["'self'", "'unsafe-inline'"],
        // The site may be served over plain http on a LAN; upgrading would break it there.
        'upgrade-insecure-requests': null,
      },
    },
    // Stripe and OAuth pop-ups come later; nothing here needs to be embedded cross-origin.
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024 });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Parlour API', description: 'The beauty salon booking API', version: '1.0.0' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(serviceRoutes);
      await api.register(reviewRoutes);
      await api.register(contactRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(clientPlugin, { clientDir });
  return app as unknown as App;
}
