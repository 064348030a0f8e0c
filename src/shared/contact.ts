import { z } from 'zod';

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
