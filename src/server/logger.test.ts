import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { prepareDatabase } from './db/prepare.js';
import { loadConfig } from './env.js';
import { loggerOptions, redactUrl } from './logger.js';
import { createTestDatabase } from './test/test-database.js';
import type { App } from './types.js';
import { randomUUID } from 'node:crypto';
import { runMailJob } from './jobs/notices.js';
import { databaseNow } from './booking/capacity.js';

describe('redactUrl', () => {
  it('keeps the path and harmless parameters, and hides the tokens links carry', () => {
    expect(redactUrl('/api/auth/reset-password/abcDEF123?callbackURL=%2Freset-password')).toBe(
      '/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password',
    );
    expect(redactUrl('/reset-password?token=abcDEF123')).toBe('/reset-password?token=%5Bredacted%5D');
    expect(redactUrl('/api/auth/verify-email?token=eyJ.x.y&callbackURL=/')).toBe('/api/auth/verify-email?token=%5Bredacted%5D&callbackURL=%2F');
    expect(redactUrl('/api/auth/callback/google?state=s&code=4%2F0Ab')).toBe('/api/auth/callback/google?state=s&code=%5Bredacted%5D');
    expect(redactUrl('/api/service?category=hair')).toBe('/api/service?category=hair');
    expect(redactUrl('/api/service')).toBe('/api/service');
  });
});

const METRICS_TOKEN = 'LIVE-METRICS-TOKEN-0042';

describe('the request log', () => {
  const lines: string[] = [];
  let app: App;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    await prepareDatabase(created.database, { seed: false });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', METRICS_TOKEN: METRICS_TOKEN });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp({ config, database: created.database, logger: { ...loggerOptions(config), stream }, clientDir: undefined });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('never holds the token of a reset link, opened or followed', async () => {
    await app.inject({ method: 'GET', url: '/api/auth/reset-password/LIVE-TOKEN-42?callbackURL=%2Freset-password' });
    await app.inject({ method: 'GET', url: '/reset-password?token=LIVE-TOKEN-42' });
    await app.inject({ method: 'GET', url: '/api/auth/reset-password/LIVE-TOKEN-42', headers: { cookie: 'session=SECRET-COOKIE' } });

    const output = lines.join('');
    expect(output).not.toContain('LIVE-TOKEN-42');
    expect(output).not.toContain('SECRET-COOKIE');
    // The requests themselves are still logged, so the log still says what happened.
    const urls = lines.map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url).filter(Boolean);
    expect(urls).toEqual(
      expect.arrayContaining(['/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password', '/reset-password?token=%5Bredacted%5D']),
    );
  });

  it('never holds the metrics token, right or wrong', async () => {
    expect((await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/metrics', headers: { authorization: `Bearer WRONG-${METRICS_TOKEN}` } })).statusCode).toBe(401);
    expect(lines.join('')).not.toContain('METRICS-TOKEN');
  });

  it("names the request in each of its lines, and the request's job in the job's lines", async () => {
    const res = await app.inject({ url: '/api/service/not-an-id' });
    const requestId = res.headers['x-request-id'];
    const own = lines.map((line) => JSON.parse(line) as { reqId?: string; msg: string }).filter((line) => line.reqId === requestId);
    expect(own.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);

    const job = { kind: 'confirmation' as const, paymentId: randomUUID(), requestId: 'req-queued-it' };
    await runMailJob({ db: app.db, mailer: app.mailer, log: app.log, publicUrl: app.config.publicUrl, salonSettings: () => app.salonSettings.get(), clock: databaseNow }, job, { number: 1, of: 11 });
    const jobLines = lines.map((line) => JSON.parse(line) as { requestId?: string; msg: string }).filter((line) => line.requestId === 'req-queued-it');
    expect(jobLines.map((line) => line.msg)).toEqual(['notice not sent']);
  });
});
