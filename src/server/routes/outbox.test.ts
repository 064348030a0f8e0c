import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { asUser } from '../test/booking.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import type { OutboxMail } from '../../shared/outbox.js';

describe('the outbox, shown (SHOW_OUTBOX=true, as under npm start)', () => {
  let t: TestApp;
  let admin: Account;
  let customer: Account;

  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { SHOW_OUTBOX: 'true' } });
    admin = await signUpAdmin(t.app);
    customer = await signUp(t.app, { name: 'Mim Hossain' });
  });
  afterAll(async () => t?.close());

  it('says it is on, to anyone (the client builds its menu from it)', async () => {
    const res = await asUser(t.app, undefined).get('/api/config/outbox');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: true });
  });

  it('shows the admin a reset e-mail with its link, newest first, as many as asked for', async () => {
    const asked = await asUser(t.app, undefined).post('/api/auth/request-password-reset', { email: customer.email, redirectTo: '/reset-password' });
    expect(asked.statusCode).toBe(200);
    // The reset e-mail goes out after the answer (so known and unknown addresses answer alike):
    // the later one is sent once it is recorded.
    await expect
      .poll(async () => (await asUser(t.app, admin).get('/api/admin/outbox')).json<OutboxMail[]>().some((m) => m.to === customer.email))
      .toBe(true);
    await t.app.mailer.send({ to: 'later@example.com', subject: 'A later e-mail', text: 'Hello' });

    const res = await asUser(t.app, admin).get('/api/admin/outbox');
    expect(res.statusCode).toBe(200);
    const mails = res.json<OutboxMail[]>();
    expect(mails.map((m) => [m.to, m.subject, m.status])).toEqual([
      ['later@example.com', 'A later e-mail', 'logged'],
      [customer.email, 'Reset your Parlour password', 'logged'],
    ]);
    expect(mails[1]!.text).toMatch(new RegExp(`${t.config.publicUrl}/api/auth/reset-password/\\S+`));
    expect(Date.parse(mails[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(mails[1]!.createdAt));

    const one = await asUser(t.app, admin).get('/api/admin/outbox?limit=1');
    expect(one.json<OutboxMail[]>().map((m) => m.subject)).toEqual(['A later e-mail']);
    const tooMany = await asUser(t.app, admin).get('/api/admin/outbox?limit=100000');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', issues: [expect.objectContaining({ path: 'query.limit' })] });
  });

  it('refuses a visitor (401) and a customer (403), in the one error shape', async () => {
    const anonymous = await asUser(t.app, undefined).get('/api/admin/outbox');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Please log in to continue.' });
    const mim = await asUser(t.app, customer).get('/api/admin/outbox');
    expect(mim.statusCode).toBe(403);
    expect(mim.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Only an admin can do this.' });
  });
});

describe('the outbox, not shown (a deployment: SHOW_OUTBOX off)', () => {
  let t: TestApp;
  let admin: Account;

  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { SHOW_OUTBOX: 'false' } });
    admin = await signUpAdmin(t.app);
    await t.app.mailer.send({ to: 'mim@example.com', subject: 'Reset your Parlour password', text: 'http://localhost/secret' });
  });
  afterAll(async () => t?.close());

  it('answers 404 to everyone, admins included, and says it is off', async () => {
    expect((await t.database.db.select().from(outbox)).length).toBe(1);
    for (const who of [admin, undefined]) {
      const res = await asUser(t.app, who).get('/api/admin/outbox');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'The outbox is not shown on this server (SHOW_OUTBOX is off).' });
    }
    expect((await asUser(t.app, undefined).get('/api/config/outbox')).json()).toEqual({ enabled: false });
  });
});
