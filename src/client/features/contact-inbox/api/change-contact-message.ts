import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactMessageSchema, type ContactMessagePatch } from '@shared/contact';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** PATCH /api/contact/:id: marks a message read (opened) or handled, or reopens it. */
export function changeContactMessage({ id, changes }: { id: string; changes: ContactMessagePatch }) {
  return apiClient.patch(`/api/contact/${id}`, changes, { schema: contactMessageSchema });
}

/** The list and the menu's unread count sit under one key: a change refreshes both. */
export function useChangeContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeContactMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.contactMessages }),
  });
}
