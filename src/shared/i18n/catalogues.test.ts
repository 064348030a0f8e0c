/**
 * The two languages' catalogues (docs/decisions/047): the same keys, the same placeholders, every
 * key used by the code, and Bangla written in Bangla.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LATIN_NAMES } from './brands.js';
import { flatten, namespacesOf, read } from './catalogue-files.js';
import { LANGUAGES } from './language.js';

const root = path.resolve(import.meta.dirname, '../../..');

/** The values and the marked-up parts (<home>…</home>, for Trans) a text takes. */
const placeholders = (text: string) =>
  // With its format: '{{count, number}}' in one language and '{{count}}' in the other would write
  // Bengali digits in one and Latin in the other.
  [...text.matchAll(/\{\{([^}]*)\}\}|<(\/?\w+)>/g)].map((m) => (m[1] !== undefined ? m[1].replace(/\s+/g, '') : `<${m[2]}>`)).sort();
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every source file that may ask for a text. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sources(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the catalogues', () => {
  const english = namespacesOf('en');

  it('are the same namespaces in every language', () => {
    expect(english.length).toBeGreaterThan(0);
    for (const language of LANGUAGES) expect(namespacesOf(language), language).toEqual(english);
  });

  it('have the same keys, with the same placeholders, in every language', () => {
    for (const namespace of english) {
      const en = flatten(read('en', namespace));
      for (const language of LANGUAGES) {
        const other = flatten(read(language, namespace));
        expect([...other.keys()].sort(), `${language}/${namespace}.json`).toEqual([...en.keys()].sort());
        for (const [key, text] of en) {
          expect(placeholders(other.get(key) ?? ''), `${language}/${namespace}.json ${key}`).toEqual(placeholders(text));
        }
      }
    }
  });

  it('hold no text the code never asks for', () => {
    const code = sources(path.join(root, 'src')).map((file) => fs.readFileSync(file, 'utf8')).join('\n');
    // Keys built at run time (`footer.${item.key}`) as patterns: `footer.[\w-]+`.
    const dynamic = [...code.matchAll(/`([^`]*\$\{[^`]*)`/g)].map(
      ([, template]) => new RegExp(`^${template!.replace(/[.*+?^()|[\]\\]/g, '\\$&').replace(/\$\{[^}]*\}/g, '[\\w-]+')}$`),
    );
    const unused: string[] = [];
    for (const namespace of english) {
      for (const key of flatten(read('en', namespace)).keys()) {
        const base = key.replace(PLURAL, '');
        // Every character of the key as itself (an `errors` key is a sentence, brackets and all).
        const literal = new RegExp(`['"\`](${namespace}:)?${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"\`]`);
        if (!literal.test(code) && !dynamic.some((pattern) => pattern.test(base) || pattern.test(`${namespace}:${base}`))) {
          unused.push(`${namespace}:${key}`);
        }
      }
    }
    expect(unused).toEqual([]);
  });

  it('write Bangla in Bangla: no Bangla text is left in English', () => {
    // Names and brands stay in Latin letters; any other Latin word is a text not yet translated.
    const allowed = new Set(LATIN_NAMES);
    const leftovers: string[] = [];
    for (const namespace of english) {
      for (const [key, text] of flatten(read('bn', namespace))) {
        const words = text.replace(/\{\{[^}]*\}\}|<\/?\w+>/g, ' ').match(/[A-Za-z]+(?:['-][A-Za-z]+)*/g) ?? [];
        const latin = words.filter((word) => !allowed.has(word));
        if (latin.length > 0) leftovers.push(`${namespace}:${key}: ${latin.join(' ')}`);
      }
    }
    expect(leftovers).toEqual([]);
  });
});
