/**
 * The backups API and the daily schedule, on an embedded database of the test's own (backups are
 * what only the embedded database has): who may take, list and download them, which names are
 * looked up, and the schedule's clock and pruning. Restoring is tested in backups/restore.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedApp, temporaryDataDir, type EmbeddedApp } from '../test/embedded-app.js';
import { createTestApp } from '../test/test-app.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { asUser } from '../test/booking.js';
import { backupListSchema, backupSchema, type Backup } from '../../shared/backups.js';
import { apiErrorSchema } from '../../shared/errors.js';
import { DEFAULT_SALON_SETTINGS } from '../../shared/salon-settings.js';
import { zonedTimeToInstant } from '../../shared/calendar.js';

let t: EmbeddedApp;
let admin: Account;
let customer: Account;
/** The app's clock for the schedule and the backups' names. */
let now = new Date('2031-01-10T12:00:00Z');
let dataDir: string;

beforeAll(async () => {
  dataDir = temporaryDataDir('backups-api');
  // checkEveryMs 0: the schedule runs when a test calls runDue, so nothing appears on its own.
  t = await createEmbeddedApp(dataDir, { backups: { now: () => now, checkEveryMs: 0 } });
  admin = await signUpAdmin(t.app);
  customer = await signUp(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const backupsFolder = () => path.join(dataDir, 'backups');
/** The files in the backups folder, as the disk holds them. */
const filesOnDisk = () => (fs.existsSync(backupsFolder()) ? fs.readdirSync(backupsFolder()).sort() : []);

async function backUpNow(): Promise<Backup> {
  const res = await asUser(t.app, admin).post('/api/admin/backups', {});
  expect(res.statusCode, res.body).toBe(201);
  return backupSchema.parse(res.json());
}

async function listed(): Promise<Backup[]> {
  const res = await asUser(t.app, admin).get('/api/admin/backups');
  expect(res.statusCode, res.body).toBe(200);
  return backupListSchema.parse(res.json()).backups;
}

/** The header line of a backup file's decompressed contents. */
function headerOf(bytes: Buffer) {
  const text = gunzipSync(bytes).toString('utf8');
  return JSON.parse(text.slice(0, text.indexOf('\n'))) as { format: string; migration: { tag: string }; tables: { table: string; rows: number }[] };
}

describe('taking, listing and downloading (admin)', () => {
  it('Back up now writes a file into DATA_DIR/backups, listed newest first and downloadable as a valid backup', async () => {
    const first = await backUpNow();
    now = new Date(now.getTime() + 60_000);
    const second = await backUpNow();
    expect(first).toMatchObject({ kind: 'manual', createdAt: '2031-01-10T12:00:00.000Z' });
    expect(second.size).toBeGreaterThan(0);
    expect(filesOnDisk()).toEqual([first.name, second.name]);
    expect(fs.statSync(path.join(backupsFolder(), second.name)).size).toBe(second.size);

    const list = backupListSchema.parse((await asUser(t.app, admin).get('/api/admin/backups')).json());
    expect(list).toMatchObject({ available: true, message: null, folder: backupsFolder() });
    expect(list.backups.map((b) => b.name)).toEqual([second.name, first.name]);

    const download = await asUser(t.app, admin).get(`/api/admin/backups/${second.name}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${second.name}"`);
    // Served as the file is: not compressed a second time on the way.
    expect(download.headers['content-encoding']).toBeUndefined();
    expect(download.rawPayload.equals(fs.readFileSync(path.join(backupsFolder(), second.name)))).toBe(true);
    const header = headerOf(download.rawPayload);
    expect(header.format).toBe('parlour-backup');
    expect(header.tables.find((table) => table.table === 'user')?.rows).toBe(2);
  });

  it('two presses at once give two backups, one after the other', async () => {
    const before = filesOnDisk().length;
    const [a, b] = await Promise.all([backUpNow(), backUpNow()]);
    expect(a.name).not.toBe(b.name);
    expect(filesOnDisk()).toHaveLength(before + 2);
  });
});

describe('who may', () => {
  const name = () => filesOnDisk()[0]!;
  const cases = [
    { who: 'signed out', account: () => undefined, status: 401 },
    { who: 'a customer', account: () => customer, status: 403 },
  ] as const;

  it.each(cases)('$who: list, take and download are refused ($status) and no file is written', async ({ account, status }) => {
    const before = filesOnDisk();
    const as = asUser(t.app, account());
    const list = await as.get('/api/admin/backups');
    const take = await as.post('/api/admin/backups', {});
    const download = await as.get(`/api/admin/backups/${name()}`);
    for (const res of [list, take, download]) {
      expect(res.statusCode, res.body).toBe(status);
      expect(apiErrorSchema.parse(res.json()).statusCode).toBe(status);
    }
    expect(download.rawPayload.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))).toBe(false);
    expect(filesOnDisk()).toEqual(before);
  });
});

describe('names', () => {
  const secret = 'never served';
  beforeAll(() => {
    // Files a wrong name might reach: beside the backups folder, and a link inside it dressed as a backup.
    fs.writeFileSync(path.join(dataDir, 'secret.backup.gz'), secret);
    fs.mkdirSync(backupsFolder(), { recursive: true });
    fs.symlinkSync(path.join(dataDir, 'secret.backup.gz'), path.join(backupsFolder(), 'parlour-2031-01-01T00-00-00-000Z-manual.backup.gz'));
  });

  it.each([
    ['a path out of the folder', '..%2Fsecret.backup.gz'],
    ['a dotted path', '..%2F..%2Fparlour.lock'],
    ['double-encoded dots', '%252e%252e%252fsecret.backup.gz'],
    ['an absolute path', '%2Fetc%2Fpasswd'],
    ['the lock file', 'parlour.lock'],
    ['a backup name with more after it', 'parlour-2031-01-10T12-00-00-000Z-manual.backup.gz.bak'],
    ['a backup name with a path before it', 'x%2Fparlour-2031-01-10T12-00-00-000Z-manual.backup.gz'],
    ['a backslash path', '..%5Csecret.backup.gz'],
  ])('%s is refused as not a backup name (400)', async (_, name) => {
    const res = await asUser(t.app, admin).get(`/api/admin/backups/${name}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).not.toContain(secret);
  });

  it('a name of the right shape that is not a kept backup is 404, and so is a link dressed as one', async () => {
    for (const name of ['parlour-2031-01-10T12-00-00-999Z-manual.backup.gz', 'parlour-2031-01-01T00-00-00-000Z-manual.backup.gz']) {
      const res = await asUser(t.app, admin).get(`/api/admin/backups/${name}`);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).not.toContain(secret);
    }
    // Not listed either: the list shows files only.
    expect((await listed()).map((b) => b.name)).not.toContain('parlour-2031-01-01T00-00-00-000Z-manual.backup.gz');
  });

  afterAll(() => {
    fs.rmSync(path.join(backupsFolder(), 'parlour-2031-01-01T00-00-00-000Z-manual.backup.gz'));
  });
});

describe('the daily backup', () => {
  /** The instant a Dhaka wall clock reads `time` on `date`. */
  const dhakaAt = (date: string, time: string) => zonedTimeToInstant(date, time, 'Asia/Dhaka')!;
  const scheduled = async () => (await listed()).filter((b) => b.kind === 'scheduled');

  it('is taken at its time on the salon’s clock, once, and the folder is pruned to the newest N', async () => {
    const res = await asUser(t.app, admin).put('/api/settings', { ...DEFAULT_SALON_SETTINGS, backupTime: '03:00', backupsKept: 3 });
    expect(res.statusCode, res.body).toBe(200);

    // The manual backups above were taken on 10 January, before 03:00 on the 11th: the server was
    // not running at that time, so the first look takes the backup it missed.
    now = dhakaAt('2031-01-12', '02:59');
    const missed = await t.app.backups!.runDue();
    expect(missed).toMatchObject({ kind: 'scheduled', createdAt: now.toISOString() });
    expect(await listed()).toHaveLength(3);

    now = new Date(dhakaAt('2031-01-12', '02:59').getTime() + 59_000);
    expect(await t.app.backups!.runDue()).toBeUndefined();
    now = new Date(dhakaAt('2031-01-12', '03:00').getTime() - 1);
    expect(await t.app.backups!.runDue()).toBeUndefined();

    now = dhakaAt('2031-01-12', '03:00');
    const due = await t.app.backups!.runDue();
    expect(due).toMatchObject({ kind: 'scheduled', createdAt: '2031-01-11T21:00:00.000Z' });
    now = dhakaAt('2031-01-12', '09:30');
    expect(await t.app.backups!.runDue()).toBeUndefined();

    // A backup taken by hand after the time counts for the day.
    now = dhakaAt('2031-01-13', '03:00');
    await backUpNow();
    now = dhakaAt('2031-01-13', '03:05');
    expect(await t.app.backups!.runDue()).toBeUndefined();

    for (const day of ['2031-01-14', '2031-01-15', '2031-01-16']) {
      now = dhakaAt(day, '03:01');
      expect(await t.app.backups!.runDue(), day).toMatchObject({ kind: 'scheduled' });
    }
    const kept = await listed();
    expect(kept.map((b) => b.createdAt)).toEqual([dhakaAt('2031-01-16', '03:01'), dhakaAt('2031-01-15', '03:01'), dhakaAt('2031-01-14', '03:01')].map((d) => d.toISOString()));
    expect(filesOnDisk()).toEqual(kept.map((b) => b.name).sort());
    expect(await scheduled()).toHaveLength(3);
  });

  it('follows the time and the count the admin sets', async () => {
    const res = await asUser(t.app, admin).put('/api/settings', { ...DEFAULT_SALON_SETTINGS, backupTime: '22:15', backupsKept: 1 });
    expect(res.statusCode, res.body).toBe(200);
    now = dhakaAt('2031-01-16', '22:14');
    expect(await t.app.backups!.runDue()).toBeUndefined();
    now = dhakaAt('2031-01-16', '22:15');
    expect(await t.app.backups!.runDue()).toMatchObject({ createdAt: now.toISOString() });
    expect(filesOnDisk()).toEqual([(await listed())[0]!.name]);
  });

  it('refuses a backup time or count out of range', async () => {
    for (const change of [{ backupTime: '3am' }, { backupTime: '24:00' }, { backupsKept: 0 }, { backupsKept: 366 }, { backupsKept: 2.5 }]) {
      const res = await asUser(t.app, admin).put('/api/settings', { ...DEFAULT_SALON_SETTINGS, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
    }
  });
});

describe('on a PostgreSQL server (DATABASE_URL)', () => {
  it('lists none and says to use pg_dump; taking or downloading one is 409', async () => {
    const pg = await createTestApp({ seed: false });
    try {
      const boss = await signUpAdmin(pg.app);
      const list = await asUser(pg.app, boss).get('/api/admin/backups');
      expect(list.statusCode).toBe(200);
      const body = backupListSchema.parse(list.json());
      expect(body).toMatchObject({ available: false, folder: null, backups: [] });
      expect(body.message).toMatch(/pg_dump/);
      expect(body.message).toMatch(/pg_restore/);
      for (const res of [await asUser(pg.app, boss).post('/api/admin/backups', {}), await asUser(pg.app, boss).get('/api/admin/backups/parlour-2031-01-10T12-00-00-000Z-manual.backup.gz')]) {
        expect(res.statusCode).toBe(409);
        expect(apiErrorSchema.parse(res.json()).message).toMatch(/pg_dump/);
      }
      expect(fs.existsSync(path.join(pg.config.dataDir, 'backups', 'parlour-2031-01-10T12-00-00-000Z-manual.backup.gz'))).toBe(false);
    } finally {
      await pg.close();
    }
  });
});
