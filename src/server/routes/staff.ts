import type { App } from '../types.js';
import { errorResponses, guardedErrorResponses } from '../../shared/errors.js';
import { idParamsSchema } from '../../shared/ids.js';
import { deletedSchema, insertedSchema, modifiedSchema } from '../../shared/results.js';
import {
  staffCreateSchema,
  staffDetailSchema,
  staffListSchema,
  staffTimeOffParamsSchema,
  staffUpdateSchema,
  timeOffConflictSchema,
  timeOffCreateSchema,
  timeOffListSchema,
  timeOffSchema,
  weeklyHoursSchema,
  type Staff,
  type StaffService,
} from '../../shared/staff.js';
import {
  addTimeOff,
  createStaff,
  findStaff,
  getWeeklyHours,
  listRetiredStaff,
  listTimeOff,
  missingServiceIds,
  removeTimeOff,
  reinstateStaff,
  replaceWeeklyHours,
  retireStaff,
  staffIsActive,
  updateStaff,
} from '../repositories/staff.js';
import { removeUnreferencedUploads, uploadExists } from '../repositories/uploads.js';
import { HttpError, notFound } from '../http-error.js';
import { requireAdmin } from '../plugins/auth.js';

const notFoundStylist = () => notFound('Stylist');

export async function staffRoutes(app: App) {
  /** A shipped image (/images/...) is always there; an upload must really exist. */
  async function checkPhoto(url: string | null | undefined) {
    if (!url?.startsWith('/uploads/')) return;
    if (!(await uploadExists(app.db, url))) {
      throw new HttpError(400, 'That photo is not on this server. Upload it again.', [{ path: 'photo_url', message: 'Upload the photo again' }]);
    }
  }

  /** Every service she performs must be in the catalogue: the field names the one that is not. */
  async function checkServices(list: StaffService[] | undefined) {
    if (!list) return;
    const missing = new Set(await missingServiceIds(app.db, list.map((s) => s.serviceId)));
    if (missing.size === 0) return;
    throw new HttpError(
      400,
      'Some services are not in the catalogue',
      list.flatMap((s, index) => (missing.has(s.serviceId) ? [{ path: `services.${index}.serviceId`, message: 'This service is not in the catalogue' }] : [])),
    );
  }

  function tidyImages() {
    removeUnreferencedUploads(app.db, app.config.uploadGraceMinutes).catch((err: unknown) => app.log.warn({ err }, 'could not remove unused images'));
  }

  /** After a committed write: this instance's cached team goes (others hear pg_notify). */
  function teamChanged() {
    app.team.invalidate();
  }

  app.get(
    '/staff',
    {
      schema: {
        tags: ['staff'],
        summary: 'The active stylists (the Team page)',
        response: { 200: staffListSchema, 500: errorResponses[500] },
      },
    },
    async (_request, reply) => {
      const json = await app.team.get();
      // The cached list was built from the same schema-checked rows: sent as it is, like the catalogue.
      return reply.type('application/json; charset=utf-8').send(json as unknown as Staff[]);
    },
  );

  app.get(
    '/staff/retired',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['staff'],
        summary: 'The retired stylists, the latest first (admin)',
        response: { 200: staffListSchema, ...guardedErrorResponses },
      },
    },
    async () => listRetiredStaff(app.db),
  );

  app.post(
    '/staff/:id/reinstate',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['staff'],
        summary: 'Brings a retired stylist back to the team, with her services, hours and time off (admin)',
        params: idParamsSchema,
        response: { 200: modifiedSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      const modifiedCount = await reinstateStaff(app.db, request.params.id);
      if (modifiedCount === undefined) throw notFoundStylist();
      if (modifiedCount > 0) teamChanged();
      return { modifiedCount };
    },
  );

  app.get(
    '/staff/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['staff'],
        summary: 'One active stylist with her own durations (admin)',
        params: idParamsSchema,
        response: { 200: staffDetailSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      const found = await findStaff(app.db, request.params.id);
      if (!found) throw notFoundStylist();
      return found;
    },
  );

  app.post(
    '/staff',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['staff'],
        summary: 'Adds a stylist (admin)',
        body: staffCreateSchema,
        response: { 201: insertedSchema, ...guardedErrorResponses },
      },
    },
    async (request, reply) => {
      await checkPhoto(request.body.photo_url);
      await checkServices(request.body.services);
      const insertedId = await createStaff(app.db, request.body);
      teamChanged();
      return reply.status(201).send({ insertedId });
    },
  );

  app.patch(
    '/staff/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['staff'],
        summary: 'Changes a stylist (admin); fields left out keep their value, services replace her list',
        params: idParamsSchema,
        body: staffUpdateSchema,
        response: { 200: modifiedSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      await checkPhoto(request.body.photo_url);
      await checkServices(request.body.services);
      const modifiedCount = await updateStaff(app.db, request.params.id, request.body);
      if (modifiedCount === undefined) throw notFoundStylist();
      if (modifiedCount > 0) {
        teamChanged();
        if (request.body.photo_url !== undefined) tidyImages();
      }
      return { modifiedCount };
    },
  );

  app.delete(
    '/staff/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['staff'],
        summary: 'Retires a stylist (admin): she leaves the Team page, her bookings keep her',
        params: idParamsSchema,
        response: { 200: deletedSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      const deletedCount = await retireStaff(app.db, request.params.id);
      if (deletedCount === 0) throw notFoundStylist();
      teamChanged();
      return { deletedCount };
    },
  );

  app.get(
    '/staff/:id/hours',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['staff'],
        summary: "A stylist's weekly hours (admin)",
        params: idParamsSchema,
        response: { 200: weeklyHoursSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      if (!(await staffIsActive(app.db, request.params.id))) throw notFoundStylist();
      return getWeeklyHours(app.db, request.params.id);
    },
  );

  app.put(
    '/staff/:id/hours',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['staff'],
        summary: "Replaces a stylist's weekly hours (admin)",
        params: idParamsSchema,
        body: weeklyHoursSchema,
        response: { 200: weeklyHoursSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      if (!(await replaceWeeklyHours(app.db, request.params.id, request.body))) throw notFoundStylist();
      return getWeeklyHours(app.db, request.params.id);
    },
  );

  app.get(
    '/staff/:id/time-off',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['staff'],
        summary: "A stylist's time off that has not ended (admin)",
        params: idParamsSchema,
        response: { 200: timeOffListSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      if (!(await staffIsActive(app.db, request.params.id))) throw notFoundStylist();
      return listTimeOff(app.db, request.params.id);
    },
  );

  app.post(
    '/staff/:id/time-off',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['staff'],
        summary: 'Adds time off (admin); 409 with the bookings in the way when she has any then',
        params: idParamsSchema,
        body: timeOffCreateSchema,
        response: { 201: timeOffSchema, ...guardedErrorResponses, 409: timeOffConflictSchema },
      },
    },
    async (request, reply) => {
      const { startsAt, endsAt, note } = request.body;
      const result = await addTimeOff(app.db, request.params.id, { startsAt: new Date(startsAt), endsAt: new Date(endsAt), note });
      if (result.kind === 'not-found') throw notFoundStylist();
      if (result.kind === 'held') {
        return reply.status(409).send({
          statusCode: 409,
          error: 'Conflict',
          message: `A customer is booking her at that time right now. Try again after ${new Intl.DateTimeFormat('en-GB', { timeZone: (await app.salonSettings.get()).timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(result.until)}, when her hold has lapsed or become a booking you can see.`,
          bookings: [],
        });
      }
      if (result.kind === 'conflict') {
        const count = result.bookings.length;
        return reply.status(409).send({
          statusCode: 409,
          error: 'Conflict',
          message: `She has ${count} booking${count === 1 ? '' : 's'} then. Move or cancel ${count === 1 ? 'it' : 'them'} first.`,
          bookings: result.bookings,
        });
      }
      return reply.status(201).send(result.timeOff);
    },
  );

  app.delete(
    '/staff/:id/time-off/:timeOffId',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['staff'],
        summary: 'Removes time off (admin)',
        params: staffTimeOffParamsSchema,
        response: { 200: deletedSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      const deletedCount = await removeTimeOff(app.db, request.params.id, request.params.timeOffId);
      if (deletedCount === 0) throw notFound('Time off');
      return { deletedCount };
    },
  );
}
