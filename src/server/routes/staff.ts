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
  staffVisitListSchema,
  staffVisitMarkSchema,
  staffVisitSchema,
  staffVisitsQuerySchema,
  myStylistSchema,
  timeOffConflictSchema,
  timeOffCreateSchema,
  timeOffListSchema,
  timeOffSchema,
  weeklyHoursSchema,
  type ConflictingBooking,
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
  stylistOfUser,
  visitOfStylist,
  visitsOfStylist,
  updateStaff,
  type AccountRefusal,
} from '../repositories/staff.js';
import { removeUnreferencedUploads, uploadExists } from '../repositories/uploads.js';
import { HttpError, notFound } from '../http-error.js';
import type { FastifyRequest } from 'fastify';
import { currentUser, requireAdmin, requireUser } from '../plugins/auth.js';
import { databaseNow } from '../booking/capacity.js';
import { addCalendarDays, salonDayStart } from '../../shared/calendar.js';
import { counterPaymentInputSchema } from '../../shared/deposits.js';
import { toMinorUnits } from '../../shared/money.js';
import { englishMessage, type CountedTemplate } from '../../shared/i18n/message-templates.js';
import { messageFor } from '../messages.js';

const notFoundStylist = () => notFound('Stylist');

/**
 * A 409 with the bookings in the way, sent as it is (not through the error handler): its message
 * in the request's language here (messages.ts).
 */
async function conflictReply(request: FastifyRequest, message: string, bookings: ConflictingBooking[]) {
  return { statusCode: 409 as const, error: 'Conflict', message: await messageFor(request, message), bookings };
}

/** A customer holds her at a time the change would take away: the admin tries again once the hold is decided. */
function heldConflict(request: FastifyRequest, until: Date, timeZone: string) {
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(until);
  const message = englishMessage(
    'A customer is booking her at that time right now. Try again after {{time, time}}, when her hold has lapsed or become a booking you can see.',
    { time },
  );
  return conflictReply(request, message, []);
}

/** Her bookings that new hours would leave outside (each form a catalogue key). */
const OUTSIDE_HOURS: CountedTemplate = {
  one: 'She has {{count, number}} booking outside these hours. Move or cancel it first.',
  other: 'She has {{count, number}} bookings outside these hours. Move or cancel them first.',
};
/** Her bookings in the time off asked for. */
const IN_TIME_OFF: CountedTemplate = {
  one: 'She has {{count, number}} booking then. Move or cancel it first.',
  other: 'She has {{count, number}} bookings then. Move or cancel them first.',
};

/** Her account's e-mail, refused with the field named. */
function accountRefused(refusal: AccountRefusal): HttpError {
  if (refusal.kind === 'unknown-account') {
    return new HttpError(400, 'No account uses this e-mail', [
      { path: 'accountEmail', message: 'No account uses this e-mail: she signs up first, then you link it here' },
    ]);
  }
  const message = englishMessage('This account is already linked to {{name}}', { name: refusal.by });
  return new HttpError(409, message, [{ path: 'accountEmail', message }]);
}

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

  /** After a committed write: this instance's cached team and roster go (others hear pg_notify). */
  function teamChanged() {
    app.team.invalidate();
    app.roster.invalidate();
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

  /** The stylist the signed-in account is, or 403: her own day is for her alone. */
  async function myStylist(request: FastifyRequest): Promise<{ _id: string; name: string }> {
    const me = await currentUser(request);
    const stylist = await stylistOfUser(app.db, me.id);
    if (!stylist) throw new HttpError(403, "Only the salon's stylists can see this.");
    return stylist;
  }

  app.get(
    '/staff/me',
    {
      onRequest: requireUser,
      schema: {
        tags: ['staff'],
        summary: 'The stylist the signed-in account is linked to, or null',
        response: { 200: myStylistSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      const me = await currentUser(request);
      return { stylist: (await stylistOfUser(app.db, me.id)) ?? null };
    },
  );

  app.get(
    '/staff/me/visits',
    {
      onRequest: requireUser,
      schema: {
        tags: ['staff'],
        summary: "A stylist's own visits, salon days from-to (at most a week): customer's name, service, time and state; no payments",
        querystring: staffVisitsQuerySchema,
        response: { 200: staffVisitListSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      const stylist = await myStylist(request);
      const { timeZone } = await app.salonSettings.get();
      const from = salonDayStart(request.query.from, timeZone);
      const to = salonDayStart(addCalendarDays(request.query.to, 1), timeZone);
      return visitsOfStylist(app.db, stylist._id, from, to, await databaseNow(app.db));
    },
  );

  app.post(
    '/staff/me/visits/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['staff'],
        summary: 'A stylist marks one of her own visits completed or a no-show, once its time has come',
        params: idParamsSchema,
        body: staffVisitMarkSchema,
        response: { 200: staffVisitSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      const stylist = await myStylist(request);
      const id = request.params.id;
      if (request.body.status === 'completed') await app.bookings.complete(id, stylist._id);
      else await app.bookings.noShow(id, stylist._id);
      const visit = await visitOfStylist(app.db, stylist._id, id, await databaseNow(app.db));
      if (!visit) throw notFound('Booking');
      return visit;
    },
  );

  app.post(
    '/staff/me/visits/:id/counter-payments',
    {
      onRequest: requireUser,
      schema: {
        tags: ['staff'],
        summary: 'A stylist records money taken at her chair for one of her visits (never more than it owes)',
        params: idParamsSchema,
        body: counterPaymentInputSchema,
        response: { 200: staffVisitSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      const stylist = await myStylist(request);
      const me = await currentUser(request);
      const id = request.params.id;
      await app.payments.recordCounterPayment(id, { amountMinor: toMinorUnits(request.body.amount), method: request.body.method }, me.id, stylist._id);
      const visit = await visitOfStylist(app.db, stylist._id, id, await databaseNow(app.db));
      if (!visit) throw notFound('Booking');
      return visit;
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
      if (modifiedCount > 0) {
        teamChanged();
        // Back with her services and hours: her places are open to the people waiting for them.
        await app.waitlist.hoursChanged();
      }
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
      const created = await createStaff(app.db, request.body);
      if (created.kind !== 'created') throw accountRefused(created);
      teamChanged();
      return reply.status(201).send({ insertedId: created.id });
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
      if (typeof modifiedCount === 'object') throw accountRefused(modifiedCount);
      if (modifiedCount > 0) {
        teamChanged();
        // A service she now does, or hours she now has, may open places people wait for.
        await app.waitlist.hoursChanged();
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
        summary: "Replaces a stylist's weekly hours (admin); 409 with the bookings left outside them when she has any",
        params: idParamsSchema,
        body: weeklyHoursSchema,
        response: { 200: weeklyHoursSchema, ...guardedErrorResponses, 409: timeOffConflictSchema },
      },
    },
    async (request, reply) => {
      const { timeZone } = await app.salonSettings.get();
      const result = await replaceWeeklyHours(app.db, request.params.id, request.body, timeZone);
      if (result.kind === 'not-found') throw notFoundStylist();
      if (result.kind === 'held') return reply.status(409).send(await heldConflict(request, result.until, timeZone));
      if (result.kind === 'conflict') {
        const message = englishMessage(OUTSIDE_HOURS, { count: result.bookings.length });
        return reply.status(409).send(await conflictReply(request, message, result.bookings));
      }
      teamChanged();
      // Longer hours may open places that people wait for.
      await app.waitlist.hoursChanged();
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
      if (result.kind === 'held') return reply.status(409).send(await heldConflict(request, result.until, (await app.salonSettings.get()).timeZone));
      if (result.kind === 'conflict') {
        const message = englishMessage(IN_TIME_OFF, { count: result.bookings.length });
        return reply.status(409).send(await conflictReply(request, message, result.bookings));
      }
      teamChanged();
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
      teamChanged();
      await app.waitlist.hoursChanged();
      return { deletedCount };
    },
  );
}
