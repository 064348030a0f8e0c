import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { startBuiltApp, type BuiltApp } from './app-server';

let testsStarted = 0;

/**
 * The built app for one Playwright worker, on port E2E_PORT (3210) + the worker's index. Each
 * worker has its own salon, so two workers never book each other's times or change each other's
 * settings (docs/decisions/058); the tests of one worker share it as they shared the one server before.
 */
async function serveForWorker(index: number, use: (app: BuiltApp) => Promise<void>) {
  const app = await startBuiltApp(Number(process.env.E2E_PORT ?? 3210) + index, `worker-${index}`);
  // The few rows no page can make (a visit whose time has passed) are written straight to this
  // worker's database (journey.ts).
  process.env.E2E_DATA_DIR = app.dataDir;
  try {
    await use(app);
  } finally {
    await app.stop();
  }
}

/** A console error (or warning) a test expects, and why: it is let through for that test only. */
type Allowance = { match: RegExp; why: string };

/**
 * Console errors every page may show. Empty on purpose: an error a page logs is a defect unless a
 * test says, for itself, why it expects it (allowConsoleError).
 */
const ALWAYS_ALLOWED: readonly Allowance[] = [];

type ConsoleFixtures = {
  /**
   * Console errors and uncaught exceptions of every page in the test's browser context so far,
   * less the allowed ones. Checked automatically when every test ends; a test may also look earlier.
   * Each entry ends with the address of what logged it, e.g. `... status of 404 (Not Found) [http://…/api/service/…]`.
   */
  consoleErrors: string[];
  /** Lets console errors matching `match` through for this test; `why` is required and says why they are expected. */
  allowConsoleError: (match: RegExp, why: string) => void;
  consoleWatch: { errors: string[]; allowed: Allowance[] };
};

/**
 * Every test fails on a console error or warning or an uncaught exception in any of its pages, unless it is
 * listed (ALWAYS_ALLOWED, or allowConsoleError in the test) with the reason it is expected.
 *
 * Each test also comes from an address of its own (X-Forwarded-For, trusted by the e2e server as
 * behind a proxy), as different customers do. Otherwise every sign-up of the whole run would come
 * from 127.0.0.1 and add up against the per-address sign-up limit, whose count only resets after a
 * quiet minute: one more sign-up test would then fail for a reason no customer meets.
 */
export const test = base.extend<ConsoleFixtures, { appServer: BuiltApp }>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  appServer: [({}, use, workerInfo) => serveForWorker(workerInfo.parallelIndex, use), { scope: 'worker', auto: true, timeout: 120_000 }],
  baseURL: async ({ appServer }, use) => {
    await use(appServer.url);
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    testsStarted += 1;
    const address = `10.77.${(process.pid + testsStarted) % 250}.${testsStarted % 250}`;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': address });
  },
  consoleWatch: [
    async ({ context }, use) => {
      const watch = { errors: [] as string[], allowed: [...ALWAYS_ALLOWED] };
      const record = (text: string) => {
        if (!watch.allowed.some((allowance) => allowance.match.test(text))) watch.errors.push(text);
      };
      // Warnings too: a library's warning names a misuse of it (a SweetAlert2 toast given a
      // dialog's option warned on every toast, unnoticed while only errors were watched).
      context.on('console', (msg) => {
        if (msg.type() === 'error' || msg.type() === 'warning') record(`${msg.type()}: ${msg.text()} [${msg.location().url}]`);
      });
      context.on('weberror', (webError) => record(`uncaught: ${webError.error().message} [${webError.page()?.url() ?? 'no page'}]`));
      await use(watch);
      expect(watch.errors, 'console errors (allow an expected one with allowConsoleError and its reason)').toEqual([]);
    },
    { auto: true },
  ],
  consoleErrors: async ({ consoleWatch }, use) => {
    await use(consoleWatch.errors);
  },
  allowConsoleError: async ({ consoleWatch }, use) => {
    await use((match, why) => {
      if (why.trim().length === 0) throw new Error(`say why ${match} is expected`);
      consoleWatch.allowed.push({ match, why });
    });
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
    // Two frames first: a style change made just now (focus moved by script) has then started its
    // transition, which the list below waits for.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Runs an axe check with every section drawn. The home page's sections below the first screen are
 * laid out only as they near the viewport (`content-visibility: auto`, docs/decisions/054): until
 * then their colours and sizes cannot be measured and their animations do not run. Checked drawn,
 * as the visitor meets each once she has scrolled to it.
 */
async function drawn<T>(page: Page, check: () => Promise<T>): Promise<T> {
  const style = await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  try {
    await settle(page);
    return await check();
  } finally {
    await style.evaluate((element) => (element as HTMLStyleElement).remove());
  }
}

/** Serious and critical accessibility problems axe finds on the current page, once it is at rest. */
export async function seriousAxeViolations(page: Page) {
  const results = await drawn(page, () => new AxeBuilder({ page }).analyze());
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** The rules of WCAG 2.0, 2.1 and 2.2 at levels A and AA, as axe tags them. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * Every WCAG 2.2 A/AA problem axe finds on the current page once it is at rest, whatever its
 * impact (the accessibility suite allows none). `label` says which page and state it was.
 */
export async function wcagViolations(page: Page, label: string) {
  const results = await drawn(page, () => new AxeBuilder({ page }).withTags(WCAG_AA_TAGS).analyze());
  return results.violations.map(
    (v) => `${label}: ${v.id} (${v.impact}): ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join('; ')})`,
  );
}

/**
 * How many CSS pixels the page is wider than the window: a phone user would have to scroll
 * sideways to read it. 0 when the page fits.
 */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
}
