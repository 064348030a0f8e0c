/**
 * Backups restore to a consistent salon: taken while customers are paying, restored into a data
 * folder of their own, they hold every booking with its payment, every account, every upload.
 * A restore refuses a folder in use, a damaged file and a foreign one, and then changes nothing;
 * a backup of an older schema is migrated.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedApp, temporaryDataDir, type EmbeddedApp } from '../test/embedded-app.js';
import { createTestDatabase } from '../test/test-database.js';
import { signIn, signUp, signUpAdmin, cookieFrom, type Account } from '../test/accounts.js';
import { CARDS, asUser, futureExpiry, openDay, readyToPay } from '../test/booking.js';
import { solidPng, uploadImage } from '../test/uploads.js';
import { openDatabase } from '../db/client.js';
import { seedServices } from '../db/seed-data.js';
import { toMinorUnits } from '../../shared/money.js';
import { backupListSchema, backupSchema, type Backup } from '../../shared/backups.js';
import { serviceListSchema, type Service } from '../../shared/service.js';
import { bookingListSchema, confirmResultSchema, intentSchema } from '../../shared/payments.js';
import { DEFAULT_SALON_SETTINGS } from '../../shared/salon-settings.js';
import { zonedTimeToInstant } from '../../shared/calendar.js';
import { BackupFileError, listTables, qualifiedName, writeBackup } from './backup-file.js';
import { migrationsUpTo, readJournal } from './migrations.js';
import { RestoreRefusedError, restoreBackup } from './restore.js';

const run = promisify(execFile);

let source: EmbeddedApp;
/** Straight to the source's database, to compare it with what was restored. */
let sourcePool: pg.Pool;
let admin: Account;
let catalogue: Service[];
/** The source app's clock for its schedule and its backups' names. */
let now = zonedTimeToInstant('2031-03-10', '09:00', 'Asia/Dhaka')!;
const folders: string[] = [];
const newFolder = (label: string) => {
  const dir = temporaryDataDir(label);
  folders.push(dir);
  return dir;
};

beforeAll(async () => {
  // The schedule runs on its own here (every 50 ms), as in a real server, on a clock the test moves.
  source = await createEmbeddedApp(newFolder('restore-source'), { backups: { now: () => now, checkEveryMs: 50 }, jobs: { pollingIntervalSeconds: 0.5 } });
  sourcePool = new pg.Pool({ connectionString: source.database.connectionUrl, max: 2 });
  admin = await signUpAdmin(source.app);
  catalogue = serviceListSchema.parse((await source.app.inject({ url: '/api/service' })).json());
  const res = await asUser(source.app, admin).put('/api/settings', { ...DEFAULT_SALON_SETTINGS, backupsKept: 100, horizonDays: 365 });
  expect(res.statusCode, res.body).toBe(200);
}, 120_000);
afterAll(async () => {
  await sourcePool?.end();
  await source?.close();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

async function sqlRows<T extends pg.QueryResultRow>(client: pg.ClientBase | pg.Pool, text: string): Promise<T[]> {
  return (await client.query<T>(text)).rows;
}

async function listBackups(): Promise<Backup[]> {
  return backupListSchema.parse((await asUser(source.app, admin).get('/api/admin/backups')).json()).backups;
}
const backupFile = (name: string) => path.join(source.dataDir, 'backups', name);

/** One customer's checkout of one service: a hold, an intent, a successful card. */
async function checkout(who: Account, service: Service, date: string, time: string) {
  await readyToPay(source.app, who, [{ serviceId: service._id, time }], date);
  const opened = await asUser(source.app, who).post('/api/create-payment-intent', { price: service.price });
  if (opened.statusCode !== 200) throw new Error(`intent: ${opened.statusCode} ${opened.body}`);
  const { clientSecret } = intentSchema.parse(opened.json());
  const paid = await asUser(source.app, who).post('/api/payments/test/confirm', { clientSecret, cardNumber: CARDS.success, expiry: futureExpiry(), cvc: '123' });
  if (confirmResultSchema.parse(paid.json()).status !== 'succeeded') throw new Error(`payment: ${paid.body}`);
}

/** A count in the source's database. */
async function sourceCount(query: string): Promise<number> {
  return Number((await sqlRows<{ n: string }>(sourcePool, query))[0]!.n);
}

/** The restore's last line for the source salon as it stands. */
async function restoredSalonLine(): Promise<RegExp> {
  const bookings = await sourceCount('select count(*) as n from bookings');
  const payments = await sourceCount('select count(*) as n from payments');
  // Written as the owner reads them: 1,056 (how many the paying customers made depends on the machine's speed).
  const count = (n: number) => n.toLocaleString('en');
  return new RegExp(
    `now holds the restored salon: 16 services, 7 accounts, ${count(bookings)} bookings, ${count(payments)} payments and 1 uploaded image\\. Start the server to use it\\.`,
  );
}

/** Waits until `check` answers true (expect.poll is for tests only, and this runs in set-up). */
async function waitFor(what: string, check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Each table's rows as one digest, to compare two databases table by table. */
async function tableDigests(client: pg.ClientBase): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const t of await listTables(client)) {
    const [row] = await sqlRows<{ digest: string | null; n: string }>(
      client,
      `select md5(string_agg(r::text, E'\\n' order by r::text)) as digest, count(*) as n from ${qualifiedName(t)} r`,
    );
    digests[`${t.schema}.${t.table}`] = `${row!.n}:${row!.digest ?? ''}`;
  }
  return digests;
}

/** Opens a restored data folder's database for a look, and closes it again. */
async function inspect<T>(dataDir: string, look: (client: pg.Client) => Promise<T>): Promise<T> {
  const database = await openDatabase({ driver: 'embedded', dataDir, poolSize: 1 });
  const client = new pg.Client({ connectionString: database.connectionUrl });
  await client.connect();
  try {
    return await look(client);
  } finally {
    await client.end();
    await database.close();
  }
}

/** What a restored salon must hold, whatever moment its backup caught: bookings and payments agree. */
async function inconsistencies(client: pg.ClientBase) {
  const [row] = await sqlRows<Record<string, string>>(
    client,
    `select
       (select count(*) from bookings b left join payments p on p.id = b.payment_id where p.id is null) as bookings_without_payment,
       (select count(*) from bookings b join payments p on p.id = b.payment_id where b.status = 'confirmed' and p.status <> 'succeeded') as confirmed_but_unpaid,
       (select count(*) from payments p where p.status = 'succeeded' and exists (select 1 from bookings b where b.payment_id = p.id and b.status <> 'confirmed')) as paid_but_unconfirmed,
       (select count(*) from payments p where not exists (select 1 from bookings b where b.payment_id = p.id)) as payments_without_bookings,
       (select count(*) from payments p where p.amount_minor <> (select coalesce(sum(price_minor), 0) from bookings b where b.payment_id = p.id)) as amounts_differing,
       (select count(*) from bookings b left join "user" u on u.id = b.user_id where u.id is null) as bookings_without_customer`,
  );
  return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)]));
}
const NONE = {
  bookings_without_payment: 0,
  confirmed_but_unpaid: 0,
  paid_but_unconfirmed: 0,
  payments_without_bookings: 0,
  amounts_differing: 0,
  bookings_without_customer: 0,
};

describe('a backup taken while customers are paying', () => {
  const customers: Account[] = [];
  const duringWrites: string[] = [];
  let uploadUrl: string;
  let uploadBytes: Buffer;
  let finalBackup: Backup;

  beforeAll(async () => {
    // The server was not running at the backup time (03:00): its first look takes the backup missed.
    const scheduledCount = async () => (await listBackups()).filter((b) => b.kind === 'scheduled').length;
    await waitFor('the missed daily backup', async () => (await scheduledCount()) === 1);
    uploadBytes = await solidPng(8, 8, '#be185d');
    uploadUrl = await uploadImage(source.app, uploadBytes);

    for (let i = 0; i < 6; i++) customers.push(await signUp(source.app));
    const services = catalogue.filter((s) => s.duration <= 60).slice(0, 6);
    // The customers keep paying until told to stop, each for a new time: ten a day from 10:00,
    // then six days further on (no slot ever has more than two of them, the salon serves three).
    let writing = true;
    const writers = Promise.all(
      customers.map(async (who, c) => {
        for (let round = 0; writing && round < 500; round++) {
          const day = openDay(3 + c + 6 * Math.floor(round / 10));
          await checkout(who, services[(c + round) % services.length]!, day, `${String(10 + (round % 10)).padStart(2, '0')}:00`);
        }
      }),
    );
    // Heard in the finally below; until then a failed checkout must not go unhandled.
    writers.catch(() => undefined);
    try {
      // While they pay: the daily time comes round (the schedule takes its backup on its own),
      // and the admin presses 'Back up now' again and again.
      await waitFor('the first payments', async () => (await sourceCount('select count(*) as n from payments')) > 3);
      now = zonedTimeToInstant('2031-03-11', '03:00', 'Asia/Dhaka')!;
      await waitFor('the daily backup', async () => (await scheduledCount()) === 2);
      duringWrites.push((await listBackups()).filter((b) => b.kind === 'scheduled')[0]!.name);
      while (duringWrites.length < 7) {
        const res = await asUser(source.app, admin).post('/api/admin/backups', {});
        expect(res.statusCode, res.body).toBe(201);
        duringWrites.push(backupSchema.parse(res.json()).name);
      }
    } finally {
      writing = false;
      await writers;
    }

    // When all is quiet (the confirmation e-mails, sent by the job queue after each payment, are
    // out), one more: it must restore to exactly the salon as it stands.
    await waitFor('the e-mails to go out', async () => {
      const [row] = await sqlRows<{ n: string }>(sourcePool, "select count(*) as n from pgboss.job where name = 'mail' and state in ('created', 'retry', 'active')");
      return Number(row!.n) === 0;
    }, 60_000).catch(async (err: Error) => {
      // Say what the queue held, and why the failed ones failed, so a slow run can be told from a stuck one.
      const left = await sqlRows<{ state: string; n: string; output: unknown }>(
        sourcePool,
        "select state, count(*) as n, (array_agg(output))[1] as output from pgboss.job where name = 'mail' group by state",
      );
      throw new Error(`${err.message}: ${JSON.stringify(left)}`);
    });
    // The last backup.
    const res = await asUser(source.app, admin).post('/api/admin/backups', {});
    expect(res.statusCode, res.body).toBe(201);
    finalBackup = backupSchema.parse(res.json());
  }, 180_000);

  it('each restores to a salon whose bookings and payments agree, a state the source went through', async () => {
    const target = newFolder('restore-during');
    const finalPayments = new Map(
      (await sqlRows<{ id: string; status: string }>(sourcePool, 'select id, status from payments')).map((p) => [p.id, p.status]),
    );
    // The daily one and three of the admin's, spread over the run (each restore builds a database).
    for (const name of [duringWrites[0]!, duringWrites[2]!, duringWrites[4]!, duringWrites[6]!]) {
      const result = await restoreBackup({ file: backupFile(name), dataDir: target });
      if (result.keptAside) fs.rmSync(result.keptAside, { recursive: true, force: true });
      await inspect(target, async (client) => {
        expect(await inconsistencies(client), name).toEqual(NONE);
        // Every table holds exactly what the header counted in the snapshot.
        for (const t of result.header.tables) {
          const [row] = await sqlRows<{ n: string }>(client, `select count(*) as n from ${qualifiedName(t)}`);
          expect(Number(row!.n), `${name} ${t.table}`).toBe(t.rows);
        }
        // Nothing in it the source does not have, and what it shows as paid the source paid.
        for (const p of await sqlRows<{ id: string; status: string }>(client, 'select id, status from payments')) {
          expect(finalPayments.has(p.id)).toBe(true);
          if (p.status === 'succeeded') expect(finalPayments.get(p.id)).toBe('succeeded');
        }
      });
    }
  }, 240_000);

  it('the last one restores to exactly the salon as it stands, which starts and serves its customers', async () => {
    const target = newFolder('restore-final');
    const result = await restoreBackup({ file: backupFile(finalBackup.name), dataDir: target });
    expect(result.keptAside).toBeUndefined();
    expect(result.appliedMigrations).toEqual([]);
    expect(result.summary.join('\n')).toMatch(await restoredSalonLine());

    const sourceClient = await sourcePool.connect();
    const sourceDigests = await tableDigests(sourceClient).finally(() => sourceClient.release());
    const restoredDigests = await inspect(target, (client) => tableDigests(client));
    expect(restoredDigests).toEqual(sourceDigests);

    const restored = await createEmbeddedApp(target, { seed: true, backups: { checkEveryMs: 0 } });
    try {
      const who = customers[2]!;
      const signedIn = await signIn(restored.app, who.email, who.password);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const cookie = cookieFrom(signedIn.headers['set-cookie']);
      const mine = bookingListSchema.parse((await asUser(restored.app, { ...who, cookie }).get('/api/bookings?when=upcoming')).json());
      expect(mine).toHaveLength(await sourceCount(`select count(*) as n from bookings where user_id = '${who.id}'`));
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((b) => b.status === 'confirmed')).toBe(true);
      // Her session from before the backup still holds, too.
      expect((await asUser(restored.app, who).get('/api/bookings?when=upcoming')).statusCode).toBe(200);
      const image = await restored.app.inject({ url: uploadUrl });
      expect(image.statusCode).toBe(200);
      const original = await source.app.inject({ url: uploadUrl });
      expect(image.rawPayload.equals(original.rawPayload)).toBe(true);
      expect(serviceListSchema.parse((await restored.app.inject({ url: '/api/service' })).json())).toEqual(catalogue);
    } finally {
      await restored.close();
    }
  }, 120_000);
});

/** Every file under a folder with its size and modification time: what "nothing changed" means on disk. */
function folderState(dir: string): string[] {
  const entries: string[] = [];
  const walk = (at: string) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      const stat = fs.lstatSync(full);
      entries.push(`${path.relative(dir, full)} ${entry.isDirectory() ? 'dir' : stat.size} ${stat.mtimeMs}`);
      if (entry.isDirectory()) walk(full);
    }
  };
  walk(dir);
  return entries.sort();
}

/** A copy of a backup with its decompressed contents changed by `edit`, the checksum left as it was. */
function edited(file: string, edit: (text: Buffer) => Buffer, into: string): string {
  fs.writeFileSync(into, gzipSync(edit(gunzipSync(fs.readFileSync(file)))));
  return into;
}

/** A copy of a backup whose header is changed, with a checksum that matches again (a well-formed file). */
function withHeader(file: string, change: (header: Record<string, unknown>) => void, into: string): string {
  const text = gunzipSync(fs.readFileSync(file));
  const headerEnd = text.indexOf(0x0a) + 1;
  const trailerStart = text.lastIndexOf(0x0a, text.length - 2) + 1;
  const header = JSON.parse(text.subarray(0, headerEnd).toString('utf8')) as Record<string, unknown>;
  change(header);
  const body = Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), text.subarray(headerEnd, trailerStart)]);
  const trailer = `${JSON.stringify({ end: 'parlour-backup', sha256: createHash('sha256').update(body).digest('hex') })}\n`;
  fs.writeFileSync(into, gzipSync(Buffer.concat([body, Buffer.from(trailer)])));
  return into;
}

describe('a restore that cannot be done changes nothing', () => {
  let target: string;
  let good: string;
  let before: string[];
  let scratch: string;

  beforeAll(async () => {
    scratch = newFolder('restore-files');
    const res = await asUser(source.app, admin).post('/api/admin/backups', {});
    good = backupFile(backupSchema.parse(res.json()).name);
    target = newFolder('restore-refusals');
    await restoreBackup({ file: good, dataDir: target });
    before = folderState(target);
  }, 120_000);

  const refusals: [string, () => string, RegExp, string][] = [
    [
      'bytes flipped in the middle',
      () => {
        const bytes = fs.readFileSync(good);
        for (let i = Math.floor(bytes.length / 2); i < Math.floor(bytes.length / 2) + 16; i++) bytes[i] = bytes[i]! ^ 0xff;
        fs.writeFileSync(path.join(scratch, 'flipped.backup.gz'), bytes);
        return path.join(scratch, 'flipped.backup.gz');
      },
      /is damaged|cannot be read/,
      'damaged',
    ],
    [
      'a row changed inside an intact gzip',
      () => edited(good, (text) => {
        const at = text.indexOf('Haircut');
        const copy = Buffer.from(text);
        copy.write('Hairkut', at);
        return copy;
      }, path.join(scratch, 'row-changed.backup.gz')),
      /is damaged \(its checksum does not match its contents\)/,
      'damaged',
    ],
    [
      'a file cut short',
      () => {
        const text = gunzipSync(fs.readFileSync(good));
        fs.writeFileSync(path.join(scratch, 'cut.backup.gz'), gzipSync(text.subarray(0, Math.floor(text.length * 0.8))));
        return path.join(scratch, 'cut.backup.gz');
      },
      /is damaged/,
      'damaged',
    ],
    [
      'a random gzip file',
      () => {
        fs.writeFileSync(path.join(scratch, 'random.gz'), gzipSync(randomBytes(64 * 1024)));
        return path.join(scratch, 'random.gz');
      },
      /is not a Parlour backup/,
      'foreign',
    ],
    [
      'another JSON file, gzipped',
      () => {
        fs.writeFileSync(path.join(scratch, 'other.json.gz'), gzipSync(`${JSON.stringify({ format: 'someone-else', tables: [] })}\n{}\n`));
        return path.join(scratch, 'other.json.gz');
      },
      /is not a Parlour backup \(it does not start with a Parlour backup header\)/,
      'foreign',
    ],
    [
      'a file that is not gzip',
      () => {
        fs.writeFileSync(path.join(scratch, 'plain.json'), JSON.stringify({ format: 'parlour-backup' }));
        return path.join(scratch, 'plain.json');
      },
      /is not a Parlour backup \(it is not a gzip file\)/,
      'foreign',
    ],
    [
      'a later backup format',
      () => withHeader(good, (h) => (h.formatVersion = 2), path.join(scratch, 'format-2.backup.gz')),
      /was written by a newer Parlour \(backup format 2/,
      'newer',
    ],
  ];

  it.each(refusals)('%s is refused with a clear message', async (_, make, message, reason) => {
    const file = make();
    const refusal = await restoreBackup({ file, dataDir: target }).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(BackupFileError);
    expect((refusal as BackupFileError).message).toMatch(message);
    expect((refusal as BackupFileError).reason).toBe(reason);
    expect(folderState(target)).toEqual(before);
  });

  it('a backup from a newer Parlour (a migration this one does not have) is refused', async () => {
    const file = withHeader(good, (h) => (h.migration = { tag: '0099_future', when: Date.now() + 10 ** 12, hash: 'f'.repeat(64) }), path.join(scratch, 'future.backup.gz'));
    await expect(restoreBackup({ file, dataDir: target })).rejects.toThrow(/was taken by a newer Parlour .*Update Parlour, then restore it\. Nothing was changed\./);
    expect(folderState(target)).toEqual(before);
  });

  it('npm run restore refuses while a server uses the folder, and says so', async () => {
    const beforeSource = fs.readdirSync(source.dataDir).sort();
    const failed = await run(path.resolve('node_modules/.bin/tsx'), ['src/server/scripts/restore.ts', good], {
      env: { ...process.env, DATA_DIR: source.dataDir, DATABASE_URL: '' },
    }).catch((err: { code: number; stderr: string; stdout: string }) => err);
    expect('code' in failed && failed.code).toBe(1);
    expect(failed.stderr).toMatch(new RegExp(`A Parlour server is using the data folder ${source.dataDir} \\(pid ${process.pid}\\)\\. Stop it, then run the restore again\\. Nothing was changed\\.`));
    expect(fs.readdirSync(source.dataDir).sort()).toEqual(beforeSource);
    // The running salon did not notice.
    expect((await source.app.inject({ url: '/api/service' })).statusCode).toBe(200);
  }, 60_000);

  it('npm run restore refuses on a PostgreSQL server (DATABASE_URL) and points to pg_restore', async () => {
    const failed = await run(path.resolve('node_modules/.bin/tsx'), ['src/server/scripts/restore.ts', good], {
      env: { ...process.env, DATA_DIR: target, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/parlour' },
    }).catch((err: { code: number; stderr: string }) => err);
    expect('code' in failed && failed.code).toBe(1);
    expect(failed.stderr).toMatch(/DATABASE_URL is set: .*Restore it with pg_restore.*Nothing was changed\./);
    expect(folderState(target)).toEqual(before);
  }, 60_000);

  it('npm run restore restores a kept backup by its name, and says what it did', async () => {
    const target2 = newFolder('restore-script');
    fs.mkdirSync(path.join(target2, 'backups'));
    fs.copyFileSync(good, path.join(target2, 'backups', path.basename(good)));
    const first = await run(path.resolve('node_modules/.bin/tsx'), ['src/server/scripts/restore.ts', path.basename(good)], {
      env: { ...process.env, DATA_DIR: target2, DATABASE_URL: '' },
    });
    expect(first.stdout).toMatch(/held no database before; nothing was replaced/);
    const second = await run(path.resolve('node_modules/.bin/tsx'), ['src/server/scripts/restore.ts', path.basename(good)], {
      env: { ...process.env, DATA_DIR: target2, DATABASE_URL: '' },
    });
    expect(second.stdout).toMatch(new RegExp(`The database that was in ${target2}/postgres is kept aside in ${target2}/postgres-before-restore-`));
    expect(second.stdout).toMatch(await restoredSalonLine());
    const entries = fs.readdirSync(target2).sort();
    expect(entries.filter((e) => e.startsWith('postgres'))).toEqual([expect.stringMatching(/^postgres$/), expect.stringMatching(/^postgres-before-restore-/)]);
    expect(entries).not.toContain('parlour.lock');
  }, 120_000);
});

describe('a backup taken by an earlier version', () => {
  it('is restored at its own migration and brought up to this one: the new columns exist with their defaults', async () => {
    const journal = readJournal();
    const at0005 = journal.find((e) => e.tag === '0005_contact_inbox')!;
    const newer = journal.filter((e) => e.when > at0005.when).map((e) => e.tag);
    expect(newer).toContain('0006_appointment_lifecycle');

    // A salon whose database was last migrated by a Parlour that stopped at 0005.
    const { database, drop } = await createTestDatabase();
    const scratch = newFolder('restore-old');
    const file = path.join(scratch, 'old.backup.gz');
    try {
      const cut = migrationsUpTo(at0005);
      try {
        await database.prepare(cut.folder, async (db) => {
          // The catalogue as a Parlour of 0005 wrote it: only the columns it had (today's seed writes newer ones).
          const base = Date.now() - seedServices.length * 1000;
          for (const [i, s] of seedServices.entries()) {
            await db.execute(sql`insert into services (title, description, price_minor, duration_minutes, category, image_url, created_at)
              values (${s.title}, ${s.description}, ${toMinorUnits(s.price)}, ${s.duration}, ${s.category}, ${`/images/services/${s.slug}.svg`}, ${new Date(base + i * 1000).toISOString()}::timestamptz)`);
          }
          await db.execute(sql`insert into app_meta (key, value) values ('demo_catalogue_seeded_at', ${new Date().toISOString()})`);
        });
      } finally {
        cut.remove();
      }
      const client = new pg.Client({ connectionString: database.connectionUrl });
      await client.connect();
      try {
        const columns = await sqlRows<{ column_name: string }>(client, "select column_name from information_schema.columns where table_name = 'bookings'");
        expect(columns.map((c) => c.column_name)).not.toContain('sequence');
        await client.query(`
          with u as (insert into "user" (name, email) values ('Old Customer', 'old@example.com') returning id),
               s as (select id, title, price_minor, image_url from services order by created_at limit 1),
               p as (insert into payments (user_id, amount_minor, currency, gateway, gateway_ref, client_secret, cart_fingerprint, status)
                     select u.id, s.price_minor, 'BDT', 'test', 'test_pi_old', 'secret_old', 'fp', 'succeeded' from u, s returning id, user_id)
          insert into bookings (user_id, payment_id, cart_item_id, service_id, title, price_minor, duration_minutes, image_url, starts_at, ends_at, status)
          select p.user_id, p.id, gen_random_uuid(), s.id, s.title, s.price_minor, 60, s.image_url, now() + interval '3 days', now() + interval '3 days 1 hour', 'confirmed' from p, s`);
        const header = await writeBackup(client, file, { appVersion: '0.0.9', createdAt: new Date(), kind: 'manual', journal });
        expect(header.migration).toMatchObject({ tag: '0005_contact_inbox', when: at0005.when });
      } finally {
        await client.end();
      }
    } finally {
      await drop();
    }

    const target = newFolder('restore-old-target');
    const result = await restoreBackup({ file, dataDir: target });
    expect(result.appliedMigrations).toEqual(newer);
    expect(result.summary.join('\n')).toMatch(new RegExp(`brought up to this Parlour's schema with ${newer.length} newer migrations?: ${newer.join(', ')}`));
    await inspect(target, async (client) => {
      expect(await sqlRows(client, 'select title, status, sequence, reminder_sent_at from bookings')).toEqual([
        { title: expect.any(String), status: 'confirmed', sequence: 0, reminder_sent_at: null },
      ]);
      // The newer schema's rules hold on the old rows: a no-show can now be recorded.
      await client.query("update bookings set status = 'no-show'");
      const applied = await sqlRows<{ created_at: string }>(client, 'select created_at from drizzle.__drizzle_migrations order by created_at');
      expect(applied.map((m) => Number(m.created_at))).toEqual(journal.map((e) => e.when));
    });
    // And the server starts on it.
    const restored = await createEmbeddedApp(target, { backups: { checkEveryMs: 0 } });
    try {
      expect(serviceListSchema.parse((await restored.app.inject({ url: '/api/service' })).json())).toHaveLength(16);
    } finally {
      await restored.close();
    }
  }, 120_000);
});

describe('the migrator used by restore', () => {
  it('migrates a database only as far as a cut journal says', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      const journal = readJournal();
      const cut = migrationsUpTo(journal[2]!);
      const client = new pg.Client({ connectionString: database.connectionUrl });
      await client.connect();
      try {
        await migrate(drizzle({ client }), { migrationsFolder: cut.folder });
        const applied = await sqlRows<{ n: string }>(client, 'select count(*) as n from drizzle.__drizzle_migrations');
        expect(Number(applied[0]!.n)).toBe(3);
      } finally {
        cut.remove();
        await client.end();
      }
    } finally {
      await drop();
    }
  });
});

it('refuses a file that is not there', async () => {
  await expect(restoreBackup({ file: '/nonexistent/backup.gz', dataDir: newFolder('restore-none') })).rejects.toBeInstanceOf(RestoreRefusedError);
});
