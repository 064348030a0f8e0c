/**
 * The catalogues as files, for the tests that read them (catalogues.test.ts, terminology.test.ts):
 * each language's namespaces, one catalogue parsed, and its texts by dotted key.
 */
import fs from 'node:fs';
import path from 'node:path';

export type Catalogue = { [key: string]: string | Catalogue };

const locales = path.join(import.meta.dirname, 'locales');

/** A language's namespaces, sorted: the names of its JSON files. */
export function namespacesOf(language: string): string[] {
  return fs
    .readdirSync(path.join(locales, language))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
}

export const read = (language: string, namespace: string) =>
  JSON.parse(fs.readFileSync(path.join(locales, language, `${namespace}.json`), 'utf8')) as Catalogue;

/** Every text of a catalogue by its dotted key. */
export function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}
