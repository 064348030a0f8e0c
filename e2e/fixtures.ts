import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

let testsStarted = 0;

/**
 * Every page a test opens must stay free of console errors and uncaught exceptions.
 *
 * Each test also comes from an address of its own (X-Forwarded-For, trusted by the e2e server as
 * behind a proxy), as different customers do. Otherwise every sign-up of the whole run would come
 * from 127.0.0.1 and add up against the per-address sign-up limit, whose count only resets after a
 * quiet minute: one more sign-up test would then fail for a reason no customer meets.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    testsStarted += 1;
    const address = `10.77.${(process.pid + testsStarted) % 250}.${testsStarted % 250}`;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': address });
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    await use(errors);
    expect(errors, 'console errors').toEqual([]);
  },
});

export { expect };

/**
 * Lets the page come to rest before it is checked: the pointer leaves whatever it last clicked
 * (a hovered button is mid-way through its colour transition for 200 ms, and axe would measure
 * the in-between colours, which no user reads), and every finite CSS transition or animation
 * finishes. Endless ones (loading spinners) are left running.
 */
async function settle(page: Page) {
  await page.mouse.move(0, 0);
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Serious and critical accessibility problems axe finds on the current page, once it is at rest. */
export async function seriousAxeViolations(page: Page) {
  await settle(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * How many CSS pixels the page is wider than the window: a phone user would have to scroll
 * sideways to read it. 0 when the page fits.
 */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
}
