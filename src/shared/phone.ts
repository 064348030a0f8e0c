import { z } from 'zod';

/**
 * Mobile numbers. In Bangladesh a customer gives her number as `01XXXXXXXXX` (eleven digits; the
 * third is the operator, 3 to 9), sometimes with the country code (`8801…`, `+8801…`) or with spaces
 * and dashes. Every number is stored in E.164 (`+8801XXXXXXXXX`), the form SMS gateways take and
 * the one a unique index can compare; a number from another country is accepted only in E.164.
 * A regular expression is enough for the one country the salon is in; a full numbering-plan
 * library (libphonenumber) would add ~150 KB to check digits no Dhaka customer types.
 */
const BANGLADESH_MOBILE = /^(?:\+?880|0)?(1[3-9]\d{8})$/;
const E164 = /^\+[1-9]\d{7,14}$/;

export const PHONE_MESSAGE = 'Enter a mobile number, e.g. 01712 345678';

/** The number in E.164, or null when it is not a mobile number we can text. */
export function normalizePhone(input: string): string | null {
  const spaced = input.replace(/[\s\-().]/g, '');
  // Written with the international prefix 00 instead of +.
  const compact = spaced.startsWith('00') ? `+${spaced.slice(2)}` : spaced;
  const local = BANGLADESH_MOBILE.exec(compact);
  if (local) return `+880${local[1]}`;
  const international = compact;
  if (!E164.test(international)) return null;
  // A Bangladeshi number that is not a mobile one (a land line) cannot receive the salon's texts.
  if (international.startsWith('+880')) return null;
  return international;
}

/** How a stored number is shown: a Bangladeshi mobile as she would write it, others as stored. */
export function formatPhone(e164: string): string {
  const bd = /^\+880(1\d{3})(\d{6})$/.exec(e164);
  return bd ? `0${bd[1]} ${bd[2]}` : e164;
}

/** A typed number in E.164, or the form's message. */
function toE164(value: string, ctx: z.RefinementCtx): string {
  const e164 = normalizePhone(value);
  if (e164 === null) {
    ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
    return z.NEVER;
  }
  return e164;
}

/** A typed number, normalized to E.164 (the message is the form's). */
export const phoneSchema = z.string().trim().max(32, PHONE_MESSAGE).transform(toE164);

/** A number she may leave blank (sign-up asks for one, optionally): blank is none, anything else must be a number. */
export const optionalPhoneSchema = z
  .string()
  .trim()
  .max(32, PHONE_MESSAGE)
  .optional()
  .transform((value, ctx) => (value ? toE164(value, ctx) : undefined));
