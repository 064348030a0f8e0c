import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataFolderInUseError, LOCK_FILE, lockDataFolder } from './data-folder-lock.js';

// @real-clock: the lock compares the wall clock with the kernel's process start times (/proc), which
// libfaketime does not move, so the shifted-clock run (scripts/test-shifted-clock.sh) leaves it out.
const children: ChildProcess[] = [];
const folders: string[] = [];

function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlour-lockfile-'));
  folders.push(dir);
  return dir;
}

/** Another live process, standing in for another server. */
async function otherProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child;
}

function writeLock(dir: string, pid: number, startedAt: Date) {
  fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid, hostname: os.hostname(), startedAt: startedAt.toISOString() }));
}

const lockedPid = (dir: string) => (JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as { pid: number }).pid;

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('lockDataFolder', () => {
  it('refuses while the recorded server runs, naming the folder and its pid', async () => {
    const dir = folder();
    const other = await otherProcess();
    writeLock(dir, other.pid!, new Date());

    expect(() => lockDataFolder(dir)).toThrow(DataFolderInUseError);
    expect(() => lockDataFolder(dir)).toThrow(
      `Another Parlour server is already using the data folder ${dir} (pid ${other.pid}). Stop it first, or set DATA_DIR to another folder.`,
    );
    expect(lockedPid(dir)).toBe(other.pid);
  });

  it('takes over the lock of a process that is gone', async () => {
    const dir = folder();
    const gone = await otherProcess();
    gone.kill('SIGKILL');
    await new Promise((resolve) => gone.once('exit', resolve));
    writeLock(dir, gone.pid!, new Date());

    const lock = lockDataFolder(dir);
    expect(lockedPid(dir)).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('takes over a lock whose pid now belongs to a process started after it was written', async () => {
    const dir = folder();
    const newcomer = await otherProcess();
    writeLock(dir, newcomer.pid!, new Date(Date.now() - 60 * 60 * 1000));

    const lock = lockDataFolder(dir);
    expect(lockedPid(dir)).toBe(process.pid);
    lock.release();
  });

  it('refuses a second lock in the same process, and frees the folder on release', () => {
    const dir = folder();
    const lock = lockDataFolder(dir);
    expect(() => lockDataFolder(dir)).toThrow(DataFolderInUseError);
    lock.release();
    lockDataFolder(dir).release();
  });
});
