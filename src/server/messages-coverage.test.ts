/**
 * Every message the server writes for a person is in the `errors` catalogue, so a Bangla request
 * reads it in Bangla (docs/decisions/047): the sources are read for the literals that become a
 * reply's message or a field's, and each must be a catalogue key. A new refusal written without
 * its translation fails here, not in front of a customer.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import english from '../shared/i18n/locales/en/errors.json' with { type: 'json' };

const here = import.meta.dirname;

/**
 * Messages no salon customer or admin meets in the site, kept in English on purpose: a request
 * only another program sends, or a reply only the person running the server reads.
 */
const TECHNICAL = new Set([
  // A setting refused at start-up, in the server's log (src/server/env.ts).
  'must be an http(s) URL such as http://localhost:3000',
  // The metrics endpoint is read by a monitoring system; to anyone else it does not exist.
  'Route GET:/metrics not found',
  // The metrics endpoint is read by a monitoring system with its token.
  'A valid metrics token is required.',
  // The site's own pages always send their origin; only a forged request from another site is refused.
  'Cross-site requests are not allowed.',
  // JSON bodies the site's forms never send: a NUL character, or none of the fields a PATCH takes.
  'Text must not contain the NUL character (\\u0000)',
  'The body has none of the fields this request takes',
  // The upload form always sends multipart with its field; only a hand-made request gets this.
  'Send the image as multipart/form-data in the field "image".',
  // The review screens always send a change; only a hand-made request sends none.
  'Nothing to change: send rating, feedback, role, hidden or reply.',
  // The payment gateways' callbacks (SSLCommerz's IPN, the test gateway's webhook), not a person.
  'Invalid signature',
  // Shown only on a PostgreSQL deployment, to whoever runs that server: it names its commands and files.
  'This salon runs on a PostgreSQL server (DATABASE_URL), so Parlour does not back it up itself: ',
]);

const PATTERNS = [
  /new HttpError\(\s*\d+\s*,\s*'((?:[^'\\]|\\.)*)'/g,
  /\bmessage:\s*'((?:[^'\\]|\\.)*)'/g,
  /\benglishMessage\(\s*'((?:[^'\\]|\\.)*)'/g,
  /\bconst [A-Z_]+_MESSAGE\s*=\s*'((?:[^'\\]|\\.)*)'/g,
  /\bfieldProblem\(\s*'[^']*'\s*,\s*'((?:[^'\\]|\\.)*)'/g,
  /\?\s*[A-Z_]+_MESSAGE\s*:\s*'((?:[^'\\]|\\.)*)'/g,
  // A sentence returned as a message (not a code such as 'not-admin').
  /\breturn '([A-Z][^'\\]* [^'\\]*)';/g,
];

/** A table of messages (`const rejectionMessages = { closed: '…', … }`): each of its texts. */
const TABLE = /(?:Messages|_MESSAGES)\b[^=\n]*=\s*\{([\s\S]*?)\n\};/g;
const TABLE_ENTRY = /:\s*'((?:[^'\\]|\\.)*)'/g;

/** The server's own sources: not its tests, its test helpers, or the fakes of outside services. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.startsWith('fake-') ? [full] : [];
  });
}

describe('the server’s messages', () => {
  const files = sources(here);

  it('are each in the errors catalogue (or named here as technical)', () => {
    const keys = new Set(Object.keys(english));
    const found: string[] = [];
    const missing: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      const literals = [
        ...PATTERNS.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]!)),
        ...[...text.matchAll(TABLE)].flatMap((table) => [...table[1]!.matchAll(TABLE_ENTRY)].map((match) => match[1]!)),
      ];
      for (const literal of literals) {
        const message = literal.replace(/\\(.)/g, '$1');
        found.push(message);
        if (!keys.has(message) && !TECHNICAL.has(message)) missing.push(`${path.relative(here, file)}: ${message}`);
      }
    }
    // The scan itself is checked: it finds the refusals it is meant to (a message known to be there).
    expect(found).toContain('That stylist no longer works here.');
    expect(found).toContain('The salon is closed that day.');
    expect(found.length).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
