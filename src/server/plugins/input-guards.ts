import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { FieldIssue } from '../../shared/errors.js';
import { HttpError } from '../http-error.js';
import { unknownFieldMessage } from '../strict-input.js';

/**
 * Deeper than any body the API takes (the salon settings go three levels down). The limit is
 * checked on the raw text before parsing, so a body of 100,000 nested brackets never reaches
 * JSON.parse, zod or the JSON.stringify of the better-auth bridge, each of which recurses.
 */
export const MAX_JSON_DEPTH = 32;

export const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000)';

/** True when brackets outside strings nest deeper than `limit`; a linear scan without recursion. */
export function nestsDeeperThan(json: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/**
 * The dotted path of the first string (or key) holding a NUL character, or undefined. PostgreSQL
 * refuses NUL in text, so such a value would fail deep in a query with a 500; it is refused here,
 * once, for every route. Bodies are depth-limited by the JSON parser, so the recursion is bounded.
 */
export function findNulPath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path === '' ? key : `${path}.${key}`;
    if (key.includes('\u0000')) return childPath;
    const found = findNulPath(child, childPath);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * A write whose object body names none of the fields the route takes did not mean this route:
 * it is refused with those fields alone, before the schema would add every field it misses.
 * Unknown fields beside known ones are refused by the schema itself (strict-input.ts), with the
 * same message.
 */
export function unknownKeyIssues(body: unknown, knownKeys: readonly string[]): FieldIssue[] | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const keys = Object.keys(body);
  if (keys.length === 0 || keys.some((key) => knownKeys.includes(key))) return undefined;
  return keys.slice(0, 20).map((key) => ({ path: key, message: unknownFieldMessage(knownKeys) }));
}

export const UNKNOWN_FIELDS_MESSAGE = 'The body has none of the fields this request takes';

const parts = [
  ['body', ''],
  ['query', 'query.'],
  ['params', 'params.'],
] as const;

/** Refusals every route shares, before its own schema sees the request. */
export const inputGuardsPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new HttpError(400, `The JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`), undefined);
      return;
    }
    parseJson(request, text, done);
  });

  app.addHook('preValidation', async (request) => {
    for (const [part, prefix] of parts) {
      const path = findNulPath(request[part]);
      if (path !== undefined) {
        throw new HttpError(400, `${NUL_MESSAGE}.`, [{ path: prefix + path, message: NUL_MESSAGE }]);
      }
    }
    const bodySchema: unknown = request.routeOptions.schema?.body;
    if (bodySchema instanceof z.ZodObject) {
      const issues = unknownKeyIssues(request.body, Object.keys(bodySchema.shape));
      if (issues) throw new HttpError(400, `${UNKNOWN_FIELDS_MESSAGE}.`, issues);
    }
  });
});
