import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { ADMIN, ADMIN_PAGES, logInThroughPage, signUpByApi } from './journey';

/**
 * The site's Content-Security-Policy (script-src 'self', no eval) is kept by the site itself: no
 * page trips it. A blocked attempt that the code catches (zod probing `new Function` for its JIT)
 * still fires a `securitypolicyviolation` event and a report, and Chromium tells the page's
 * console nothing a console listener sees, so the console check of fixtures.ts cannot catch it:
 * each page listens for the event itself, from before its first script runs.
 */

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations!.push(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
});

/** Opens the page, lets it settle, and answers what it violated, with any console mention of the policy. */
async function violationsOn(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<string[]> {
  const mentions: string[] = [];
  const listener = (msg: { text(): string }) => {
    if (/Content Security Policy/i.test(msg.text())) mentions.push(msg.text());
  };
  page.on('console', listener);
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  page.off('console', listener);
  const events = await page.evaluate(() => window.__cspViolations ?? []);
  return [...events, ...mentions].map((text) => `${path}: ${text}`);
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};
/** Every form on the page has been hydrated and is ready to submit. */
const formReady = (button: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('button', { name: button })).toBeEnabled();
};

test('no public page violates the Content-Security-Policy', async ({ page, allowConsoleError }) => {
  allowConsoleError(/status of 404 \(Not Found\) \[[^\]]*\/no-such-page\]/, 'the 404 page is sent with the status 404, which Chromium logs');
  const pages: [string, (page: Page) => Promise<void>][] = [
    ['/', heading('BEAUTY SALON FOR EVERY WOMEN')],
    ['/login', formReady('SignIn')],
    ['/signup', formReady('Sign Up')],
    ['/forgot-password', formReady(/send/i)],
    ['/reset-password?token=nothing', async () => undefined],
    ['/about', heading(/.+/)],
    ['/team', heading(/.+/)],
    ['/terms', heading(/.+/)],
    ['/privacy', heading(/.+/)],
    ['/cookies', heading(/.+/)],
    ['/no-such-page', heading(/.+/)],
  ];
  const found: string[] = [];
  for (const [path, ready] of pages) found.push(...(await violationsOn(page, path, ready)));
  expect(found).toEqual([]);
});

test("no page of a customer's dashboard violates the Content-Security-Policy", async ({ page, baseURL }) => {
  await signUpByApi(page, baseURL, 'Csp');
  const found: string[] = [];
  for (const path of ['/dashboard/userhome', '/dashboard/book', '/dashboard/bookinglist', '/dashboard/appointment', '/dashboard/paymentHistory', '/dashboard/review']) {
    found.push(...(await violationsOn(page, path, heading(/.+/))));
  }
  expect(found).toEqual([]);
});

test("no page of the admin's dashboard violates the Content-Security-Policy", async ({ page }) => {
  await logInThroughPage(page, ADMIN);
  const found: string[] = [];
  for (const path of [...ADMIN_PAGES, '/dashboard/addservice']) {
    found.push(...(await violationsOn(page, path, heading(/.+/))));
  }
  expect(found).toEqual([]);
});
