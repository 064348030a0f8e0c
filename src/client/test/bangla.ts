import { afterEach, beforeEach } from 'vitest';
import { createI18n, resourcesOf } from '../lib/i18n';

const catalogues = import.meta.glob<Record<string, unknown>>('../../shared/i18n/locales/*/*.json', { eager: true, import: 'default' });
const resources = resourcesOf(catalogues);

/**
 * Renders the calling file's tests in Bangla, as a /bn/… page: react-i18next's global instance (the
 * one components rendered without a provider read) speaks Bangla for each test, and English again
 * after it, so the other files' tests are untouched.
 */
export function inBangla(): void {
  beforeEach(() => {
    speakBangla();
  });
  afterEach(() => {
    speakEnglish();
  });
}

/**
 * react-i18next's global instance in Bangla (in Latin digits when the salon chose them), answered
 * for a provider; a test that calls it puts English back with speakEnglish (inBangla does both).
 */
export const speakBangla = (latinDigits = false) => createI18n('bn', { bn: resources.bn! }, undefined, latinDigits);

/** react-i18next's global instance in English again, as the other files' tests expect it. */
export const speakEnglish = () => createI18n('en', { en: resources.en! });

/**
 * The Latin words a Bangla reader sees in `element` (screen-reader-only text too), as the e2e
 * Bangla check reads them: what is marked a name or an address (translate="no") or the salon's
 * English (lang="en") is left out, and so are the words of `names` (the stylists', say).
 */
export function latinWords(element: Element, names: readonly string[] = []): string[] {
  const allowed = new Set(names.flatMap((name) => name.split(/\W+/)));
  const words: string[] = [];
  const read = (text: string | null | undefined) => {
    for (const word of text?.match(/[A-Za-z]{2,}/g) ?? []) if (!allowed.has(word)) words.push(word);
  };
  const notRead = '[translate="no"], [lang="en"]';
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.closest(notRead)) continue;
    read(node.textContent);
  }
  // What a screen reader says that is no text: names and hints in attributes. An attribute cannot
  // mark a name in it, so the words the page marks as names or as the salon's English are allowed there.
  for (const marked of element.querySelectorAll(notRead)) for (const word of marked.textContent?.split(/\W+/) ?? []) allowed.add(word);
  for (const named of element.querySelectorAll('[aria-label], [alt], [title], [placeholder]')) {
    if (named.closest(notRead)) continue;
    for (const name of ['aria-label', 'alt', 'title', 'placeholder']) read(named.getAttribute(name));
  }
  return words;
}
