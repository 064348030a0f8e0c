import { z } from 'zod';
import { idSchema } from './ids.js';

/** The contact form of the home page (spec section 3), checked in the browser and on the server. */
export const contactMessageInputSchema = z.object({
  firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(80, 'First name is too long'),
  lastName: z.string().trim().max(80, 'Last name is too long').default(''),
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').pipe(z.email('Enter a valid email address')),
  phone: z
    .string()
    .trim()
    .max(30, 'Phone number is too long')
    .refine((v) => v === '' || /^[+()\d\s-]{6,}$/.test(v), 'Enter a valid phone number')
    .default(''),
  message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(2000, 'Message is too long'),
});

/** What the form holds (optional fields may be missing) and what the server stores (all filled). */
export type ContactMessageForm = z.input<typeof contactMessageInputSchema>;
export type ContactMessageInput = z.output<typeof contactMessageInputSchema>;

/** One message as the admin's 'Messages' page shows it. */
export const contactMessageSchema = z.object({
  _id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** When an admin first opened it; null while it is unread. */
  readAt: z.string().nullable(),
  /** When an admin marked it handled (answered, or needing no answer); null while it is open. */
  handledAt: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactMessageListSchema = z.array(contactMessageSchema);

/** How many messages no admin has opened yet: the number beside 'Messages' in the admin menu. */
export const contactUnreadSchema = z.object({ unread: z.number().int().min(0) });
export type ContactUnread = z.infer<typeof contactUnreadSchema>;

/**
 * `PATCH /api/contact/:id`: `read: true` when an admin opens it (a message is never made unread
 * again: the count is about what nobody has seen); `handled` marks it answered or reopens it.
 */
export const contactMessagePatchSchema = z
  .object({ read: z.literal(true).optional(), handled: z.boolean().optional() })
  .strict()
  .refine((patch) => patch.read !== undefined || patch.handled !== undefined, { message: 'Say what to change: read or handled' });
export type ContactMessagePatch = z.infer<typeof contactMessagePatchSchema>;

/** The reply the admin starts from the inbox, in her own mail program. */
export function contactReplyHref(message: Pick<ContactMessage, 'email'>): string {
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, '@')}?subject=${encodeURIComponent('Re: Your message to Parlour')}`;
}
