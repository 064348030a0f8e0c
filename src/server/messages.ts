import type { FastifyRequest } from 'fastify';
import { locales, type core } from 'zod';
import bangla from '../shared/i18n/locales/bn/errors.json' with { type: 'json' };
import { intlLocale, negotiateLanguage, type Language } from '../shared/i18n/language.js';

/**
 * The API's messages in the request's language (docs/decisions/047): the browser sends its page's
 * language as Accept-Language. Messages are written in English in the shared schemas and services;
 * the `errors` catalogue maps each English message to its Bangla (the English text is the key, as
 * gettext does), and zod's own messages (a wrong type, a string too long) come from zod's Bangla
 * locale. A message neither knows stays in English.
 */
const banglaMessages: Record<string, string> = bangla;
const zodEnglish = locales.en().localeError;
const zodBangla = locales.bn().localeError;

const STAND_INS: Record<string, unknown> = { number: 0, string: '', boolean: false, object: {}, array: [], null: null, bigint: 0n };

export function requestLanguage(request: FastifyRequest): Language {
  return negotiateLanguage(request.headers['accept-language']) ?? 'en';
}

export function translateMessage(message: string, language: Language): string {
  if (language === 'en') return message;
  return banglaMessages[message] ?? translateCounted(message) ?? message;
}

const COUNT = '{{count}} minutes';
const BANGLA_NUMBER = new Intl.NumberFormat(intlLocale('bn'));

/**
 * An English message that says how many minutes to wait, from its template ('… Try again in
 * {{count}} minutes.', which is the catalogue's key): '1 minute', '5 minutes'.
 */
export function minutesMessage(template: string, minutes: number): string {
  return template.replace(COUNT, minutes === 1 ? '1 minute' : `${minutes} minutes`);
}

/** A message made by minutesMessage, in Bangla with its number in Bengali digits; undefined if unknown. */
function translateCounted(message: string): string | undefined {
  const counted = /(\d+) minutes?/.exec(message);
  if (!counted) return undefined;
  const bangla = banglaMessages[message.replace(counted[0], COUNT)];
  return bangla?.replace('{{count}}', BANGLA_NUMBER.format(Number(counted[1])));
}

/** What fastify-type-provider-zod keeps of a zod issue on a validation error. */
type IssueParts = { keyword: string; message?: string | undefined; params?: Record<string, unknown> };

/** A schema's message in `language`: ours from the catalogue, zod's own from its locale. */
export function translateIssue(issue: IssueParts, language: Language): string {
  const message = issue.message ?? 'Invalid value';
  if (language === 'en' || banglaMessages[message]) return translateMessage(message, language);
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
