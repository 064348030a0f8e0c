import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactMessageListSchema, contactUnreadSchema, type ContactMessage, type ContactUnread } from '@shared/contact';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** GET /api/contact: every message left through the contact form, newest first (admin). */
export function getContactMessages({ signal }: { signal?: AbortSignal } = {}): Promise<ContactMessage[]> {
  return apiClient.get('/api/contact', { schema: contactMessageListSchema, signal });
}

/** GET /api/contact/unread: how many messages no admin has opened. */
export function getContactUnread({ signal }: { signal?: AbortSignal } = {}): Promise<ContactUnread> {
  return apiClient.get('/api/contact/unread', { schema: contactUnreadSchema, signal });
}

export const contactMessagesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.contactMessages,
    queryFn: ({ signal }) => getContactMessages({ signal }),
    // A visitor may have written a moment ago: ask again whenever the page opens.
    staleTime: 0,
  });

export function useContactMessages() {
  return useQuery(contactMessagesQueryOptions());
}

/** Only asked when `enabled` (the admin menu): a customer is never asked about the inbox. */
export function useContactUnread({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: queryKeys.contactUnread, queryFn: ({ signal }) => getContactUnread({ signal }), enabled });
}
