import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import Swal from 'sweetalert2/dist/sweetalert2.esm.js';
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
afterEach(async () => {
  // A dialog still open when a test ends is closed, as she would close it, and its focus given
  // back before the DOM is cleared. Cleared with it open, SweetAlert2 keeps the element it is to
  // give focus back to (then detached) and the next dialog, in this file or in the next file the
  // worker runs (the suites share their worker's modules: docs/decisions/058), hands focus to
  // that one instead of to the button that opened it.
  if (Swal.isVisible()) {
    Swal.close();
    // SweetAlert2 gives focus back 100 ms after the dialog is gone.
    if (vi.isFakeTimers()) vi.advanceTimersByTime(200);
    else await new Promise((resolve) => setTimeout(resolve, 200));
  }
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
