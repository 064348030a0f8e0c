/**
 * `npm run bench`: performance and size figures, each reported against a baseline measured in the
 * same run on the same machine (never asserted: numbers vary between machines).
 * Writes bench/results/latest.json; docs/benchmarks.md records the figures of note.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { freePort, load, ratio, serverMemory, startBuiltServer, type LoadResult } from './lib.js';
import { databaseComparison } from './databases.js';
import { runLighthouse } from './lighthouse.js';
import { bookingBenchmarks } from './booking.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const results: Record<string, unknown> = { when: new Date().toISOString(), cpus: os.cpus().length };

async function bareServer(json: string): Promise<{ port: number; close: () => Promise<void> }> {
  const port = await freePort();
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(json);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

function average(list: LoadResult[]): LoadResult {
  const sum = (pick: (r: LoadResult) => number) => list.reduce((acc, r) => acc + pick(r), 0);
  return {
    requestsPerSecond: sum((r) => r.requestsPerSecond) / list.length,
    p99Ms: Math.max(...list.map((r) => r.p99Ms)),
    errors: sum((r) => r.errors),
    non2xx: sum((r) => r.non2xx),
  };
}

async function catalogueThroughput() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'parlour-bench-'));
  // First start creates and seeds the data folder; the second measures start-up on existing data.
  const first = await startBuiltServer({ DATA_DIR: dataDir });
  await first.stop();
  const app = await startBuiltServer({ DATA_DIR: dataDir });
  const json = await (await fetch(`http://127.0.0.1:${app.port}/api/service`)).text();
  const idle = serverMemory(app, dataDir);
  const bare = await bareServer(json);

  const appRuns: LoadResult[] = [];
  const bareRuns: LoadResult[] = [];
  for (let i = 0; i < rounds; i++) {
    bareRuns.push(await load(`http://127.0.0.1:${bare.port}/`, { seconds }));
    appRuns.push(await load(`http://127.0.0.1:${app.port}/api/service`, { seconds }));
  }
  await bare.close();
  const loaded = serverMemory(app, dataDir);
  const appAvg = average(appRuns);
  const bareAvg = average(bareRuns);

  console.log('\nGET /api/service (50 connections, %ds x %d rounds, alternating)', seconds, rounds);
  console.log('  bare node:http   %s req/s  p99 %s ms', bareAvg.requestsPerSecond.toFixed(0), bareAvg.p99Ms);
  console.log('  Parlour          %s req/s  p99 %s ms  errors %d non-2xx %d', appAvg.requestsPerSecond.toFixed(0), appAvg.p99Ms, appAvg.errors, appAvg.non2xx);
  console.log('  ratio            %s of bare (target >= 0.60x); p99 target <= 5 ms', ratio(appAvg.requestsPerSecond, bareAvg.requestsPerSecond));
  console.log('\nStart-up on an existing data folder: %s ms to the first 200 (target <= 2000 ms)', app.msToFirst200.toFixed(0));
  const mb = (m: { node: number; database: number }) => `${((m.node + m.database) / 1048576).toFixed(0)} MB (server ${(m.node / 1048576).toFixed(0)} + embedded database ${(m.database / 1048576).toFixed(0)})`;
  console.log('Memory (proportional set size): idle %s; after the load %s; goal <= 200 MB', mb(idle), mb(loaded));
  results.catalogue = { app: appAvg, bare: bareAvg, ratio: appAvg.requestsPerSecond / bareAvg.requestsPerSecond };
  results.memory = { idle, loaded };
  results.startupMs = app.msToFirst200;
  return { app, dataDir };
}

/** The JS and CSS the home page loads before it can render, gzipped. */
async function homePageWeight() {
  const dir = 'dist/client';
  const html = await fs.readFile(path.join(dir, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  let js = 0;
  let css = 0;
  for (const ref of new Set(refs)) {
    const size = gzipSync(await fs.readFile(path.join(dir, ref))).length;
    if (ref.endsWith('.js')) js += size;
    else css += size;
  }
  console.log('\nHome page initial assets, gzipped: JS %s KB (target <= 80 KB), CSS %s KB', (js / 1024).toFixed(1), (css / 1024).toFixed(1));
  results.homePage = { jsGzipBytes: js, cssGzipBytes: css };
}

const { app, dataDir } = await catalogueThroughput();
await homePageWeight();
try {
  const scores = await runLighthouse(`http://127.0.0.1:${app.port}/`);
  for (const [formFactor, s] of Object.entries(scores)) {
    console.log('Lighthouse %s: performance %d, accessibility %d', formFactor.padEnd(7), s.performance, s.accessibility);
  }
  console.log('  targets: desktop 100 / 100, mobile >= 95');
  results.lighthouse = scores;
} catch (err) {
  console.log('Lighthouse could not run: %s', (err as Error).message);
}
await app.stop();
await fs.rm(dataDir, { recursive: true, force: true });
results.booking = await bookingBenchmarks();
results.databases = await databaseComparison();
await fs.mkdir('bench/results', { recursive: true });
await fs.writeFile('bench/results/latest.json', JSON.stringify(results, null, 2));
console.log('\nWrote bench/results/latest.json');
