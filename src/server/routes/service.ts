import type { App } from '../types.js';
import { errorResponses } from '../../shared/errors.js';
import { idParamsSchema } from '../../shared/ids.js';
import { serviceListSchema, serviceSchema, type Service } from '../../shared/service.js';
import { findService } from '../repositories/services.js';
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
    async (_request, reply) => {
      const json = await app.catalogue.json();
      // A string with a JSON content type goes out as it is: the cached list was built from the
      // same schema-checked rows, so it is not serialised again on every request.
      return reply.type('application/json; charset=utf-8').send(json as unknown as Service[]);
    },
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
