import type { App } from '../types.js';
import { apiErrorSchema, guardedErrorResponses } from '../../shared/errors.js';
import { myPhoneSchema, setPhoneInputSchema, smsPreferenceInputSchema, verifyPhoneInputSchema } from '../../shared/sms.js';
import { currentUser, requireUser } from '../plugins/auth.js';
import { readMyPhone, removePhone, setSmsOptOut } from '../repositories/phones.js';
import { requestPhoneCode, verifyPhoneCode, type PhoneVerificationDeps } from '../sms/phone-verification.js';
import { requestLanguage } from '../messages.js';

/** Her mobile number, proven by a code sent to it, and whether she wants appointment texts. */
export async function phoneRoutes(app: App) {
  const deps: PhoneVerificationDeps = { db: app.db, queueText: (job, tx) => app.texts.queue(job, tx) };
  const mine = { onRequest: requireUser } as const;
  const tags = ['accounts'];

  app.get(
    '/me/phone',
    { ...mine, schema: { tags, summary: 'Her mobile number, whether it is proven, and her SMS choice', response: { 200: myPhoneSchema, ...guardedErrorResponses } } },
    async (request) => readMyPhone(app.db, (await currentUser(request)).id),
  );

  app.put(
    '/me/phone',
    {
      ...mine,
      schema: {
        tags,
        summary: 'Sets her mobile number and texts it a 6-digit code (unproven until the code comes back)',
        body: setPhoneInputSchema,
        response: { 200: myPhoneSchema, ...guardedErrorResponses, 429: apiErrorSchema },
      },
    },
    async (request) => requestPhoneCode(deps, (await currentUser(request)).id, request.body.phone, requestLanguage(request)),
  );

  app.post(
    '/me/phone/verify',
    {
      ...mine,
      schema: {
        tags,
        summary: 'Proves her number with the code it received (5 tries, 10 minutes)',
        body: verifyPhoneInputSchema,
        response: { 200: myPhoneSchema, ...guardedErrorResponses, 429: apiErrorSchema },
      },
    },
    async (request) => verifyPhoneCode(deps, (await currentUser(request)).id, request.body.code),
  );

  app.delete(
    '/me/phone',
    { ...mine, schema: { tags, summary: 'Removes her mobile number', response: { 200: myPhoneSchema, ...guardedErrorResponses } } },
    async (request) => {
      const me = await currentUser(request);
      await app.db.transaction((tx) => removePhone(tx, me.id));
      return readMyPhone(app.db, me.id);
    },
  );

  app.patch(
    '/me/sms',
    {
      ...mine,
      schema: { tags, summary: 'Turns her appointment texts off (optOut: true) or on again', body: smsPreferenceInputSchema, response: { 200: myPhoneSchema, ...guardedErrorResponses } },
    },
    async (request) => {
      const me = await currentUser(request);
      await setSmsOptOut(app.db, me.id, request.body.optOut);
      return readMyPhone(app.db, me.id);
    },
  );
}
