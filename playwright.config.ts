import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Every run starts the built app on a fresh embedded database, as a newcomer's first `npm start`.
const port = Number(process.env.E2E_PORT ?? 3210);
// Kept in the environment so the test workers (which inherit it) reach the same database, for the
// few rows no page can make (a visit whose time has passed: e2e/appointments.spec.ts).
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'parlour-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;
export const baseURL = `http://127.0.0.1:${port}`;

const launchOptions = {
  // Debian's Chromium: Playwright must never download a browser of its own here.
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // CI runs the server suites beside these (.ci/run): the longest journeys take ~45 s alone.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: { baseURL, trace: 'retain-on-failure', screenshot: 'only-on-failure', launchOptions },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions } },
  ],
  webServer: {
    // Built just before by `npm run test:e2e`: no second look at the sources.
    command: 'node scripts/start.mjs --no-build',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // Stopped the way `npm start` is stopped (SIGTERM), so it shuts its embedded PostgreSQL down.
    // Playwright's default is SIGKILL to the process group, which the database server (a group of
    // its own) outlives: every run left one running.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    timeout: 60_000,
    // PUBLIC_URL is the address the browser uses: sign-in checks the request's origin against it.
    // TRUST_PROXY: each test sends its own X-Forwarded-For, as customers behind a proxy do (fixtures.ts).
    env: { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseURL, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', TRUST_PROXY: 'true' },
  },
});
