import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type BuiltApp = { url: string; dataDir: string; stop: () => Promise<void> };

/**
 * The built app as a newcomer's `npm start` runs it once built (`node scripts/start.mjs --no-build`),
 * on `port` and a fresh data folder of its own (its embedded database starts empty and is seeded
 * with the demo), answering once /api/health does. `env` adds settings (a payment gateway).
 * `stop` stops it as `npm start` is stopped (SIGTERM, so it shuts its embedded PostgreSQL down;
 * SIGKILL after 15 s) and removes the folder.
 */
export async function startBuiltApp(port: number, name: string, env: Record<string, string> = {}): Promise<BuiltApp> {
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `parlour-e2e-${name}-`));
  const child = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], {
    // PUBLIC_URL is the address the browser uses: sign-in checks the request's origin against it.
    // TRUST_PROXY: each test sends its own X-Forwarded-For, as customers behind a proxy do.
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', TRUST_PROXY: 'true' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const stop = async () => {
    if (!gone) {
      child.kill('SIGTERM');
      const stopped = await Promise.race([exited.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), 15_000))]);
      if (!stopped) child.kill('SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // Until it answers or exits (the caller's timeout bounds a start that hangs).
  for (;;) {
    if (gone) {
      await stop();
      throw new Error(`the app on ${url} exited before it answered`);
    }
    const health = await fetch(`${url}/api/health`).catch(() => undefined);
    if (health?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, dataDir, stop };
}
