// `npm run bench:ci`: where the last `.ci/run` on this machine spent its time. .ci/run keeps its
// stage times and the test runners' own reports (vitest's and Playwright's JSON) in
// CI_TIMES_DIR (~/.cache/parlour/ci by default: outside the clone, so a fresh clone's run is
// still there for the next person). Prints the stages, then the slowest test files and tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ciTimesDir = () => process.env.CI_TIMES_DIR ?? path.join(os.homedir(), '.cache', 'parlour', 'ci');

const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(9);

/** The slowest vitest files of a JSON report, with their test counts. */
function vitestFiles(report, top) {
  return report.testResults
    // The run's clone may be anywhere (a fresh one in /tmp): named from the repository's own folders.
    .map((file) => ({ name: file.name.replace(/^.*?\/(?=(src|scripts|e2e)\/)/, ''), ms: file.endTime - file.startTime, tests: file.assertionResults.length }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, top);
}

/** Every test of a Playwright JSON report with its duration, slowest first. */
function playwrightTests(report) {
  const tests = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const ms = test.results.reduce((sum, result) => sum + result.duration, 0);
        tests.push({ name: [...titles, spec.title].filter(Boolean).join(' › '), file: spec.file, ms });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title === child.file ? '' : child.title]);
  };
  for (const suite of report.suites) walk(suite, []);
  return tests.sort((a, b) => b.ms - a.ms);
}

export function printCiTimes({ top = 10 } = {}) {
  const dir = ciTimesDir();
  const stages = readJson(path.join(dir, 'stages.json'));
  if (!stages) {
    console.log(`No CI run recorded in ${dir} yet: run \`bash .ci/run\` (it records its stages there).`);
    return;
  }
  console.log(`The last .ci/run (${stages.finishedAt}, ${stages.commit}): ${stages.total} s in all`);
  for (const stage of stages.stages) console.log(`  ${stage.name.padEnd(36)} ${String(stage.seconds).padStart(5)} s`);

  const vitest = readJson(path.join(dir, 'vitest.json'));
  if (vitest) {
    console.log(`\nnpm test: ${vitest.numTotalTests} tests in ${vitest.testResults.length} files; the slowest files:`);
    for (const file of vitestFiles(vitest, top)) console.log(`  ${seconds(file.ms)}  ${file.name} (${file.tests})`);
  }
  const playwright = readJson(path.join(dir, 'playwright.json'));
  if (playwright) {
    const tests = playwrightTests(playwright);
    const total = tests.reduce((sum, test) => sum + test.ms, 0);
    console.log(`\nbrowser tests: ${tests.length} tests, ${(total / 1000).toFixed(0)} s of test time over ${playwright.config?.workers ?? '?'} workers; the slowest:`);
    for (const test of tests.slice(0, top)) console.log(`  ${seconds(test.ms)}  ${test.file}: ${test.name}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) printCiTimes({ top: Number(process.argv[2] ?? 10) });
