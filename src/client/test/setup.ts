import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { server } from './server';
import { createI18n, resourcesOf } from '../lib/i18n';

// jsdom does not lay out or scroll; React Router's <ScrollRestoration /> calls these.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();
// jsdom has no media queries; SweetAlert2 asks for prefers-reduced-motion. Nothing matches here.
window.matchMedia = ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
})) as typeof window.matchMedia;

// findBy/waitFor wait for a condition; Testing Library gives up after 1 s by default, which a busy
// machine exceeds on a page's first lazy import. Waiting longer costs nothing when all is well.
// 5 s was still too short once in CI (the server suites share the 2 cores with these): a user home
// behind a held session took longer to import and render. A wrong page still fails, only later.
configure({ asyncUtilTimeout: 12_000 });

/**
 * A request no handler answers fails the test that made it. msw's own 'error' strategy only logs
 * and makes the fetch reject, which a page may well survive (an empty list, a retry button), so
 * the test would pass on a page the real API never produced.
 */
const unhandled: string[] = [];
beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request, print) => {
      unhandled.push(`${request.method} ${request.url}`);
      print.error();
    },
  }),
);
afterEach(() => {
  cleanup();
  server.resetHandlers();
  // SweetAlert2 renders outside React's tree.
  document.body.innerHTML = '';
  document.title = '';
  const missed = unhandled.splice(0);
  expect(missed, 'requests no msw handler answered').toEqual([]);
});
afterAll(() => server.close());

// The site's texts: components render in English from every English catalogue, at hand at once
// (the browser fetches them per page; react-i18next's global instance serves components rendered
// without a provider, as tests render them).
const englishCatalogues = import.meta.glob<Record<string, unknown>>('../../shared/i18n/locales/en/*.json', { eager: true, import: 'default' });
createI18n('en', resourcesOf(englishCatalogues));
