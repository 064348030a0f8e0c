import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from './db/data-folder-lock.js';
import { freePort } from './test/free-port.js';
import { databaseSwitch } from './test/database-switch.js';
import { createTestDatabase } from './test/test-database.js';
import { readJournal } from './backups/migrations.js';

// The real entry point in a child process: what `npm start` does, minus the build.
const entry = path.resolve(import.meta.dirname, 'main.ts');
const children: ChildProcess[] = [];


function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    // No drain unless a test asks for one: production's 5 s would only slow every stop here.
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PAYMENTS: 'test', LOG_LEVEL: 'info', SHUTDOWN_DRAIN_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Waits for the server to log a line that `matches`: the event itself, however loaded the machine. */
async function untilLogged(server: { output: () => string }, matches: (line: string) => boolean): Promise<void> {
  await expect.poll(() => server.output().split('\n').some(matches), { timeout: 60_000, interval: 20 }).toBe(true);
}

async function waitForHealth(port: number, exited: Promise<unknown>): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  // Until it answers or exits: a start on a loaded machine once took more than 30 s (the test's own
  // timeout bounds the wait).
  while (!gone) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy');
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('starting and stopping the server', () => {
  it('seeds a new data folder once, keeps data across restarts, and stops cleanly on SIGTERM', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'parlour-main-'));
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };

    const first = start(env);
    await waitForHealth(port, first.exited);
    const services = (await (await fetch(`http://127.0.0.1:${port}/api/service`)).json()) as unknown[];
    expect(services).toHaveLength(16);
    const posted = await fetch(`http://127.0.0.1:${port}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Keep', email: 'keep@example.com', message: 'Still here after a restart?' }),
    });
    expect(posted.status).toBe(201);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toMatch(/"seeded":true/);

    const second = start(env);
    await waitForHealth(port, second.exited);
    const again = (await (await fetch(`http://127.0.0.1:${port}/api/service`)).json()) as unknown[];
    expect(again).toHaveLength(16);
    expect(second.output()).toMatch(/"seeded":false/);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    await fs.rm(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('refuses to start with a wrong setting and names the variable', async () => {
    const bad = start({ PORT: 'not-a-port', DATA_DIR: os.tmpdir() });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toMatch(/Invalid configuration/);
    expect(bad.output()).toMatch(/PORT:/);
  }, 30_000);

  it('refuses a deployment with no Stripe keys unless PAYMENTS=test says so', async () => {
    const bad = start({ PAYMENTS: '', DATA_DIR: os.tmpdir() });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain(
      'PAYMENTS: set PAYMENTS=test to run the built-in test card gateway, PAYMENTS=sslcommerz with the SSLCOMMERZ_* keys, or set the STRIPE_* keys',
    );
  }, 30_000);
});

describe('one server per data folder', () => {
  it('refuses a second server on the same data folder, naming the first, and the first keeps serving', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'parlour-lock-'));
    const [port, otherPort] = [await freePort(), await freePort()];
    const first = start({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
    await waitForHealth(port, first.exited);

    const second = start({ DATA_DIR: dataDir, PORT: String(otherPort), HOST: '127.0.0.1' });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `Another Parlour server is already using the data folder ${dataDir} (pid ${first.child.pid}). Stop it first, or set DATA_DIR to another folder.`,
    );
    // It never listened, and the first still answers.
    await expect(fetch(`http://127.0.0.1:${otherPort}/api/health`)).rejects.toThrow();
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    // A clean stop leaves no lock behind.
    await expect(fs.access(path.join(dataDir, LOCK_FILE))).rejects.toThrow();
    await fs.rm(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('is not blocked by the lock of a server killed with SIGKILL', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'parlour-lock-'));
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
    const killed = start(env);
    await waitForHealth(port, killed.exited);
    killed.child.kill('SIGKILL');
    await killed.exited;
    // The dead server's lock is still there: only its pid says it is stale.
    const stale = JSON.parse(await fs.readFile(path.join(dataDir, LOCK_FILE), 'utf8')) as { pid: number };
    expect(stale.pid).toBe(killed.child.pid);

    const next = start(env);
    await waitForHealth(port, next.exited);
    const services = (await (await fetch(`http://127.0.0.1:${port}/api/service`)).json()) as unknown[];
    expect(services).toHaveLength(16);
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
    await fs.rm(dataDir, { recursive: true, force: true });
  }, 120_000);
});

describe('the embedded database', () => {
  const postmasterPid = async (dataDir: string) => Number((await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
  const running = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const signUp = (port: number, email: string) =>
    fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
      body: JSON.stringify({ name: 'Kept Customer', email, password: 'Secret123', image: '/images/reviews/nusrat.svg' }),
    });
  const signIn = (port: number, email: string) =>
    fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
      body: JSON.stringify({ email, password: 'Secret123' }),
    });

  /** The shell the server starts to stop its database should the server die without doing so. */
  const watchdogOf = async (serverPid: number) => {
    const children = (await fs.readFile(`/proc/${serverPid}/task/${serverPid}/children`, 'utf8')).trim().split(/\s+/).map(Number);
    for (const pid of children) {
      if ((await fs.readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '')).trim() === 'sh') return pid;
    }
    throw new Error(`no watchdog among the children of ${serverPid}: ${children.join(', ')}`);
  };
  const stopsWithin = async (pid: number, ms: number) => {
    for (const began = Date.now(); Date.now() - began < ms; await new Promise((r) => setTimeout(r, 50))) if (!running(pid)) return true;
    return false;
  };

  it('stops with the server, and after a kill -9 its watchdog stops it, keeping every acknowledged write', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'parlour-embedded-'));
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}` };

    const first = start(env);
    await waitForHealth(port, first.exited);
    const firstDb = await postmasterPid(dataDir);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(running(firstDb)).toBe(false);

    const killed = start(env);
    await waitForHealth(port, killed.exited);
    expect((await signUp(port, 'kept@example.com')).status).toBe(200);
    const database = await postmasterPid(dataDir);
    const watchdog = await watchdogOf(killed.child.pid!);
    killed.child.kill('SIGKILL');
    await killed.exited;
    // Nothing is left running: the watchdog saw its pipe close and stopped the database.
    expect(await stopsWithin(database, 15_000)).toBe(true);
    expect(await stopsWithin(watchdog, 5_000)).toBe(true);

    const next = start(env);
    await waitForHealth(port, next.exited);
    expect(next.output()).not.toContain('left running by an earlier server');
    expect((await signIn(port, 'kept@example.com')).status).toBe(200);
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
    await fs.rm(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('when the server and its watchdog are both killed, the next start stops the database left running and takes the folder over', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'parlour-embedded-'));
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}` };

    const killed = start(env);
    await waitForHealth(port, killed.exited);
    expect((await signUp(port, 'kept@example.com')).status).toBe(200);
    const orphan = await postmasterPid(dataDir);
    process.kill(await watchdogOf(killed.child.pid!), 'SIGKILL');
    killed.child.kill('SIGKILL');
    await killed.exited;
    // Its database outlives it: nothing could stop it.
    expect(await stopsWithin(orphan, 1_000)).toBe(false);

    const next = start(env);
    await waitForHealth(port, next.exited);
    expect(running(orphan)).toBe(false);
    expect(next.output()).toContain(`stopping the embedded database left running by an earlier server (pid ${orphan})`);
    expect((await signIn(port, 'kept@example.com')).status).toBe(200);
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
    await fs.rm(dataDir, { recursive: true, force: true });
  }, 120_000);
});

describe('PostgreSQL still starting up when the server starts', () => {
  it('waits while every connection is told 57P03, then migrates and serves', async () => {
    const { database, drop } = await createTestDatabase();
    const db = await databaseSwitch(database.connectionUrl);
    await db.startUp();
    const port = await freePort();
    try {
      const server = start({ DATABASE_URL: db.url, PORT: String(port), HOST: '127.0.0.1' });
      await expect.poll(() => server.output().match(/database not accepting connections yet; waiting/g)?.length ?? 0, { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(3);
      expect(server.output()).toMatch(/the database system is starting up/);
      expect(server.child.exitCode).toBeNull();

      await db.restore();
      await waitForHealth(port, server.exited);
      expect((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status).toBe(200);
      expect(server.output()).toContain(`"migrationsApplied":${readJournal().length}`);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      await db.close();
      await drop();
    }
  }, 120_000);
});

describe('SIGTERM: out of rotation first, then finish and exit', () => {
  it('answers ready 503 at once, keeps serving through the drain, finishes the request in flight, and exits 0', async () => {
    // Long enough for the checks made during it on a loaded machine (CI runs other suites beside this).
    const DRAIN_MS = 4000;
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'parlour-drain-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = start({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SHUTDOWN_DRAIN_MS: String(DRAIN_MS) });
    await waitForHealth(port, server.exited);
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);

    // A request in flight across the whole shutdown: its body arrives half now, half after the drain.
    const body = JSON.stringify({ firstName: 'Slow', email: 'slow@example.com', message: 'Sent while the server was stopping' });
    let answer = '';
    let status = 0;
    const req = http.request(`${base}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
    const slow = new Promise<number>((resolve, reject) => {
      req.on('response', (res) => {
        status = res.statusCode ?? 0;
        res.on('data', (d: Buffer) => (answer += d.toString()));
        res.on('end', () => resolve(status));
      });
      req.on('error', reject);
    });
    req.write(body.slice(0, 20));
    const finishSlow = () => req.end(body.slice(20));
    // The server has taken the request's head (it logs it) before the signal: an event, not a pause.
    await untilLogged(server, (line) => line.includes('incoming request') && line.includes('/api/contact'));

    // Traffic all along: each request on a new connection, as a proxy's would be.
    const results: { startedMs: number; outcome: number | string }[] = [];
    let stop = false;
    let t0 = 0;
    const traffic = (async () => {
      while (!stop) {
        const startedMs = performance.now() - t0;
        const outcome = await fetch(`${base}/api/service`, { headers: { connection: 'close' } }).then(
          (res) => res.arrayBuffer().then(() => res.status),
          (err: unknown) => String((err as { cause?: { code?: string } }).cause?.code ?? err),
        );
        results.push({ startedMs, outcome });
        await new Promise((r) => setTimeout(r, 50));
      }
    })();

    t0 = performance.now();
    server.child.kill('SIGTERM');
    // As soon as the process has handled the signal (it logs it: on a loaded machine that is not
    // within a fixed time, CI once saw 1.5 s pass), readiness answers 503 while the drain goes on.
    await untilLogged(server, (line) => line.includes('shutting down: draining'));
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', reason: 'draining' });
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    // Past the drain (the server logs its end): it no longer takes connections, but the request in
    // flight completes.
    await untilLogged(server, (line) => line.includes('shutting down: finishing in-flight requests'));
    finishSlow();
    expect(await slow).toBe(201);
    expect(JSON.parse(answer)).toEqual({ insertedId: expect.any(String) });
    expect(await server.exited).toBe(0);
    stop = true;
    await traffic;

    // Every request that started during the drain was served; none met a refused connection.
    const duringDrain = results.filter((r) => r.startedMs >= 0 && r.startedMs < DRAIN_MS - 200);
    expect(duringDrain.length).toBeGreaterThan(10);
    expect(duringDrain.filter((r) => r.outcome !== 200)).toEqual([]);
    expect(server.output()).toMatch(/shutting down: draining/);
    await fs.rm(dataDir, { recursive: true, force: true });
  }, 120_000);
});
