/**
 * Zod compiles a faster object parser with `new Function`, after probing whether the page lets it.
 * The site's Content-Security-Policy does not (script-src 'self', no 'unsafe-eval'): the probe is
 * caught, but the browser still reports a CSP violation on every page that parses a schema. The
 * interpreted parser is used from the start instead (jitless skips the probe too). Imported first
 * by main.tsx, so it is set before any schema is parsed.
 *
 * Set on zod's global config object (`globalThis.__zod_globalConfig`, which zod's `config()` reads
 * and writes, and which zod creates only if it is not there yet) rather than through `config()`
 * from 'zod/v4/core': importing that module put zod's core utilities (~5 KB gzipped) into every
 * page's first bundle, though the first page parses no schema (docs/decisions/053-home-page-weight.md).
 * zod-jitless.test.ts holds zod to this: `config().jitless` is true whichever loads first.
 */
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

// Changed in place: a zod loaded before this module keeps the object it was given.
((globalThis as ZodGlobal).__zod_globalConfig ??= {}).jitless = true;
