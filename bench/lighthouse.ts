import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import * as chromeLauncher from 'chrome-launcher';
import Fastify from 'fastify';
import lighthouse from 'lighthouse';
import { build } from 'vite';
import { startBuiltServer } from './lib.js';

export type Scores = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Cumulative layout shift, largest contentful paint (ms) and total blocking time (ms). */
  cls: number;
  lcpMs: number;
  tbtMs: number;
  /** JavaScript the page loaded, as sent (brotli), in bytes. */
  scriptBytes: number;
  /**
   * Total blocking time from the page's main-thread tasks' CPU time (not their wall time) times the
   * run's CPU slowdown: what the page itself costs, with a busy machine's preemption left out.
   */
  cpuTbtMs: number;
  /** The accessibility, best-practices and SEO audits that failed: `category: audit id (title)`. */
  lostPoints: string[];
};

type TraceEvent = { name: string; ph: string; pid: number; tid: number; dur?: number; tdur?: number; args?: { name?: string } };

/** See Scores.cpuTbtMs. The page's renderer main thread is the one that ran the most tasks. */
function cpuBlockingTime(events: TraceEvent[], slowdown: number): number {
  const threads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasksOf = (thread: TraceEvent) => events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e.name === 'RunTask');
  const tasks = threads.map(tasksOf).sort((a, b) => b.length - a.length)[0] ?? [];
  return tasks.reduce((sum, task) => sum + Math.max(0, (slowdown * (task.tdur ?? task.dur ?? 0)) / 1000 - 50), 0);
}

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Only the local server: no run reaches (or waits on) the internet.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

type FormFactor = 'desktop' | 'mobile';

/** Lighthouse's scores and key figures for one page, desktop and mobile (or the form factors asked for). */
export async function runLighthouse<F extends FormFactor = FormFactor>(
  url: string,
  formFactors: readonly F[] = ['desktop', 'mobile'] as F[],
): Promise<Record<F, Scores>> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags });
  try {
    const out = {} as Record<F, Scores>;
    for (const formFactor of formFactors) {
      const config =
        formFactor === 'desktop'
          ? {
              extends: 'lighthouse:default',
              settings: {
                formFactor: 'desktop' as const,
                screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false },
                throttling: { rttMs: 40, throughputKbps: 10240, cpuSlowdownMultiplier: 1, requestLatencyMs: 0, downloadThroughputKbps: 0, uploadThroughputKbps: 0 },
              },
            }
          : { extends: 'lighthouse:default' };
      const result = await lighthouse(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] },
        config,
      );
      const categories = result?.lhr.categories;
      const audits = result?.lhr.audits;
      const score = (name: string) => Math.round((categories?.[name]?.score ?? 0) * 100);
      const resources = (audits?.['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
      out[formFactor] = {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        cls: audits?.['cumulative-layout-shift']?.numericValue ?? NaN,
        lcpMs: audits?.['largest-contentful-paint']?.numericValue ?? NaN,
        tbtMs: audits?.['total-blocking-time']?.numericValue ?? NaN,
        scriptBytes: resources.find((item) => item.resourceType === 'script')?.transferSize ?? NaN,
        cpuTbtMs: result
          ? cpuBlockingTime(
              (result.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace?.traceEvents ?? [],
              result.lhr.configSettings.throttling.cpuSlowdownMultiplier ?? 1,
            )
          : NaN,
        lostPoints: ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
          (categories?.[category]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && typeof audits?.[ref.id]?.score === 'number' && audits[ref.id]!.score! < 1)
            .map((ref) => `${category}: ${ref.id} (${audits?.[ref.id]?.title ?? ''})`),
        ),
      };
    }
    return out;
  } finally {
    chrome.kill();
  }
}

/**
 * The baseline page (bench/minimal-page) built with Parlour's own Vite config, into a folder of its
 * own, and served with its brotli copies as Parlour serves its assets. Answers its address.
 */
export async function serveMinimalPage(): Promise<{ url: string; close: () => Promise<void> }> {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'parlour-bench-minimal-'));
  await build({
    configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      // bundlerTimings off: the bench's output is for its figures, not for the bundler's own timings.
      rolldownOptions: { input: fileURLToPath(new URL('./minimal-page/index.html', import.meta.url)), checks: { bundlerTimings: false } },
    },
  });
  const server = Fastify();
  await server.register(fastifyStatic, { root: outDir, preCompressed: true });
  await server.listen({ host: '127.0.0.1', port: 0 });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/bench/minimal-page/`,
    close: async () => {
      await server.close();
      await fs.rm(outDir, { recursive: true, force: true });
    },
  };
}

/** The middle value (the lower of the two middles); NaN for none. */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN;

/**
 * Lighthouse mobile (4x CPU slowdown, slow 4G) on the home page and on the minimal React page,
 * alternating in the same run, so that a busy or slow machine weighs on both alike: the gap
 * between them is Parlour's own cost. `rounds` of each; the medians are reported.
 */
export async function homeAgainstMinimal(homeUrl: string, rounds = Number(process.env.BENCH_LIGHTHOUSE_ROUNDS ?? 3)) {
  const minimal = await serveMinimalPage();
  try {
    const home: Scores[] = [];
    const bare: Scores[] = [];
    for (let round = 0; round < rounds; round += 1) {
      bare.push((await runLighthouse(minimal.url, ['mobile'])).mobile);
      home.push((await runLighthouse(homeUrl, ['mobile'])).mobile);
    }
    // A run Lighthouse could not finish (no paint in time on a very busy machine) scores 0 with no
    // figures: it is reported, not counted.
    const summary = (all: Scores[]) => {
      const runs = all.filter((r) => Number.isFinite(r.tbtMs));
      return {
        performance: median(runs.map((r) => r.performance)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        cpuTbtMs: median(runs.map((r) => r.cpuTbtMs)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        failedRuns: all.length - runs.length,
        runs: runs.map((r) => ({ performance: r.performance, tbtMs: Math.round(r.tbtMs), cpuTbtMs: Math.round(r.cpuTbtMs), lcpMs: Math.round(r.lcpMs) })),
      };
    };
    const result = { home: summary(home), minimal: summary(bare) };
    const line = (label: string, s: ReturnType<typeof summary>) =>
      console.log(
        '  %s performance %d, TBT %s ms (from CPU time %s ms), LCP %s ms  (each run, score/TBT/from CPU: %s%s)',
        label,
        s.performance,
        s.tbtMs.toFixed(0),
        s.cpuTbtMs.toFixed(0),
        s.lcpMs.toFixed(0),
        s.runs.map((r) => `${r.performance}/${r.tbtMs}/${r.cpuTbtMs}`).join(', '),
        s.failedRuns ? `; ${s.failedRuns} run(s) Lighthouse could not finish` : '',
      );
    console.log('\nLighthouse mobile, the home page against a minimal React page built the same way (%d rounds, alternating; medians)', rounds);
    line('minimal page ', result.minimal);
    line('home page    ', result.home);
    console.log(
      '  gap: %d points, TBT +%s ms, from CPU time +%s ms  (targets: home mobile >= 95 and TBT <= 200 ms, with the minimal page at 100 in the same run)',
      result.minimal.performance - result.home.performance,
      (result.home.tbtMs - result.minimal.tbtMs).toFixed(0),
      (result.home.cpuTbtMs - result.minimal.cpuTbtMs).toFixed(0),
    );
    return result;
  } finally {
    await minimal.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // `npx tsx bench/lighthouse.ts` after `npm run build`: this comparison alone, on a fresh data folder.
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'parlour-bench-lighthouse-'));
  const app = await startBuiltServer({ DATA_DIR: dataDir });
  try {
    await homeAgainstMinimal(`http://127.0.0.1:${app.port}/`);
  } finally {
    await app.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
