/** The SSL Wireless client against a local fake that follows its documented API. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSslWireless } from './fake-sslwireless.js';
import { createSslWirelessGateway, csmsIdOf } from './sslwireless.js';
import { SmsNotSentError } from './gateway.js';

const credentials = { apiToken: 'token-0123456789-secret', sid: 'PARLOURBRAND' };
let fake: Awaited<ReturnType<typeof startFakeSslWireless>>;

beforeAll(async () => {
  fake = await startFakeSslWireless(credentials);
});
afterAll(async () => {
  await fake?.close();
});

const gateway = (change: Partial<typeof credentials> = {}, timeoutMs = 2000) => createSslWirelessGateway({ apiBase: new URL(fake.url), ...credentials, ...change, timeoutMs });
const clientId = '6f1c2a8e-0b7d-4c3e-9a51-2d4f8e6b7c90';

async function refusal(send: Promise<unknown>): Promise<SmsNotSentError> {
  const err = await send.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(SmsNotSentError);
  return err as SmsNotSentError;
}

describe('the SSL Wireless gateway', () => {
  it('sends a text as the API asks (msisdn without +, sid, csms_id) and keeps its reference', async () => {
    fake.fail(undefined);
    const outcome = await gateway().send({ to: '+8801712345678', text: 'আপনার বুকিং নিশ্চিত', clientId });
    expect(outcome).toEqual({ status: 'sent', reference: expect.any(String) });
    expect(fake.received.at(-1)).toEqual({ api_token: credentials.apiToken, sid: credentials.sid, msisdn: '8801712345678', sms: 'আপনার বুকিং নিশ্চিত', csms_id: csmsIdOf(clientId) });
    expect(csmsIdOf(clientId)).toHaveLength(20);
  });

  it('throws on its error answers, naming them and never the token', async () => {
    fake.fail(undefined);
    const wrongToken = await refusal(gateway({ apiToken: 'not-the-token' }).send({ to: '+8801712345678', text: 'hi', clientId }));
    expect(wrongToken.message).toMatch(/SSL Wireless refused the text: .*status_code 4001/);
    fake.fail({ how: 'refuse', statusCode: 4007, message: 'Insufficient balance' });
    const empty = await refusal(gateway().send({ to: '+8801712345678', text: 'hi', clientId }));
    expect(empty.message).toContain('Insufficient balance');
    fake.fail({ how: 'http500' });
    const broken = await refusal(gateway().send({ to: '+8801712345678', text: 'hi', clientId }));
    expect(broken.message).toMatch(/HTTP 500/);
    for (const err of [wrongToken, empty, broken]) {
      expect(err.message).not.toContain(credentials.apiToken);
      expect(err.message).not.toContain('not-the-token');
    }
  });

  it('sends a text whose answer was lost only once: the retry\'s "duplicate CSMS ID" counts as handed over', async () => {
    fake.fail({ how: 'lose-answer' });
    const lostId = '0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d';
    const sentTo = () => fake.received.filter((r) => r.csms_id === csmsIdOf(lostId));
    await refusal(gateway().send({ to: '+8801712345678', text: 'Parlour: booked!', clientId: lostId }));
    expect(sentTo()).toHaveLength(1);
    fake.fail(undefined);
    expect(await gateway().send({ to: '+8801712345678', text: 'Parlour: booked!', clientId: lostId })).toEqual({ status: 'sent', reference: null });
    expect(sentTo()).toHaveLength(1);
  });

  it('gives up on a gateway that does not answer, within its timeout', async () => {
    fake.fail({ how: 'hang' });
    const started = Date.now();
    const err = await refusal(gateway({}, 300).send({ to: '+8801712345678', text: 'hi', clientId }));
    expect(err.message).toMatch(/did not answer in time \(300 ms\)/);
    expect(Date.now() - started).toBeLessThan(2000);
    fake.fail(undefined);
  });

  it('throws when nothing listens', async () => {
    const closed = createSslWirelessGateway({ apiBase: new URL('http://127.0.0.1:9'), ...credentials, timeoutMs: 1000 });
    const err = await refusal(closed.send({ to: '+8801712345678', text: 'hi', clientId }));
    expect(err.message).toMatch(/could not be reached/);
  });
});
