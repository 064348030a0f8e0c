/**
 * The deployment check's moving parts, each a real process: a throwaway PostgreSQL cluster (so
 * that it can really be stopped and started), Parlour instances started with `npm run serve`, and
 * HAProxy in front of them.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { appendMigration } from '../../src/server/backups/migrations.js';

const run = promisify(execFile);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `ready()` answers true, checking every 100 ms; throws after `timeoutMs`. */
export async function waitFor(what: string, ready: () => Promise<boolean> | boolean, timeoutMs: number): Promise<number> {
  const began = Date.now();
  while (!(await ready())) {
    if (Date.now() - began > timeoutMs) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
  return Date.now() - began;
}

/**
 * PostgreSQL refuses to run as root, and the check runs as root in CI: the cluster's commands run
 * as the system user `postgres` there.
 */
function asPostgres(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

export class Cluster {
  readonly dataDir: string;

  constructor(
    private readonly bin: string,
    private readonly dir: string,
    readonly port: number,
  ) {
    this.dataDir = path.join(dir, 'pgdata');
  }

  url(database: string) {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async init(): Promise<void> {
    if (process.getuid?.() === 0) await run('chown', ['postgres', this.dir]);
    await this.pg('initdb', ['-D', this.dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  }

  async start(): Promise<void> {
    const options = `-c port=${this.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${this.dir}`;
    await this.pg('pg_ctl', ['-D', this.dataDir, '-o', options, '-l', path.join(this.dir, 'postgres.log'), '-w', '-t', '30', 'start']);
  }

  /** A fast shutdown, as `systemctl restart postgresql` does: sessions are ended, then a checkpoint. */
  async stop(): Promise<void> {
    await this.pg('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
  }

  async running(): Promise<boolean> {
    return fs.existsSync(path.join(this.dataDir, 'postmaster.pid'));
  }

  private async pg(command: string, args: string[]) {
    const [file, argv] = asPostgres(path.join(this.bin, command), args);
    await run(file, argv, { cwd: this.dir });
  }
}

/**
 * One Parlour instance as a service manager runs it: `npm run serve` in its own process group.
 * npm does not pass SIGTERM on to the server (npm 10 and 11 exit at once and leave the server
 * running, never drained), so the signal goes to the whole group, as systemd's default
 * KillMode=control-group and `docker stop` on a shell-less CMD deliver it to the server itself.
 */
export class Instance {
  private child: ChildProcess | undefined;
  private readonly logFile: string;

  constructor(
    readonly name: string,
    readonly port: number,
    private release: string,
    dir: string,
    private readonly env: Record<string, string>,
  ) {
    this.logFile = path.join(dir, `${name}.log`);
  }

  /** Starts `npm run serve` in the release folder given (as a unit's WorkingDirectory, `current`), else the last one. */
  start(release = this.release): void {
    this.release = release;
    const log = fs.openSync(this.logFile, 'a');
    this.child = spawn('npm', ['run', '--silent', 'serve'], {
      cwd: this.release,
      detached: true,
      stdio: ['ignore', log, log],
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...this.env, PORT: String(this.port) },
    });
    fs.closeSync(log);
  }

  async ready(): Promise<boolean> {
    try {
      return (await fetch(`http://127.0.0.1:${this.port}/api/health/ready`, { signal: AbortSignal.timeout(2000) })).status === 200;
    } catch {
      return false;
    }
  }

  /** SIGTERM to the group, then waits until every process of it has exited; answers how long that took. */
  async stop(timeoutMs = 30_000): Promise<number> {
    const group = this.child?.pid;
    if (group === undefined) return 0;
    const began = Date.now();
    try {
      process.kill(-group, 'SIGTERM');
    } catch {
      // already gone
    }
    await waitFor(`${this.name} to exit after SIGTERM`, () => groupMembers(group).length === 0, timeoutMs);
    this.child = undefined;
    return Date.now() - began;
  }

  /** For the end of a run that failed half-way: nothing of ours is left running. */
  kill(): void {
    if (this.child?.pid === undefined) return;
    try {
      process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }

  /** The instance's log lines that say how its last shutdown went. */
  shutdownLines(): string[] {
    return fs
      .readFileSync(this.logFile, 'utf8')
      .split('\n')
      .filter((line) => /shutting down|shutdown timed out|error during shutdown/.test(line));
  }

  /** How many of its log lines say `message` (the JSON lines' `msg`). */
  logged(message: string): number {
    return fs
      .readFileSync(this.logFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes(`"msg":"${message}"`)).length;
  }

  /** The fields of its last log line that says `message`, if any. */
  lastLogged(message: string): Record<string, unknown> | undefined {
    const line = fs
      .readFileSync(this.logFile, 'utf8')
      .split('\n')
      .findLast((l) => l.includes(`"msg":"${message}"`));
    return line === undefined ? undefined : (JSON.parse(line) as Record<string, unknown>);
  }

  /** The end of what the instance wrote that is not a JSON log line: a crash's report, as Node prints it. */
  logTail(lines = 40): string {
    return fs
      .readFileSync(this.logFile, 'utf8')
      .split('\n')
      .filter((line) => !line.startsWith('{'))
      .slice(-lines)
      .map((line) => line.slice(0, 400))
      .join('\n');
  }
}

/**
 * The live (not zombie) processes of a process group. The server is npm's grandchild: once npm
 * and the shell are gone it is nobody's child here, so its exit is watched through /proc.
 */
function groupMembers(group: number): number[] {
  const members: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === group && state !== 'Z') members.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return members;
}

export type ProxyServerState = { name: string; up: boolean; retries: number; redispatches: number; served: number };

/**
 * HAProxy in front of the instances, configured as docs/deploy.md describes (docs/decisions/043):
 * health checks on /api/health/ready every 500 ms (2 failures: out, 2 successes: back), and a
 * request whose connection is refused is retried, on the other instance. Nothing else is retried:
 * a request that reached an instance may have booked or charged.
 */
export class Proxy {
  private child: ChildProcess | undefined;
  private readonly configFile: string;
  private readonly logFile: string;

  constructor(
    private readonly dir: string,
    readonly port: number,
    private readonly statsPort: number,
    private readonly servers: { name: string; port: number }[],
  ) {
    this.configFile = path.join(dir, 'haproxy.cfg');
    this.logFile = path.join(dir, 'haproxy.log');
  }

  config(): string {
    return `global
  log stdout format raw local0 info
  maxconn 1000

defaults
  mode http
  log global
  option httplog
  # Only what went wrong (errors, retries, redispatches) is logged.
  option dontlog-normal
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout check 2s
  timeout http-keep-alive 10s
  # A refused connection (an instance stopping or starting) is tried again, on the other instance.
  retries 3
  option redispatch 1
  retry-on conn-failure

frontend parlour
  bind 127.0.0.1:${this.port}
  # The client's address as the proxy saw it, never one the client wrote itself (TRUST_PROXY=true).
  http-request del-header X-Forwarded-For
  option forwardfor
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /api/health/ready
  http-check expect status 200
  # Both instances out (the database away): a 503 in the app's error shape, fast.
  errorfile 503 ${path.join(this.dir, '503.http')}
  default-server inter 500ms fall 2 rise 2 maxconn 100
${this.servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`).join('\n')}

frontend stats
  bind 127.0.0.1:${this.statsPort}
  stats enable
  stats uri /stats
`;
  }

  async start(): Promise<void> {
    fs.writeFileSync(this.configFile, this.config());
    fs.writeFileSync(path.join(this.dir, '503.http'), PROXY_503);
    await run('haproxy', ['-c', '-q', '-f', this.configFile]);
    const log = fs.openSync(this.logFile, 'a');
    this.child = spawn('haproxy', ['-db', '-f', this.configFile], { stdio: ['ignore', log, log] });
    fs.closeSync(log);
    await waitFor('HAProxy to listen', async () => (await this.serverStates().catch(() => [])).length > 0, 10_000);
  }

  /** HAProxy's view of each instance, from its stats page. */
  async serverStates(): Promise<ProxyServerState[]> {
    const csv = await (await fetch(`http://127.0.0.1:${this.statsPort}/stats;csv`, { signal: AbortSignal.timeout(2000) })).text();
    const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
    const columns = header!.split(',');
    const at = (row: string[], name: string) => row[columns.indexOf(name)] ?? '';
    return rows
      .map((line) => line.split(','))
      .filter((row) => at(row, 'pxname') === 'instances' && this.servers.some((s) => s.name === at(row, 'svname')))
      .map((row) => ({
        name: at(row, 'svname'),
        up: at(row, 'status').startsWith('UP'),
        retries: Number(at(row, 'wretr')),
        redispatches: Number(at(row, 'wredis')),
        served: Number(at(row, 'stot')),
      }));
  }

  async isUp(name: string): Promise<boolean> {
    return (await this.serverStates().catch(() => [])).some((s) => s.name === name && s.up);
  }

  async stop(): Promise<void> {
    if (!this.child) return;
    const exited = new Promise((resolve) => this.child!.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
    this.child = undefined;
  }

  logLines(): string[] {
    return fs.existsSync(this.logFile) ? fs.readFileSync(this.logFile, 'utf8').split('\n').filter(Boolean) : [];
  }
}

/** The proxy's answer when no instance is ready: the app's one error shape, and when to retry. */
const PROXY_503 = [
  'HTTP/1.1 503 Service Unavailable',
  'Content-Type: application/json',
  'Cache-Control: no-store',
  'Retry-After: 5',
  'Connection: close',
  '',
  '{"statusCode":503,"error":"Service Unavailable","message":"Parlour is briefly unavailable. Please try again in a few seconds."}',
  '',
].join('\r\n');

/**
 * The next release, as docs/deploy.md's update builds it beside the running one: a folder of its
 * own with the build (dist), the migrations and package.json, and `migration` appended to the
 * migrations (drizzle-kit's SQL file and journal entry, as `npm run db:generate` writes them).
 * The code is the same build: what an update changes that the check can see is the schema, and
 * that the instances now run from another folder. node_modules is linked, not copied (the same
 * `npm ci`). Answers the release folder and the migration's journal tag.
 */
export function buildNextRelease(root: string, dir: string, migration: { tag: string; statements: string[] }): { folder: string; migrationsFolder: string } {
  const folder = path.join(dir, 'release-2');
  fs.mkdirSync(folder);
  fs.cpSync(path.join(root, 'dist'), path.join(folder, 'dist'), { recursive: true });
  fs.cpSync(path.join(root, 'drizzle'), path.join(folder, 'drizzle'), { recursive: true });
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: string };
  fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ ...pkg, version: `${pkg.version ?? '0.0.0'}-next` }, null, 2));
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(folder, 'node_modules'));
  const migrationsFolder = path.join(folder, 'drizzle');
  appendMigration(migrationsFolder, migration.tag, migration.statements);
  return { folder, migrationsFolder };
}
