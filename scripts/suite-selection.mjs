#!/usr/bin/env node
// Which suites CI runs a second time, chosen by rules written here rather than by hand, so a new
// race test or a new clock read is picked up without anyone remembering to list it (decision 056).
//
// --second-server: the server suites run again on the system PostgreSQL over TCP (.ci/run), after
// the whole suite ran once on the embedded one. Both are real PostgreSQL; what differs is the
// version, TCP instead of a socket, and several connections or instances on one database. A suite
// runs on both when its behaviour can depend on those, which its own text shows by a rule below.
//
// --clock: the suites that read today's date (server and client), run again with the clock moved
// to another date (scripts/test-shifted-clock.sh): a test that passes only on some days fails there.
//
//   node scripts/suite-selection.mjs --second-server|--clock          the files, one a line
//   node scripts/suite-selection.mjs --second-server|--clock --why    every file, with the rules it met
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Each rule: a name, and what in a suite's text meets it. */
export const RULES = [
  // A second connection, instance or process on the same database: the pool, LISTEN/NOTIFY
  // between instances, row locks held across connections, a server killed and started again.
  ['second connection or instance', /createSiblingApp|openDatabase|embedded-app|database-switch|lock-waiters|createTestDatabase|from 'pg'|node:child_process/],
  // The migrations themselves, and anything that migrates or restores a database.
  ['migrations or restore', /migrat|restore/i],
  // PostgreSQL features whose behaviour is the server's: advisory locks, notifications, the job
  // queue's SKIP LOCKED, lock and statement timeouts, statistics, COPY, sleeps timed by the server.
  ['server feature', /pg_advisory|pg_notify|\bLISTEN\b|pg-boss|PgBoss|pg_locks|pg_stat|statement_timeout|lock_timeout|pg_sleep|pg_dump|\bCOPY\b|skip locked/i],
  // Races: requests sent at once, whose outcome rests on the database's locks and constraints.
  ['race', /concurren|at once|\brac(e|es|ing)\b|in parallel|simultaneous|two tabs|two instances/i],
  // What the rules above miss, said in the file itself.
  ['marked', /@both-servers/],
];

/** Reads of today's date: the day helpers of the tests, and the clock itself. */
const READS_THE_CLOCK = /openDay|distinctOpenDays|salonDate|atNoonOnSaturday|\bTODAY\b|Date\.now\(\)|new Date\(\)/;

/** Suites that open no database at all run once: the server cannot change what they test. */
const USES_DATABASE = /createTestApp|createTestDatabase|openDatabase|embedded-app|startEmbedded|DATABASE_URL|test-database|database-server/;

function testFiles(dir, pattern) {
  const out = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...testFiles(rel, pattern));
    else if (pattern.test(entry.name)) out.push(rel);
  }
  return out;
}

const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');

/** Every server-project suite, each with the rules it meets (none: it runs on the embedded server only). */
export function secondServer() {
  return ['src/server', 'src/shared', 'scripts']
    .flatMap((dir) => testFiles(dir, /\.test\.ts$/))
    .sort()
    .map((file) => {
      const text = read(file);
      const met = USES_DATABASE.test(text) ? RULES.filter(([, pattern]) => pattern.test(text)).map(([name]) => name) : [];
      return { file, met };
    });
}

/** Every suite of either project, with 'reads the clock' when it does. */
export function clock() {
  return ['src', 'scripts']
    .flatMap((dir) => testFiles(dir, /\.test\.tsx?$/))
    .sort()
    .map((file) => {
      const text = read(file);
      // '@real-clock' in a suite: it compares the wall clock with one no shifted clock moves (the
      // kernel's process start times), so a shifted run would fail it for the shift alone.
      return { file, met: READS_THE_CLOCK.test(text) && !text.includes('@real-clock') ? ['reads the clock'] : [] };
    });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const mode = process.argv.includes('--clock') ? clock : process.argv.includes('--second-server') ? secondServer : undefined;
  if (!mode) {
    console.error('usage: suite-selection.mjs --second-server|--clock [--why]');
    process.exit(2);
  }
  const suites = mode();
  if (process.argv.includes('--why')) {
    for (const { file, met } of suites) console.log(`${met.length ? 'again' : 'once '} ${file}${met.length ? `  (${met.join(', ')})` : ''}`);
  } else {
    for (const { file, met } of suites) if (met.length) console.log(file);
  }
}
