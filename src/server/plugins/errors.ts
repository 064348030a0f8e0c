import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { reasonPhrase, type ApiError, type FieldIssue } from '../../shared/errors.js';
import { HttpError } from '../http-error.js';
import { messageLanguage, requestLanguage, translateIssue, translateMessage } from '../messages.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { DATABASE_UNAVAILABLE_MESSAGE, metDatabaseOutage } from '../db/outage-witness.js';

const validationPrefixes: Record<string, string> = { body: '', querystring: 'query.', params: 'params.', headers: 'headers.' };

/** Every failure leaves the server in one shape: { statusCode, error, message, issues? }. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(async (err: FastifyError | HttpError, request, reply) => {
    let body: ApiError;
    if (err instanceof HttpError) {
      const { language, latinDigits } = await messageLanguage(request);
      body = {
        statusCode: err.statusCode,
        error: err.reason,
        message: translateMessage(err.message, language, latinDigits, err.banglaValues),
        issues: err.issues?.map((issue) => ({ ...issue, message: translateMessage(issue.message, language, latinDigits, err.banglaValues) })),
      };
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      const prefix = validationPrefixes[err.validationContext ?? 'body'] ?? '';
      const { language, latinDigits } = await messageLanguage(request);
      const issues: FieldIssue[] = err.validation.flatMap((v) => {
        const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const message = translateIssue(v, language, latinDigits);
        // zod reports an object's unknown fields as one issue on the object: each is named in its
        // own, at its own path, as the forms and every other refusal name fields (decision 055).
        const unknown = v.keyword === 'unrecognized_keys' ? v.params.keys : undefined;
        if (Array.isArray(unknown)) {
          // As many as input-guards.ts names: a body of a thousand junk keys gets no thousand-line answer.
          return unknown.slice(0, 20).map((key) => ({ path: prefix + (path ? `${path}.${String(key)}` : String(key)), message }));
        }
        return [{ path: prefix + path, message }];
      });
      body = { statusCode: 400, error: 'Bad Request', message: translateMessage('Some fields are not valid', language), issues };
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type...).
      body = { statusCode: err.statusCode, error: reasonPhrase(err.statusCode), message: err.message };
    } else if (isDatabaseUnavailable(err) || metDatabaseOutage()) {
      // Down or restarting: the client may try again shortly; a proxy may send it elsewhere. The
      // error may be another library's, its cause dropped (better-auth's 'Failed to get session').
      request.log.warn({ err }, 'request failed: database unreachable');
      body = {
        statusCode: 503,
        error: 'Service Unavailable',
        message: DATABASE_UNAVAILABLE_MESSAGE,
      };
      void reply.header('retry-after', '5');
    } else {
      request.log.error({ err }, 'request failed');
      // A 5xx never leaks internals.
      body = {
        statusCode: 500,
        error: 'Internal Server Error',
        message: translateMessage('Something went wrong on our side. Please try again.', requestLanguage(request)),
      };
    }
    if (body.issues === undefined) delete body.issues;
    return reply.status(body.statusCode).type('application/json').send(body);
  });
});
