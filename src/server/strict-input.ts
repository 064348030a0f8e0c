import { z, type core } from 'zod';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

/**
 * The rule of docs/decisions/055: a request body or query string naming a field the route does not
 * take is refused with 400, the field named, instead of zod's default of dropping it unseen (a
 * misspelt or misremembered field, `serviceIds` for `services`, would otherwise be answered 201
 * with nothing of it done). It is enforced here, once, on the schemas the routes declare, so a new
 * route or a nested object (`services: [{ serviceId, duration }]`) cannot forget it; the shared
 * schemas stay as they are for the client's forms, whose values hold more than they send.
 *
 * Only objects with zod's default handling become strict: an object that says what its other keys
 * may be (`z.looseObject`, `.catchall()`) keeps that. That is how a body we do not own stays open
 * (SSLCommerz's notices, routes/payments-sslcommerz.ts).
 */

/** The message of an unknown field, naming the ones the object takes (the same as input-guards.ts'). */
export function unknownFieldMessage(knownKeys: readonly string[]): string {
  return `Unknown field; expected one of: ${knownKeys.join(', ')}`;
}

const RESOLVING = Symbol('resolving');
const copies = new WeakMap<core.$ZodType, core.$ZodType | typeof RESOLVING>();

/** The zod `clone` of classic schemas (every schema the app builds is one): the same kind, a new def. */
function cloneWith<D extends core.$ZodTypeDef>(schema: core.$ZodType, def: D): core.$ZodType {
  const copy = (schema as z.ZodType).clone(def as unknown as z.ZodType['_zod']['def']);
  // A description (`.describe()`) lives in the registry, keyed by the schema: the copy keeps it
  // for the API document. Not its id, which names one schema only.
  const meta = z.globalRegistry.get(schema as z.ZodType);
  if (meta) {
    const { id: _id, ...rest } = meta;
    z.globalRegistry.add(copy, rest);
  }
  return copy;
}

/** An object's own error map, with unknown keys answered by the fields it takes. */
function withUnknownFieldMessage(knownKeys: readonly string[], own: core.$ZodErrorMap<never> | undefined): core.$ZodErrorMap<never> {
  const message = unknownFieldMessage(knownKeys);
  return (issue) => {
    const raw = issue as core.$ZodRawIssue;
    if (raw.code === 'unrecognized_keys') return message;
    return own?.(issue);
  };
}

function strictCopy(schema: core.$ZodType): core.$ZodType {
  const known = copies.get(schema);
  // A schema that contains itself (a getter in its shape): the copy is taken when parsing reaches it.
  if (known === RESOLVING) return z.lazy(() => copies.get(schema) as z.ZodType);
  if (known) return known;
  copies.set(schema, RESOLVING);
  const copy = copyOf(schema);
  copies.set(schema, copy);
  return copy;
}

function copyOf(schema: core.$ZodType): core.$ZodType {
  const def = (schema as core.$ZodTypes)._zod.def;
  switch (def.type) {
    case 'object': {
      const shape: Record<string, core.$ZodType> = {};
      let changed = false;
      for (const [key, value] of Object.entries(def.shape)) {
        shape[key] = strictCopy(value);
        if (shape[key] !== value) changed = true;
      }
      // Said what other keys may be (loose, or typed): its choice stands.
      if (def.catchall !== undefined) return changed ? cloneWith(schema, { ...def, shape }) : schema;
      return cloneWith(schema, { ...def, shape, catchall: z.never(), error: withUnknownFieldMessage(Object.keys(shape), def.error) });
    }
    case 'array': {
      const element = strictCopy(def.element);
      return element === def.element ? schema : cloneWith(schema, { ...def, element });
    }
    case 'tuple': {
      const items = def.items.map(strictCopy);
      const rest = def.rest ? strictCopy(def.rest) : def.rest;
      return items.every((item, i) => item === def.items[i]) && rest === def.rest ? schema : cloneWith(schema, { ...def, items, rest });
    }
    case 'record': {
      const valueType = strictCopy(def.valueType);
      return valueType === def.valueType ? schema : cloneWith(schema, { ...def, valueType });
    }
    case 'union': {
      const options = def.options.map(strictCopy);
      return options.every((option, i) => option === def.options[i]) ? schema : cloneWith(schema, { ...def, options });
    }
    case 'intersection': {
      // zod reports a key as unknown only when both sides refuse it.
      const left = strictCopy(def.left);
      const right = strictCopy(def.right);
      return left === def.left && right === def.right ? schema : cloneWith(schema, { ...def, left, right });
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional': {
      const innerType = strictCopy(def.innerType);
      return innerType === def.innerType ? schema : cloneWith(schema, { ...def, innerType });
    }
    case 'pipe': {
      // The request meets the pipe's input side; after a bare transform (z.preprocess) the schema
      // it feeds sees the request's fields. A schema piped after another (`a.pipe(b)`) sees what
      // `a` produced, not the request, and is left as it is.
      const preprocessed = def.in._zod.def.type === 'transform';
      const input = preprocessed ? def.in : strictCopy(def.in);
      const output = preprocessed ? strictCopy(def.out) : def.out;
      return input === def.in && output === def.out ? schema : cloneWith(schema, { ...def, in: input, out: output });
    }
    case 'lazy': {
      const getter = def.getter;
      return z.lazy(() => strictCopy(getter()) as z.ZodType);
    }
    default:
      // Leaves (strings, numbers, enums, transforms, custom checks...): nothing to refuse inside.
      return schema;
  }
}

/** The schema with every object of it refusing fields it does not name (see above). */
export function refuseUnknownFields<T extends core.$ZodType>(schema: T): T {
  // The copy parses the same types as the original, so it keeps the original's static type.
  return strictCopy(schema) as T;
}

/** The parts of a request whose fields the client chooses: params come from the route's own path. */
const STRICT_PARTS = new Set(['body', 'querystring']);

/** fastify-type-provider-zod's compiler, on the strict copy of a body or query string schema. */
export const strictValidatorCompiler: FastifySchemaCompiler<core.$ZodType> = (route) =>
  validatorCompiler(route.httpPart && STRICT_PARTS.has(route.httpPart) ? { ...route, schema: refuseUnknownFields(route.schema) } : route);
