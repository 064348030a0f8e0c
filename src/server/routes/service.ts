import type { App } from '../types.js';
import { errorResponses } from '../../shared/errors.js';
import { idParamsSchema } from '../../shared/ids.js';
import { serviceListSchema, serviceSchema } from '../../shared/service.js';
import { findService, listServices } from '../repositories/services.js';
import { notFound } from '../http-error.js';

export async function serviceRoutes(app: App) {
  app.get(
    '/service',
    {
      schema: {
        tags: ['services'],
        summary: 'The salon catalogue',
        response: { 200: serviceListSchema, 500: errorResponses[500] },
      },
    },
    async () => listServices(app.db),
  );

  app.get(
    '/service/:id',
    {
      schema: {
        tags: ['services'],
        summary: 'One service',
        params: idParamsSchema,
        response: { 200: serviceSchema, ...errorResponses },
      },
    },
    async (request) => {
      const service = await findService(app.db, request.params.id);
      if (!service) throw notFound('Service');
      return service;
    },
  );
}
