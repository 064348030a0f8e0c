import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One server per embedded data folder. The server starts and stops the folder's database itself,
 * so a second server on the same folder would stop or adopt the first one's database under it
 * (and with the earlier in-process engine, the two overwrote each other's pages: acknowledged
 * writes were lost). The first server writes its pid to a lock file created
 * with O_EXCL; a later one reads it and refuses while that process lives. A process killed with
 * SIGKILL cannot remove its file, so a pid that is no longer running marks the lock as stale, and
 * the next start takes it over.
 */
export class DataFolderInUseError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly pid: number,
  ) {
    super(`Another Parlour server is already using the data folder ${dataDir} (pid ${pid}). Stop it first, or set DATA_DIR to another folder.`);
    this.name = 'DataFolderInUseError';
  }
}

export const LOCK_FILE = 'parlour.lock';

type LockContent = { pid: number; hostname: string; startedAt: string };

export type DataFolderLock = { release(): void };

/** Folders this process holds: its own pid in the file must not read as a stale lock here. */
const heldHere = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockContent | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockContent>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, hostname: String(parsed.hostname), startedAt: String(parsed.startedAt) } : undefined;
  } catch {
    // Gone meanwhile, or a half-written file from a process that died while writing it.
    return undefined;
  }
}

/**
 * When the process with this pid started (Linux /proc), or undefined where that cannot be read.
 * USER_HZ, the unit of /proc's start time, is 100 on every Linux the server runs on.
 */
function processStartedAt(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in parentheses may hold spaces: count the fields after its ')'.
    const startTicks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    const bootSeconds = Number(/^btime (\d+)$/m.exec(fs.readFileSync('/proc/stat', 'utf8'))?.[1]);
    if (!Number.isFinite(startTicks) || !Number.isFinite(bootSeconds)) return undefined;
    return (bootSeconds + startTicks / 100) * 1000;
  } catch {
    return undefined;
  }
}

/** Whether the recorded holder may still be running; if not, the lock is stale. */
function holderAlive(content: LockContent | undefined): content is LockContent {
  if (!content) return false;
  // A container restarted after a SIGKILL often gets the very pid it had before.
  if (content.pid === process.pid) return false;
  if (!isRunning(content.pid)) return false;
  // The pid may have been handed to another process since (a new container numbers from 1 again):
  // the holder started before it wrote the lock, so a process that started later is not it.
  const started = processStartedAt(content.pid);
  const locked = Date.parse(content.startedAt);
  return started === undefined || Number.isNaN(locked) || started <= locked + 2_000;
}

/**
 * Removes a stale lock file, but only the one we judged stale: between our read and the removal
 * another starting server may have replaced it. A short-lived second file serialises the breakers.
 */
function breakStaleLock(file: string, stale: LockContent | undefined): void {
  const breaker = `${file}.break`;
  let fd: number;
  try {
    fd = fs.openSync(breaker, 'wx');
  } catch {
    // Another starting server is breaking it right now; a breaker left by a crash expires.
    try {
      if (Date.now() - fs.statSync(breaker).mtimeMs > 10_000) fs.rmSync(breaker, { force: true });
    } catch {
      // removed meanwhile
    }
    return;
  }
  try {
    const now = readLock(file);
    if (JSON.stringify(now) === JSON.stringify(stale)) fs.rmSync(file, { force: true });
  } finally {
    fs.closeSync(fd);
    fs.rmSync(breaker, { force: true });
  }
}

/** Takes the data folder for this process, or throws DataFolderInUseError naming the holder. */
export function lockDataFolder(dataDir: string): DataFolderLock {
  const file = path.join(dataDir, LOCK_FILE);
  if (heldHere.has(file)) throw new DataFolderInUseError(dataDir, process.pid);
  const content: LockContent = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      try {
        fs.writeSync(fd, JSON.stringify(content));
      } finally {
        fs.closeSync(fd);
      }
      heldHere.add(file);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(file);
        process.off('exit', release);
        // Only our own file: never one a later server took over after judging ours stale.
        if (readLock(file)?.pid === process.pid) fs.rmSync(file, { force: true });
      };
      // process.exit() skips the shutdown path; the file goes anyway.
      process.on('exit', release);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readLock(file);
    if (holderAlive(holder)) throw new DataFolderInUseError(dataDir, holder.pid);
    if (holder === undefined && attempt < 5) {
      // Possibly being written this instant by a server that just created it: look again first.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
      continue;
    }
    breakStaleLock(file, holder);
  }
  throw new Error(`Could not take the lock file ${file}; remove it if no Parlour server is running.`);
}
