import { z } from 'zod';
import { fromNodeHeaders } from 'better-auth/node';
import type { App } from '../types.js';
import { apiErrorSchema, guardedErrorResponses } from '../../shared/errors.js';
import { isCrossSiteRequest, trustedOriginsOf } from '../origins.js';
import { idParamsSchema } from '../../shared/ids.js';
import { modifiedSchema, acknowledgedSchema } from '../../shared/results.js';
import { adminCheckParamsSchema, adminCheckSchema, authProvidersSchema, nameSchema, promoteParamsSchema, userListSchema } from '../../shared/user.js';
import { currentUser, requireAdmin, requireUser } from '../plugins/auth.js';
import { findUserByEmail, findUserById, listUsers, makeAdmin, removeAdmin, updateProfile } from '../repositories/users.js';
import { HttpError, notFound } from '../http-error.js';
import { imageUrlSchema } from '../../shared/images.js';

const guarded = guardedErrorResponses;

export async function userRoutes(app: App) {
  app.get(
    '/config/auth',
    { schema: { tags: ['accounts'], summary: 'Which sign-in providers are configured', response: { 200: authProvidersSchema } } },
    async () => {
      // Ask better-auth which providers it really registered: an OIDC provider whose discovery
      // failed at start is skipped there, and its button must not be offered.
      const registered = new Set((await app.auth.$context).socialProviders.map((p) => p.id));
      return {
        google: registered.has('google'),
        facebook: registered.has('facebook'),
        oidc: app.config.oidc && registered.has('oidc') ? { id: 'oidc' as const, name: app.config.oidc.name } : null,
      };
    },
  );

  const trustedOrigins = new Set(trustedOriginsOf(app.config.publicUrl));
  app.get(
    '/logout',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Ends the session (from the site itself; refused when another site sends the browser here)',
        response: { 200: z.object({ success: z.boolean() }), 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // A GET, as the spec has it, so any page could link or redirect here: only the site itself
      // (or the visitor typing the address) may sign her out. See docs/decisions/026.
      if (isCrossSiteRequest(request.headers, trustedOrigins, { sameOriginOnly: true })) {
        throw new HttpError(403, 'Log out from the Parlour site itself.');
      }
      const response = await app.auth.api.signOut({ headers: fromNodeHeaders(request.headers), asResponse: true });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return { success: true };
    },
  );

  app.get(
    '/user',
    { onRequest: requireAdmin, schema: { tags: ['accounts'], summary: 'Every account (admin)', response: { 200: userListSchema, ...guarded } } },
    async () => listUsers(app.db),
  );

  app.post(
    '/user',
    {
      onRequest: requireUser,
      schema: {
        tags: ['accounts'],
        summary: "Updates the signed-in user's own name and photo",
        body: z.object({ name: nameSchema, email: z.string().optional(), image: imageUrlSchema.nullable().optional() }),
        response: { 200: acknowledgedSchema, ...guarded },
      },
    },
    async (request) => {
      const me = await currentUser(request);
      // The spec's client sends its e-mail; the session decides whose record changes.
      if (request.body.email && request.body.email.toLowerCase() !== me.email.toLowerCase()) {
        throw new HttpError(403, 'You can only change your own profile.');
      }
      await updateProfile(app.db, me.id, { name: request.body.name, image: request.body.image ?? me.image }, app.sessionRevocations);
      return { acknowledged: true };
    },
  );

  app.get(
    '/user/admin/:user',
    {
      onRequest: requireUser,
      schema: { tags: ['accounts'], summary: 'Whether an account is an admin', params: adminCheckParamsSchema, response: { 200: adminCheckSchema, ...guarded } },
    },
    async (request) => {
      const me = await currentUser(request);
      const asked = request.params.user.trim().toLowerCase();
      if (asked === me.email.toLowerCase()) return { admin: me.role === 'admin' };
      if (me.role !== 'admin') throw new HttpError(403, 'You can only ask about your own account.');
      const other = await findUserByEmail(app.db, asked);
      return { admin: other?.role === 'admin' };
    },
  );

  app.patch(
    '/user/admin/:user',
    { onRequest: requireAdmin, schema: { tags: ['accounts'], summary: 'Makes a user an admin', params: promoteParamsSchema, response: { 200: modifiedSchema, ...guarded } } },
    async (request) => {
      if (!(await findUserById(app.db, request.params.user))) throw notFound('User');
      return { modifiedCount: await makeAdmin(app.db, request.params.user, app.sessionRevocations) };
    },
  );

  app.patch(
    '/user/admin-remove/:id',
    { onRequest: requireAdmin, schema: { tags: ['accounts'], summary: 'Takes the admin role away', params: idParamsSchema, response: { 200: modifiedSchema, ...guarded } } },
    async (request) => {
      const me = await currentUser(request);
      if (!(await findUserById(app.db, request.params.id))) throw notFound('User');
      if (request.params.id === me.id) throw new HttpError(409, 'You cannot remove your own admin role.');
      const outcome = await removeAdmin(app.db, request.params.id, app.sessionRevocations);
      if (outcome === 'last-admin') throw new HttpError(409, 'The salon must keep at least one admin.');
      return { modifiedCount: outcome === 'removed' ? 1 : 0 };
    },
  );
}
