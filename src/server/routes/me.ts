import { z } from 'zod';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import type { App } from '../types.js';
import { apiErrorSchema, guardedErrorResponses } from '../../shared/errors.js';
import { deleteAccountInputSchema, myAccountSchema, myDataSchema } from '../../shared/account.js';
import { instantToZoned } from '../../shared/calendar.js';
import { currentUser, requireUser } from '../plugins/auth.js';
import { HttpError } from '../http-error.js';
import { stylistOfUser } from '../repositories/staff.js';
import { databaseNow } from '../booking/capacity.js';
import { saveLanguage } from '../repositories/languages.js';
import { languageCookie } from '../../shared/i18n/language.js';
import { myLanguageInputSchema } from '../../shared/i18n/my-language.js';
import { exportMyData } from '../account/export.js';
import { checkDeletionAllowed, deleteAccount, deletionRequirements, type AccountDeletionDeps, type CurrentSignIn } from '../account/deletion.js';

type CookieAttributes = { path?: string | undefined; domain?: string | undefined; secure?: boolean | undefined; sameSite?: string | undefined; httpOnly?: boolean | undefined };

/** A Set-Cookie header that removes `name` in the browser, with the attributes it was set with. */
function expiredCookie(name: string, attributes: CookieAttributes): string {
  return [
    `${name}=`,
    'Max-Age=0',
    `Path=${attributes.path ?? '/'}`,
    ...(attributes.domain ? [`Domain=${attributes.domain}`] : []),
    ...(attributes.httpOnly === false ? [] : ['HttpOnly']),
    ...(attributes.secure ? ['Secure'] : []),
    `SameSite=${attributes.sameSite ?? 'Lax'}`,
  ].join('; ');
}

export async function meRoutes(app: App) {
  /** The session as the database holds it: its creation time proves how recent the sign-in is. */
  async function currentSignIn(request: FastifyRequest): Promise<CurrentSignIn> {
    const found = await app.auth.api.getSession({
      headers: fromNodeHeaders(request.headers),
      query: { disableCookieCache: true, disableRefresh: true },
    });
    if (!found) throw new HttpError(401, 'Please log in to continue.');
    return { userId: found.user.id, createdAt: new Date(found.session.createdAt) };
  }

  const deps: AccountDeletionDeps = {
    db: app.db,
    payments: app.payments,
    bookings: app.bookings,
    revocations: app.sessionRevocations,
    salonSettings: () => app.salonSettings.get(),
    waitlist: app.waitlistSweeps,
    log: app.log,
    verifyPassword: async (input) => (await app.auth.$context).password.verify(input),
  };

  app.get(
    '/me',
    {
      onRequest: requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in account: the stylist it is linked to, and what deleting it asks for',
        response: { 200: myAccountSchema, ...guardedErrorResponses },
      },
    },
    async (request) => {
      const signIn = await currentSignIn(request);
      const [requirements, stylist] = await Promise.all([deletionRequirements(app.db, signIn), stylistOfUser(app.db, signIn.userId)]);
      return { ...requirements, stylist: stylist ?? null };
    },
  );

  app.put(
    '/me/language',
    {
      onRequest: requireUser,
      schema: {
        tags: ['accounts'],
        summary: "Keeps the language she chose on her account (and in this browser's language cookie)",
        body: myLanguageInputSchema,
        response: { 204: z.null().describe('Saved'), ...guardedErrorResponses },
      },
    },
    async (request, reply) => {
      const me = await currentUser(request);
      await saveLanguage(app.db, me.id, request.body.language);
      return reply.header('set-cookie', languageCookie(request.body.language)).status(204).send(null);
    },
  );

  app.get(
    '/me/export',
    {
      onRequest: requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'Everything the salon keeps about the signed-in customer, as one JSON file',
        response: { 200: myDataSchema, ...guardedErrorResponses },
      },
    },
    async (request, reply) => {
      const me = await currentUser(request);
      const settings = await app.salonSettings.get();
      const now = await databaseNow(app.db);
      const data = await exportMyData(app.db, me.id, settings, now);
      const day = instantToZoned(now, settings.timeZone).date;
      // Her own data: no shared cache or proxy may keep a copy.
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', `attachment; filename="parlour-my-data-${day}.json"`);
      return data;
    },
  );

  app.delete(
    '/me',
    {
      onRequest: requireUser,
      // Whatever else the request set (a refreshed copy of the session read at its start), the
      // browser is left with no session cookie at all.
      onSend: async (request, reply, payload) => {
        if (reply.statusCode === 204) {
          // Fastify adds Set-Cookie values to those already set: the old ones go first.
          reply.removeHeader('set-cookie');
          reply.header('set-cookie', await signedOutCookies());
        }
        return payload;
      },
      schema: {
        tags: ['accounts'],
        summary: 'Deletes the signed-in account: upcoming appointments cancelled, personal data removed, payments kept anonymously',
        body: deleteAccountInputSchema,
        response: { 204: z.null().describe('Deleted; the session cookies are cleared'), ...guardedErrorResponses, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const signIn = await currentSignIn(request);
      await checkDeletionAllowed(deps, signIn, request.body.password);
      const outcome = await deleteAccount(deps, signIn.userId);
      if (outcome.reviewsChanged) app.publishedReviews.invalidate();
      return reply.status(204).send(null);
    },
  );

  async function signedOutCookies(): Promise<string[]> {
    const { authCookies } = await app.auth.$context;
    return [authCookies.sessionToken, authCookies.sessionData, authCookies.dontRememberToken].map((cookie) => expiredCookie(cookie.name, cookie.attributes));
  }
}
