import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../src/server/test/free-port.js';

export { freePort };

export type Started = { child: ChildProcess; port: number; msToFirst200: number; stop: () => Promise<void> };

/** The V8 flags `npm start` and `npm run serve` give the server (package.json; decision 018). */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=100'];

/**
 * Starts the built server (dist/server/main.js as `npm run serve` runs it, or the node arguments
 * given) and waits for its first 200 from /api/health.
 */
export async function startBuiltServer(env: Record<string, string>, args: string[] = [...SERVER_NODE_FLAGS, 'dist/server/main.js']): Promise<Started> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PAYMENTS: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), SHUTDOWN_DRAIN_MS: '0', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const msToFirst200 = performance.now() - began;
  return {
    child,
    port,
    msToFirst200,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export type LoadResult = { requestsPerSecond: number; p99Ms: number; errors: number; non2xx: number };

export async function load(url: string, options: { connections?: number; seconds?: number; headers?: Record<string, string> } = {}): Promise<LoadResult> {
  const result = await autocannon({ url, connections: options.connections ?? 50, duration: options.seconds ?? 10, headers: options.headers ?? {} });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function ratio(a: number, b: number): string {
  return b === 0 ? 'n/a' : `${(a / b).toFixed(2)}x`;
}

/**
 * Memory of one process: its proportional share (Pss) where Linux reports it, since PostgreSQL's
 * workers all map the same shared buffers and plain RSS would count them once per process.
 */
export function processMemory(pid: number): number {
  try {
    return Number(/Pss:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** A PostgreSQL server's memory: the postmaster and its worker processes. */
export function clusterMemory(postmaster: number): number {
  let total = processMemory(postmaster);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster) total += processMemory(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** The built server's memory with its embedded database (0 for the database on DATABASE_URL). */
export function serverMemory(server: Started, dataDir: string): { node: number; database: number } {
  let database = 0;
  try {
    database = clusterMemory(Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]));
  } catch {
    // not the embedded database
  }
  return { node: processMemory(server.child.pid!), database };
}
