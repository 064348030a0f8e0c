import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { myPhoneSchema, type MyPhone, type SetPhoneInput, type SmsPreferenceInput, type VerifyPhoneInput } from '@shared/sms';
import { apiClient, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** `GET /api/me/phone`: her number, whether it is proven, her SMS choice, a code waiting for her. */
export function getMyPhone({ signal }: { signal?: AbortSignal } = {}): Promise<MyPhone> {
  return apiClient.get('/api/me/phone', { schema: myPhoneSchema, signal });
}

export function useMyPhone() {
  return useQuery({ queryKey: queryKeys.myPhone, queryFn: ({ signal }) => getMyPhone({ signal }) });
}

/** Every change answers her number as it now stands: the cache takes the answer as it is. */
function usePhoneChange<Input>(send: (input: Input) => Promise<MyPhone>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (phone) => client.setQueryData(queryKeys.myPhone, phone) });
}

/** `PUT /api/me/phone`: sets her number and texts it a code. */
export const useSetPhone = () => usePhoneChange((input: SetPhoneInput) => apiRequest('/api/me/phone', { method: 'PUT', body: input, schema: myPhoneSchema }));
/** `POST /api/me/phone/verify`: proves it with the code. */
export const useVerifyPhone = () => usePhoneChange((input: VerifyPhoneInput) => apiRequest('/api/me/phone/verify', { method: 'POST', body: input, schema: myPhoneSchema }));
/** `DELETE /api/me/phone`. */
export const useRemovePhone = () => usePhoneChange(() => apiRequest('/api/me/phone', { method: 'DELETE', schema: myPhoneSchema }));
/** `PATCH /api/me/sms`: appointment texts off (optOut) or on. */
export const useSmsPreference = () => usePhoneChange((input: SmsPreferenceInput) => apiRequest('/api/me/sms', { method: 'PATCH', body: input, schema: myPhoneSchema }));
