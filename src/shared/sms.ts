import { z } from 'zod';
import { idSchema } from './ids.js';
import { phoneSchema } from './phone.js';

/**
 * SMS texts and the API of her number. A text is billed per segment, so its length is known before
 * it is sent: the GSM 7-bit alphabet fits 160 characters in one SMS and 153 in each part of a long
 * one (the rest carries the join header); anything outside it (Bangla above all) makes the whole
 * text UCS-2, 70 and 67 characters.
 */

// The GSM 03.38 default alphabet, and its extension table whose characters take two places (an escape first).
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';
const BASIC = new Set(GSM_BASIC);
const EXTENDED = new Set(GSM_EXTENDED);

export type SmsEncoding = 'gsm7' | 'ucs2';
export type SmsLength = { encoding: SmsEncoding; units: number; segments: number };

/** How a text is encoded and how many SMS it takes. */
export function measureSms(text: string): SmsLength {
  let septets = 0;
  let gsm = true;
  for (const char of text) {
    if (BASIC.has(char)) septets += 1;
    else if (EXTENDED.has(char)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return { encoding: 'gsm7', units: septets, segments: septets <= 160 ? 1 : Math.ceil(septets / 153) };
  // UCS-2 counts 16-bit units: a character beyond the basic plane (an emoji) takes two.
  const units = text.length;
  return { encoding: 'ucs2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}

/** The texts the salon sends. 'waitlist-offer' is the waitlist's; 'verification' proves a number. */
export const smsKindSchema = z.enum(['verification', 'confirmation', 'reminder', 'moved', 'cancelled', 'waitlist-offer']);
export type SmsKind = z.infer<typeof smsKindSchema>;

/** 'logged': kept here only (the local sender); 'sent': the gateway took it; 'failed': it refused; 'sending': being handed over. */
export const smsStatusSchema = z.enum(['queued', 'sending', 'logged', 'sent', 'failed']);
export type SmsStatus = z.infer<typeof smsStatusSchema>;

/** One text, as the admin's 'Sent SMS' page shows it. */
export const sentSmsSchema = z.object({
  _id: idSchema,
  to: z.string(),
  kind: smsKindSchema,
  text: z.string(),
  encoding: z.enum(['gsm7', 'ucs2']),
  segments: z.number().int(),
  status: smsStatusSchema,
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type SentSms = z.infer<typeof sentSmsSchema>;
export const sentSmsListSchema = z.array(sentSmsSchema);
export const sentSmsQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

/** How long a code lives, how many wrong answers it takes, how many codes an account may ask for. */
export const PHONE_CODE_MINUTES = 10;
export const PHONE_CODE_TRIES = 5;
export const PHONE_CODES_PER_HOUR = 5;

export const CODE_MESSAGE = 'Enter the 6-digit code we sent you';
export const WRONG_CODE_MESSAGE = 'That code is not right';
export const EXPIRED_CODE_MESSAGE = 'That code has expired. Ask for a new one.';
export const TOO_MANY_TRIES_MESSAGE = 'Too many wrong codes. Ask for a new one.';
export const PHONE_TAKEN_MESSAGE = 'This number is already proven on another account';

/** `PUT /api/me/phone`: the number to prove (a code is sent to it). */
export const setPhoneInputSchema = z.object({ phone: phoneSchema });
export type SetPhoneInput = z.input<typeof setPhoneInputSchema>;

/** `POST /api/me/phone/verify`: the code she received. */
export const verifyPhoneInputSchema = z.object({
  code: z.string().trim().regex(/^\d{6}$/, CODE_MESSAGE),
});
export type VerifyPhoneInput = z.infer<typeof verifyPhoneInputSchema>;

/** `PATCH /api/me/sms`: whether she wants no appointment texts. */
export const smsPreferenceInputSchema = z.object({ optOut: z.boolean({ error: 'optOut must be true or false' }) });
export type SmsPreferenceInput = z.infer<typeof smsPreferenceInputSchema>;

/** Her number as her profile shows it. */
export const myPhoneSchema = z.object({
  /** E.164, or null when she has none. */
  phone: z.string().nullable(),
  verified: z.boolean(),
  smsOptOut: z.boolean(),
  /** A code is waiting for her answer until then (null: none sent, or used up). */
  codeExpiresAt: z.string().nullable(),
});
export type MyPhone = z.infer<typeof myPhoneSchema>;

/** `GET /api/admin/sms/usage`: the texts of the salon's current month (the admin home's figure). */
export const smsUsageSchema = z.object({
  /** YYYY-MM on the salon's calendar. */
  month: z.string(),
  /** Texts handed over (sent, or kept by the local sender) since the 1st, 00:00 salon time. */
  texts: z.number().int().nonnegative(),
  /** The SMS they cost: a long or Bangla text is several. */
  segments: z.number().int().nonnegative(),
});
export type SmsUsage = z.infer<typeof smsUsageSchema>;
