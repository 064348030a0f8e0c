/**
 * A local SSL Wireless ISMS Plus for tests: `POST /api/v3/send-sms` answered as the documented API
 * does. `fail` makes it misbehave on purpose: refuse in the API's words (status FAILED with a
 * status_code and error_message, as for a wrong token or an empty balance), answer HTTP 500, or
 * never answer (a timeout). The status codes it refuses with are examples: the client reads only
 * status, status_code and error_message, whatever the code, except 4023 (a csms_id already
 * accepted that day), which it follows. Listens on loopback only; never
 * started by `npm start`.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeSmsRequest = { api_token: string; sid: string; msisdn: string; sms: string; csms_id: string };
/** `lose-answer`: the text is accepted, then the connection drops before the answer (a timed-out success). */
export type FakeSslWirelessFailure = { how: 'refuse'; statusCode: number; message: string } | { how: 'http500' } | { how: 'hang' } | { how: 'lose-answer' };

export async function startFakeSslWireless(options: { apiToken: string; sid: string }) {
  const received: FakeSmsRequest[] = [];
  const state: { fail: FakeSslWirelessFailure | undefined } = { fail: undefined };
  const hanging = new Set<() => void>();
  let reference = 1000;
  /** The csms_ids accepted (the real gateway refuses one seen earlier the same day: 4023). */
  const accepted = new Set<string>();

  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => resolve(body));
      req.on('error', reject);
    });

  const server = createServer((req, res) => {
    void (async () => {
      const json = (body: unknown, status = 200) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.method !== 'POST' || req.url !== '/api/v3/send-sms') return json({ status: 'FAILED', status_code: 4040, error_message: 'Not found' }, 404);
      const fields = JSON.parse(await read(req)) as FakeSmsRequest;
      const failure = state.fail;
      if (failure?.how === 'hang') {
        // Held until the test closes the server: the caller's timeout gives up first.
        await new Promise<void>((resolve) => hanging.add(resolve));
        return res.destroy();
      }
      if (failure?.how === 'http500') return res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>');
      if (failure?.how === 'refuse') return json({ status: 'FAILED', status_code: failure.statusCode, error_message: failure.message, smsinfo: [] });
      if (fields.api_token !== options.apiToken) return json({ status: 'FAILED', status_code: 4001, error_message: 'Unauthorized: invalid api_token', smsinfo: [] });
      if (fields.sid !== options.sid) return json({ status: 'FAILED', status_code: 4002, error_message: 'SID/Stakeholder is not permitted', smsinfo: [] });
      if (!/^8801[3-9]\d{8}$/.test(fields.msisdn)) return json({ status: 'FAILED', status_code: 4025, error_message: 'Invalid MSISDN', smsinfo: [] });
      if (accepted.has(fields.csms_id)) return json({ status: 'FAILED', status_code: 4023, error_message: 'Duplicate CSMS ID', smsinfo: [] });
      accepted.add(fields.csms_id);
      received.push(fields);
      if (failure?.how === 'lose-answer') return res.destroy();
      reference += 1;
      return json({
        status: 'SUCCESS',
        status_code: 200,
        error_message: '',
        smsinfo: [{ sms_status: 'SUCCESS', status_message: 'Success', msisdn: fields.msisdn, sms_type: /^[\x20-\x7e\n]*$/.test(fields.sms) ? 'EN' : 'BN', sms_body: fields.sms, csms_id: fields.csms_id, reference_id: String(reference) }],
      });
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    fail(failure: FakeSslWirelessFailure | undefined) {
      state.fail = failure;
    },
    close: async () => {
      for (const release of hanging) release();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
