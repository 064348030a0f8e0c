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
  // Three salons side by side, each a worker with its own app and database: measured on the 2-core
  // CI machine (docs/decisions/058), the tests wait far more than they compute (three workers kept
  // 0.73 of a core busy: 640 s for all of them, against 813-940 s on two beside the fuzz run). A
  // file's tests stay in order in one worker.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  // CI runs the server suites beside these (.ci/run): the longest journeys take ~45 s alone.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    // A failed test keeps its trace's DOM snapshots (and its screenshot, below) but not the
    // screencast: recording one for every test cost about a tenth of the run's CPU (decision 058).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true }, screenshot: 'only-on-failure', launchOptions },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions } },
  ],
});
