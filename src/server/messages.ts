import type { FastifyRequest } from 'fastify';
import { locales, type core } from 'zod';
import bangla from '../shared/i18n/locales/bn/errors.json' with { type: 'json' };
import { intlLocale, negotiateLanguage, withLatinDigits, type Language } from '../shared/i18n/language.js';
import { translateTemplated } from '../shared/i18n/message-templates.js';

/**
 * The API's messages in the request's language (docs/decisions/047): the browser sends its page's
 * language as Accept-Language. Messages are written in English in the shared schemas and services;
 * the `errors` catalogue maps each English message to its Bangla (the English text is the key, as
 * gettext does), a message with values by its template (shared/i18n/message-templates.ts), and
 * zod's own messages (a wrong type, a string too long) come from zod's Bangla locale. A message
 * none of them knows stays in English.
 */
const banglaMessages: Record<string, string> = bangla;
const zodEnglish = locales.en().localeError;
const zodBangla = locales.bn().localeError;

const STAND_INS: Record<string, unknown> = { number: 0, string: '', boolean: false, object: {}, array: [], null: null, bigint: 0n };

export function requestLanguage(request: FastifyRequest): Language {
  return negotiateLanguage(request.headers['accept-language']) ?? 'en';
}

/**
 * A message in `language`; numbers in Bengali digits unless the salon chose Latin ones, and the
 * salon's own Bangla for a value it wrote in both (`banglaValues`: a service's title).
 */
export function translateMessage(message: string, language: Language, latinDigits = false, banglaValues?: Readonly<Record<string, string>>): string {
  if (language === 'en') return message;
  const fixed = banglaMessages[message];
  // A fixed message's own numbers ('সর্বোচ্চ ১২৮ অক্ষর') in the salon's digits, as the values are.
  if (fixed !== undefined) return latinDigits ? withLatinDigits(fixed) : fixed;
  const templated = translateTemplated(message, banglaMessages, intlLocale(language, latinDigits), banglaValues);
  if (templated === undefined) return message;
  return latinDigits ? withLatinDigits(templated) : templated;
}

/**
 * The request's language and the salon's choice of digits, read once for a reply: Bangla's
 * numbers follow settings.latinDigits as the pages do (docs/decisions/050). Bengali digits when
 * the settings cannot be read (the database down is the likeliest reason for an error).
 */
export async function messageLanguage(request: FastifyRequest): Promise<{ language: Language; latinDigits: boolean }> {
  const language = requestLanguage(request);
  if (language === 'en' || !request.server.hasDecorator('salonSettings')) return { language, latinDigits: false };
  const latinDigits = await request.server.salonSettings.get().then(
    (settings) => settings.latinDigits,
    () => false,
  );
  return { language, latinDigits };
}

/** A message in the language of `request` (its Accept-Language) and the salon's digits. */
export async function messageFor(request: FastifyRequest, message: string): Promise<string> {
  const { language, latinDigits } = await messageLanguage(request);
  return translateMessage(message, language, latinDigits);
}

/** What fastify-type-provider-zod keeps of a zod issue on a validation error. */
type IssueParts = { keyword: string; message?: string | undefined; params?: Record<string, unknown> };

/** A schema's message in `language`: ours from the catalogue, zod's own from its locale. */
export function translateIssue(issue: IssueParts, language: Language, latinDigits = false): string {
  const message = issue.message ?? 'Invalid value';
  if (language === 'en') return message;
  const ours = translateMessage(message, language, latinDigits);
  if (ours !== message) return ours;
  // zod's default English for this issue: if that is the message, no schema wrote its own. The
  // value itself is not kept on the error; a wrong type's message names it ('received number'),
  // so a stand-in of that type lets both locales write the same sentence.
  const received = /received (\w+)$/.exec(message)?.[1];
  const input = received && received in STAND_INS ? STAND_INS[received] : undefined;
  const raw = { input, ...issue.params, code: issue.keyword, path: [] } as unknown as core.$ZodRawIssue;
  const english = zodEnglish(raw);
  const englishText = typeof english === 'string' ? english : english?.message;
  if (englishText !== message) return message;
  const translated = zodBangla(raw);
  return (typeof translated === 'string' ? translated : translated?.message) ?? message;
}
