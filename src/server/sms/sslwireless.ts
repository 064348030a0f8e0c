import { z } from 'zod';
import { SmsNotSentError, type OutgoingSms, type SmsGateway, type SmsHandedOver } from './gateway.js';

/**
 * SSL Wireless ISMS Plus, API v3 (`POST {base}/api/v3/send-sms`, JSON): api_token, sid (the
 * approved sender id), msisdn (8801XXXXXXXXX, no plus), sms, csms_id (the client's own id for the
 * text, unique per text). It answers `{ status: 'SUCCESS' | 'FAILED', status_code, error_message,
 * smsinfo: [{ sms_status, status_message, msisdn, csms_id, reference_id }] }`; reference_id is the
 * id its delivery reports use. Why SSL Wireless and not BulkSMSBD: decision 044.
 */
export type SslWirelessSettings = { apiBase: URL; apiToken: string; sid: string; timeoutMs?: number };

const answerSchema = z.object({
  status: z.string(),
  status_code: z.coerce.number(),
  error_message: z.string().nullish(),
  smsinfo: z
    .array(z.object({ sms_status: z.string().nullish(), status_message: z.string().nullish(), reference_id: z.union([z.string(), z.number()]).nullish() }))
    .nullish(),
});

/**
 * 'Duplicate CSMS ID' (ISMS Plus v3's status codes): a text with this csms_id was accepted earlier
 * the same day, by an attempt whose answer we lost (a timeout after the gateway took it). It went
 * out then: counted as handed over, so the retries stop instead of refusing until midnight and
 * sending it again the next day.
 */
const DUPLICATE_CSMS_ID = 4023;

/** csms_id takes at most 20 characters: our text id (a uuid) without its dashes, cut to that. */
export function csmsIdOf(clientId: string): string {
  return clientId.replace(/-/g, '').slice(0, 20);
}

export function createSslWirelessGateway(settings: SslWirelessSettings): SmsGateway {
  const timeoutMs = settings.timeoutMs ?? 15_000;
  const url = new URL('/api/v3/send-sms', settings.apiBase);
  return {
    name: 'sslwireless',
    async send(sms: OutgoingSms): Promise<SmsHandedOver> {
      const body = { api_token: settings.apiToken, sid: settings.sid, msisdn: sms.to.replace(/^\+/, ''), sms: sms.text, csms_id: csmsIdOf(sms.clientId) };
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        // The error names the host, never the request: its body holds the API token.
        if (err instanceof Error && err.name === 'TimeoutError') throw new SmsNotSentError(`SSL Wireless did not answer in time (${timeoutMs} ms)`);
        const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : 'unreachable';
        throw new SmsNotSentError(`SSL Wireless could not be reached (${cause})`);
      }
      const raw = await response.text().catch(() => '');
      let parsed: z.infer<typeof answerSchema> | undefined;
      try {
        const result = answerSchema.safeParse(JSON.parse(raw));
        parsed = result.success ? result.data : undefined;
      } catch {
        parsed = undefined;
      }
      if (!parsed) throw new SmsNotSentError(`SSL Wireless answered HTTP ${response.status} with no readable result`);
      const info = parsed.smsinfo?.[0];
      if (parsed.status_code === DUPLICATE_CSMS_ID) return { status: 'sent', reference: null };
      if (parsed.status !== 'SUCCESS' || parsed.status_code !== 200 || (info?.sms_status && info.sms_status !== 'SUCCESS')) {
        const why = parsed.error_message || info?.status_message || parsed.status;
        throw new SmsNotSentError(`SSL Wireless refused the text: ${why} (status_code ${parsed.status_code})`);
      }
      const reference = info?.reference_id;
      return { status: 'sent', reference: reference === undefined || reference === null ? null : String(reference) };
    },
  };
}
