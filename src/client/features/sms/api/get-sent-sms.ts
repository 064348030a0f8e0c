import { queryOptions, useQuery } from '@tanstack/react-query';
import { sentSmsListSchema, smsUsageSchema, type SentSms, type SmsUsage } from '@shared/sms';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

export const SENT_SMS_PAGE_SIZE = 50;

/** GET /api/admin/sms: the newest texts the salon sent, newest first (admin; when SHOW_OUTBOX is on). */
export function getSentSms({ signal }: { signal?: AbortSignal } = {}): Promise<SentSms[]> {
  return apiClient.get(`/api/admin/sms?limit=${SENT_SMS_PAGE_SIZE}`, { schema: sentSmsListSchema, signal });
}

export function useSentSms() {
  // A code may have been asked for a moment ago: always ask again when the page opens.
  return useQuery(queryOptions({ queryKey: queryKeys.sentSms, queryFn: ({ signal }) => getSentSms({ signal }), staleTime: 0 }));
}

/** GET /api/admin/sms/usage: the texts of the salon's current month. */
export function getSmsUsage({ signal }: { signal?: AbortSignal } = {}): Promise<SmsUsage> {
  return apiClient.get('/api/admin/sms/usage', { schema: smsUsageSchema, signal });
}

export function useSmsUsage() {
  return useQuery({ queryKey: queryKeys.smsUsage, queryFn: ({ signal }) => getSmsUsage({ signal }) });
}
