/**
 * The deployment check (docs/deploy.md, docs/decisions/043): proves on this machine what the
 * recipe promises. A throwaway PostgreSQL cluster, two instances of the production build started
 * with `npm run serve`, HAProxy balancing them on loopback; then, under a load of customers
 * booking and paying and visitors browsing, each instance is restarted in turn onto the next
 * release (a copy of the build whose migrations end with one more, which the first instance to
 * start applies while the other, old, one serves) and PostgreSQL itself is stopped and started. It fails (exit 1) unless no request failed outside the
 * outage, every request during the outage was a fast 503, the instances recovered by themselves,
 * and the database holds exactly the bookings and payments customers were told succeeded.
 *
 * Run by scripts/deploy-check.sh (which installs HAProxy from Debian when missing). Ports:
 * DEPLOY_CHECK_PORT (default 3500) for the proxy and the next four for the instances, the proxy's
 * stats page and PostgreSQL. DEPLOY_CHECK_KEEP=1 keeps the run's folder (logs) afterwards.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { LoadGenerator, REQUEST_TIMEOUT_MS, type RequestRecord } from './load.js';
import { migrationHash, readJournal } from '../../src/server/backups/migrations.js';
import { buildNextRelease, Cluster, Instance, Proxy, sleep, waitFor } from './parts.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const basePort = Number(process.env.DEPLOY_CHECK_PORT ?? 3500);
const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const CUSTOMERS = 6;
const VISITORS = 2;
const STEADY_MS = 4000;
const OUTAGE_MS = 5000;
/** How long a request may take to be refused while the database is away (connect timeout 3 s, and margin). */
const OUTAGE_ANSWER_BOUND_MS = 5000;
/** How soon after PostgreSQL is back customers must be booking again. */
const RECOVERY_BOUND_MS = 15_000;
/**
 * The next release's migration: what a release adds in the shape docs/deploy.md allows (a column
 * with no default, a table), on the table the load writes most, so that its lock waits for the
 * bookings in flight and holds the next ones while the old instance keeps serving.
 */
const NEXT_MIGRATION = {
  tag: '9000_deploy_check_next_release',
  statements: [
    'ALTER TABLE "bookings" ADD COLUMN "deploy_check_note" text;',
    'CREATE TABLE "deploy_check_release" ("id" serial PRIMARY KEY, "note" text DEFAULT \'next release\' NOT NULL);',
  ],
};

const say = (line: string) => console.log(`deploy-check: ${line}`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

type Phase = { name: string; at: number };

async function main() {
  const began = Date.now();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlour-deploy-check-'));
  const cluster = new Cluster(pgBin, dir, basePort + 4);
  const proxyUrl = `http://127.0.0.1:${basePort}`;
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: cluster.url('parlour'),
    HOST: '127.0.0.1',
    PUBLIC_URL: proxyUrl,
    TRUST_PROXY: 'true',
    // The test gateway, asked for by name as a deployment must (env.ts refuses to guess in production).
    PAYMENTS: 'test',
    // The demo admin, to open the calendar a year ahead for the load.
    SEED_DEMO_ACCOUNTS: 'true',
    // info: the shutdown's own lines tell whether it drained and exited cleanly.
    LOG_LEVEL: 'info',
  };
  const instances = [new Instance('a', basePort + 1, root, dir, env), new Instance('b', basePort + 2, root, dir, env)];
  const proxy = new Proxy(dir, basePort, basePort + 3, instances);
  let load: LoadGenerator | undefined;
  let passed = false;
  try {
    await cluster.init();
    await cluster.start();
    const admin = new pg.Client({ connectionString: cluster.url('postgres') });
    await admin.connect();
    await admin.query('create database parlour');
    await admin.end();
    say(`PostgreSQL on port ${cluster.port} (${dir})`);

    // Both at once, as two units started together: one migrates and seeds, the other waits for its lock.
    const startedAt = Date.now();
    for (const instance of instances) instance.start();
    await Promise.all(instances.map((i) => waitFor(`instance ${i.name} to be ready`, () => i.ready(), 120_000)));
    const firstApplied = instances.map((i) => Number(i.lastLogged('database ready')?.migrationsApplied));
    say(`two instances ready in ${seconds(Date.now() - startedAt)} (ports ${instances.map((i) => i.port).join(', ')}; migrations applied: ${firstApplied.join(' and ')})`);
    await proxy.start();
    await Promise.all(instances.map((i) => waitFor(`HAProxy to send to ${i.name}`, () => proxy.isUp(i.name), 10_000)));
    say(`HAProxy on ${proxyUrl}`);

    const settings = await openCalendar(proxyUrl);
    load = new LoadGenerator({ baseUrl: proxyUrl, origin: proxyUrl, customers: CUSTOMERS, visitors: VISITORS, timeZone: settings.timeZone, horizonDays: 365 });
    await load.prepare();
    const phases: Phase[] = [];
    const mark = (name: string) => {
      phases.push({ name, at: Date.now() });
      say(name);
    };

    mark(`load: ${CUSTOMERS} customers booking, ${VISITORS} visitors browsing`);
    const loadBegan = Date.now();
    load.start();
    await sleep(STEADY_MS);

    // The next release, built beside the running one while it serves (docs/deploy.md, 'Updating').
    const next = buildNextRelease(root, dir, NEXT_MIGRATION);
    const restarts = [];
    for (const instance of instances) {
      mark(`restarting instance ${instance.name} onto the next release (SIGTERM, wait for exit, start)`);
      const signalled = Date.now();
      const outOfRotation = waitFor(`HAProxy to stop sending to ${instance.name}`, async () => !(await proxy.isUp(instance.name)), 30_000);
      const exitMs = await instance.stop();
      const outMs = await outOfRotation;
      const shutdown = instance.shutdownLines();
      instance.start(next.folder);
      const startMs = await waitFor(`HAProxy to send to ${instance.name} again`, () => proxy.isUp(instance.name), 120_000);
      const migrationsApplied = Number(instance.lastLogged('database ready')?.migrationsApplied);
      restarts.push({ name: instance.name, outMs, exitMs, startMs, migrationsApplied, clean: shutdown.some((l) => l.includes('finishing in-flight')) && !shutdown.some((l) => /timed out|error during/.test(l)), total: Date.now() - signalled });
      say(`  ${instance.name}: out of rotation after ${seconds(outMs)}, exited after ${seconds(exitMs)}, back in rotation ${seconds(startMs)} after starting (migrations applied: ${migrationsApplied})`);
      await sleep(STEADY_MS);
    }

    mark('stopping PostgreSQL (fast shutdown) for 5 s');
    const outageBegan = Date.now();
    await cluster.stop();
    const stoppedMs = Date.now() - outageBegan;
    await sleep(OUTAGE_MS);
    await cluster.start();
    const back = Date.now();
    mark('PostgreSQL is back');
    const readyMs = await waitFor('instances to be ready again', async () => (await Promise.all(instances.map((i) => i.ready()))).every(Boolean), 60_000);
    const rotationMs = await waitFor('HAProxy to send to both again', async () => (await Promise.all(instances.map((i) => proxy.isUp(i.name)))).every(Boolean), 60_000);
    const generator = load;
    const bookingMs = await waitFor('a booking after the outage', () => generator.acknowledged.some((a) => a.at > back), RECOVERY_BOUND_MS + 30_000);
    // Each instance's six LISTEN connections (four caches, session revocations, job wake-ups) are back.
    const listenersMs = await waitFor(
      'the listeners to be back',
      () => instances.every((i) => i.logged('change listener back; caching on') >= 4 && i.logged('session revocation listener back; cached sessions trusted again in a while') >= 1 && i.logged('job wake-up listener back') >= 1),
      30_000,
    ).then(() => Date.now() - back);
    const recoveredAt = Date.now();
    await sleep(STEADY_MS);
    mark('stopping the load');
    await load.stop();
    const loadMs = Date.now() - loadBegan;
    const proxyStates = await proxy.serverStates();

    const verdict = await verify(cluster.url('parlour'), load);
    const migrations = await verifyMigrations(cluster.url('parlour'), next.migrationsFolder);
    const figures = summarise(load.records, { from: outageBegan, to: recoveredAt });

    say('');
    say(`figures (${CUSTOMERS} customers, ${VISITORS} visitors, ${seconds(loadMs)} of load):`);
    say(`  requests served: ${figures.total} (${(figures.total / (loadMs / 1000)).toFixed(0)}/s), failed outside the outage: ${figures.failed.length}`);
    say(`  first start, both at once: migrations applied by ${instances[0]!.name} ${firstApplied[0]}, by ${instances[1]!.name} ${firstApplied[1]}`);
    for (const r of restarts) say(`  restart ${r.name} onto the next release: out of rotation ${seconds(r.outMs)} after SIGTERM, exited ${seconds(r.exitMs)} (clean: ${r.clean}), back ${seconds(r.startMs)} after start, migrations applied ${r.migrationsApplied}`);
    say(`  the next release's migration recorded ${migrations.newRecorded} time(s), its column and table there: ${migrations.schemaThere}; migrations recorded ${migrations.recorded} of ${migrations.expected}, ${migrations.duplicateHashes} recorded twice`);
    say(`  HAProxy retried ${proxyStates.reduce((n, s) => n + s.retries, 0)} refused connections (${proxyStates.reduce((n, s) => n + s.redispatches, 0)} sent to the other instance)`);
    say(`  bookings paid and acknowledged: ${load.acknowledged.length}; found in the database as told: ${verdict.verified}; lost: ${verdict.lost.length}; duplicated: ${verdict.duplicates}; double-booked stylists: ${verdict.overlaps}`);
    say(`  payments succeeded in the database: ${verdict.succeeded}; of them not acknowledged: ${verdict.unacknowledged.length} (outcome unknown to the customer: ${load.unknownOutcomes.length} checkouts)`);
    say(`  PostgreSQL stop took ${seconds(stoppedMs)}, down ${seconds(OUTAGE_MS)}; during the outage ${figures.outage.refused} requests answered 503 (${figures.outage.fromApp} by an instance, ${figures.outage.refused - figures.outage.fromApp} by HAProxy), ${figures.outage.served} served; 503 latency median ${figures.outage.medianMs.toFixed(0)} ms, max ${figures.outage.maxMs.toFixed(0)} ms; wrong answers ${figures.outage.wrong.length}`);
    say(`  recovery after PostgreSQL was back: instances ready ${seconds(readyMs)}, both in rotation ${seconds(rotationMs)}, first booking ${seconds(bookingMs)}, every LISTEN connection back ${seconds(listenersMs)}`);
    say(`  paid bookings missing from her next read of her appointments: ${load.notShown.length}`);

    const problems = [
      ...figures.failed.slice(0, 10).map((r) => `failed: ${describe(r)}`),
      ...figures.outage.wrong.slice(0, 10).map((r) => `during the outage: ${describe(r)}`),
      ...(figures.outage.maxMs > OUTAGE_ANSWER_BOUND_MS ? [`a 503 took ${figures.outage.maxMs.toFixed(0)} ms (bound ${OUTAGE_ANSWER_BOUND_MS})`] : []),
      ...(bookingMs > RECOVERY_BOUND_MS ? [`the first booking after the outage came ${seconds(bookingMs)} after PostgreSQL was back`] : []),
      ...restarts.filter((r) => !r.clean).map((r) => `instance ${r.name} did not shut down cleanly`),
      // Started together on an empty database: one applied every migration, the other none.
      ...([...firstApplied].sort((x, y) => x - y).join() !== `0,${migrations.expected - 1}` ? [`the first start applied ${firstApplied.join(' and ')} migrations (expected 0 and ${migrations.expected - 1})`] : []),
      // The first instance onto the next release applies its migration, the second finds it applied.
      ...(restarts.map((r) => r.migrationsApplied).join() !== '1,0' ? [`the restarts applied ${restarts.map((r) => r.migrationsApplied).join(' and ')} migrations (expected 1, then 0)`] : []),
      ...(migrations.newRecorded !== 1 || !migrations.schemaThere ? [`the next release's migration is recorded ${migrations.newRecorded} times (schema there: ${migrations.schemaThere})`] : []),
      ...(migrations.recorded !== migrations.expected || migrations.duplicateHashes > 0 ? [`${migrations.recorded} migrations recorded (expected ${migrations.expected}), ${migrations.duplicateHashes} twice`] : []),
      ...verdict.lost.map((id) => `acknowledged payment ${id} is not in the database as told`),
      ...(verdict.duplicates > 0 ? [`${verdict.duplicates} duplicated bookings`] : []),
      ...(verdict.overlaps > 0 ? [`${verdict.overlaps} double-booked stylists`] : []),
      ...verdict.unacknowledged.filter((id) => !load!.unknownOutcomes.some((u) => u.paymentId === id)).map((id) => `payment ${id} succeeded though its customer was told otherwise`),
      ...load.notShown.map((a) => `paid booking ${a.paymentId} missing from her appointments`),
      ...(load.acknowledged.length === 0 ? ['no booking was made'] : []),
    ];
    say(`took ${seconds(Date.now() - began)} in all`);
    if (problems.length > 0) {
      for (const p of problems) console.error(`deploy-check: FAILED ${p}`);
      for (const line of proxy.logLines().slice(-20)) console.error(`haproxy: ${line}`);
    } else {
      passed = true;
      say('passed');
    }
  } catch (err) {
    console.error(`deploy-check: FAILED ${err instanceof Error ? err.message : String(err)}`);
    for (const i of instances) console.error(`--- instance ${i.name}, last lines:\n${safely(() => i.logTail())}`);
  } finally {
    await load?.stop();
    await proxy.stop().catch(() => undefined);
    await Promise.all(instances.map((i) => i.stop(15_000).catch(() => i.kill())));
    if (await cluster.running()) await cluster.stop().catch(() => undefined);
    if (process.env.DEPLOY_CHECK_KEEP === '1') say(`kept ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
  process.exit(passed ? 0 : 1);
}

/** Signs in as the demo admin and opens bookings a year ahead, so the load never fills the calendar. */
async function openCalendar(baseUrl: string): Promise<{ timeZone: string }> {
  const headers = { origin: baseUrl, 'content-type': 'application/json' };
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, { method: 'POST', headers, body: JSON.stringify({ email: 'admin@parlour.test', password: 'Admin123' }) });
  if (signIn.status !== 200) throw new Error(`the admin's sign-in answered ${signIn.status}`);
  const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const settings = (await (await fetch(`${baseUrl}/api/settings`)).json()) as { timeZone: string };
  const saved = await fetch(`${baseUrl}/api/settings`, { method: 'PUT', headers: { ...headers, cookie }, body: JSON.stringify({ ...settings, horizonDays: 365 }) });
  if (saved.status !== 200) throw new Error(`saving the settings answered ${saved.status}: ${await saved.text()}`);
  return settings;
}

/**
 * The database against what customers were told: every acknowledged payment succeeded with
 * exactly its one booking (the held time, confirmed); no list item booked twice; any other
 * succeeded payment belongs to a checkout whose answer the customer never got.
 */
async function verify(url: string, load: LoadGenerator) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const ours = `join "user" u on u.id = x.user_id and u.email like 'deploy-check-%'`;
    const payments = (await client.query<{ id: string; status: string }>(`select x.id, x.status from payments x ${ours}`)).rows;
    const bookings = (await client.query<{ payment_id: string; cart_item_id: string; starts_at: Date; status: string }>(`select x.payment_id, x.cart_item_id, x.starts_at, x.status from bookings x ${ours}`)).rows;
    const duplicates = (await client.query<{ n: number }>(`select count(*)::int as n from (select cart_item_id from bookings group by cart_item_id having count(*) > 1) d`)).rows[0]!.n;
    const overlaps = (
      await client.query<{ n: number }>(`select count(*)::int as n from bookings a join bookings b on a.staff_id = b.staff_id and a.id < b.id
        and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at) where a.status = 'confirmed' and b.status = 'confirmed'`)
    ).rows[0]!.n;
    const succeeded = new Set(payments.filter((p) => p.status === 'succeeded').map((p) => p.id));
    const lost: string[] = [];
    let verified = 0;
    for (const a of load.acknowledged) {
      const mine = bookings.filter((b) => b.payment_id === a.paymentId);
      const right = mine.length === 1 && mine[0]!.cart_item_id === a.cartItemId && mine[0]!.status === 'confirmed' && mine[0]!.starts_at.getTime() === Date.parse(a.startsAt);
      if (succeeded.has(a.paymentId) && right) verified += 1;
      else lost.push(a.paymentId);
    }
    const acknowledged = new Set(load.acknowledged.map((a) => a.paymentId));
    return { verified, lost, duplicates, overlaps, succeeded: succeeded.size, unacknowledged: [...succeeded].filter((id) => !acknowledged.has(id)) };
  } finally {
    await client.end();
  }
}

/** drizzle's record of the migrations against the next release's journal: each once, the new one's schema in place. */
async function verifyMigrations(url: string, folder: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const hashes = (await client.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations')).rows.map((r) => r.hash);
    const newHash = migrationHash(NEXT_MIGRATION.tag, folder);
    const schema = await client.query<{ column: boolean; table: boolean }>(`select
      exists (select 1 from information_schema.columns where table_name = 'bookings' and column_name = 'deploy_check_note') as column,
      to_regclass('deploy_check_release') is not null as table`);
    return {
      expected: readJournal(folder).length,
      recorded: hashes.length,
      duplicateHashes: hashes.length - new Set(hashes).size,
      newRecorded: hashes.filter((h) => h === newHash).length,
      schemaThere: schema.rows[0]!.column && schema.rows[0]!.table,
    };
  } finally {
    await client.end();
  }
}

/** Requests outside the outage must all be answered as a working server answers; inside it, a quick 503 is right. */
function summarise(records: RequestRecord[], outage: { from: number; to: number }) {
  const during = (r: RequestRecord) => r.at <= outage.to && r.at + r.ms >= outage.from;
  const inOutage = records.filter(during);
  const refused = inOutage.filter((r) => r.status === 503);
  const latencies = refused.map((r) => r.ms).sort((a, b) => a - b);
  return {
    total: records.length,
    failed: records.filter((r) => !during(r) && !r.expected),
    outage: {
      refused: refused.length,
      fromApp: refused.filter((r) => r.fromApp).length,
      served: inOutage.filter((r) => r.expected).length,
      wrong: inOutage.filter((r) => !r.expected && r.status !== 503),
      medianMs: latencies[Math.floor(latencies.length / 2)] ?? 0,
      maxMs: latencies.at(-1) ?? 0,
    },
  };
}

function describe(r: RequestRecord): string {
  return `${r.kind} at ${new Date(r.at).toISOString()} answered ${r.status === 0 ? `nothing (${r.error ?? 'no answer'})` : r.status} after ${r.ms.toFixed(0)} ms`;
}

function safely(read: () => string): string {
  try {
    return read();
  } catch {
    return '(no log)';
  }
}

if (REQUEST_TIMEOUT_MS <= OUTAGE_ANSWER_BOUND_MS) throw new Error('a request must be allowed longer than the outage bound, or a hang would pass for a refusal');
await main();
