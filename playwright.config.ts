import { defineConfig, devices } from '@playwright/test';

// Each worker starts the built app on a fresh embedded database of its own, as a newcomer's first
// `npm start` (e2e/fixtures.ts, appServer), on E2E_PORT (3210) + the worker's index.
const launchOptions = {
  // Debian's Chromium: Playwright must never download a browser of its own here.
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // Two salons side by side, each a worker with its own app and database: measured on the 2-core
  // CI machine (docs/decisions/058). A file's tests stay in order in one worker (fullyParallel
  // passed too, but was not faster: 18.3 min against 16.0).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // CI runs the server suites beside these (.ci/run): the longest journeys take ~45 s alone.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure', launchOptions },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions } },
  ],
});
