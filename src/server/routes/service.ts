import type { App } from '../types.js';
import { errorResponses, guardedErrorResponses } from '../../shared/errors.js';
import { idParamsSchema } from '../../shared/ids.js';
import { deletedSchema, insertedSchema, modifiedSchema } from '../../shared/results.js';
import { serviceCreateSchema, serviceListSchema, serviceSchema, serviceUpdateSchema, type Service } from '../../shared/service.js';
import { createService, deleteService, findService, updateService } from '../repositories/services.js';
import { removeUnreferencedUploads, uploadExists } from '../repositories/uploads.js';
import { HttpError, notFound } from '../http-error.js';
import { requireAdmin } from '../plugins/auth.js';

/** A shipped demo image (/images/...) is always there; an upload must really exist. */
async function checkImage(app: App, url: string | undefined) {
  if (url === undefined || !url.startsWith('/uploads/')) return;
  if (!(await uploadExists(app.db, url))) {
    throw new HttpError(400, 'That image is not on this server. Upload it again.', [
      { path: 'image_url', message: 'Upload the image again' },
    ]);
  }
}

export async function serviceRoutes(app: App) {
  /** Runs after a write that may have left an image unused; its failure never fails the write. */
  function tidyImages() {
    removeUnreferencedUploads(app.db, app.config.uploadGraceMinutes).catch((err: unknown) =>
      app.log.warn({ err }, 'could not remove unused images'),
    );
  }

  /** After a committed write: this instance's cached catalogue goes (others hear pg_notify). */
  function catalogueChanged() {
    app.catalogue.invalidate();
  }

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
      const json = await app.catalogue.get();
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

  app.post(
    '/service',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['services'],
        summary: 'Adds a service to the catalogue (admin)',
        body: serviceCreateSchema,
        response: { 201: insertedSchema, ...guardedErrorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await checkImage(app, body.image_url);
      const insertedId = await createService(app.db, { ...body, category: body.category ?? null });
      catalogueChanged();
      return reply.status(201).send({ insertedId });
    },
  );

  app.patch(
    '/service/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['services'],
        summary: 'Changes a service (admin); fields left out keep their value',
        params: idParamsSchema,
        body: serviceUpdateSchema,
        response: { 200: modifiedSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      await checkImage(app, request.body.image_url);
      const modifiedCount = await updateService(app.db, request.params.id, request.body);
      if (modifiedCount === undefined) throw notFound('Service');
      if (modifiedCount > 0) {
        catalogueChanged();
        if (request.body.image_url !== undefined) tidyImages();
      }
      return { modifiedCount };
    },
  );

  app.delete(
    '/service/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['services'],
        summary: 'Takes a service out of the catalogue and out of every booking list (admin)',
        params: idParamsSchema,
        response: { 200: deletedSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      const deletedCount = await deleteService(app.db, request.params.id);
      if (deletedCount === 0) throw notFound('Service');
      catalogueChanged();
      // Stylists who did it no longer list it.
      app.team.invalidate();
      app.roster.invalidate();
      tidyImages();
      return { deletedCount };
    },
  );
}
