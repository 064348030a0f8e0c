import { config } from 'zod/v4/core';

/**
 * Zod compiles a faster object parser with `new Function`, after probing whether the page lets it.
 * The site's Content-Security-Policy does not (script-src 'self', no 'unsafe-eval'): the probe is
 * caught, but the browser still reports a CSP violation on every page that parses a schema. The
 * interpreted parser is used from the start instead (jitless skips the probe too). Imported first
 * by main.tsx, so it is set before any schema is parsed. Only zod's config module is imported
 * here: the schemas stay out of the first bundle, in the chunk of the pages that use them.
 */
config({ jitless: true });
