import { useMutation } from '@tanstack/react-query';
import type { ContactMessageInput } from '@shared/contact';
import { insertedSchema } from '@shared/results';
import { apiClient } from '@/lib/api-client';

export function sendContactMessage(input: ContactMessageInput) {
  return apiClient.post('/api/contact', input, { schema: insertedSchema });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
