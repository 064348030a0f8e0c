/**
 * The site's two languages and where each lives (docs/decisions/047-languages.md): English at the
 * addresses the spec gives, Bangla under /bn. Shared by the server (which picks the language of a
 * request and renders the page in it) and the browser (whose router runs under /bn in Bangla).
 */
export const LANGUAGES = ['en', 'bn'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** The visitor's choice, set by the language switch (GET /api/language/:lang). */
export const LANGUAGE_COOKIE = 'parlour_lang';

/** Where the Bangla site lives; English has no prefix. */
export const BANGLA_BASE = '/bn';

/** The names of the languages as their readers write them (the switch shows the other one). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', bn: 'বাংলা' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language a page address is in: '/bn' and '/bn/…' are Bangla, everything else English. */
export function languageOfPath(pathname: string): Language {
  return pathname === BANGLA_BASE || pathname.startsWith(`${BANGLA_BASE}/`) ? 'bn' : 'en';
}

/** The router's basename for a language (React Router's `basename`); undefined for English. */
export function basenameOf(language: Language): string | undefined {
  return language === 'bn' ? BANGLA_BASE : undefined;
}

/** The address without its language: '/bn/team' → '/team', '/bn' → '/'. */
export function withoutLanguage(pathname: string): string {
  if (languageOfPath(pathname) === 'en') return pathname;
  return pathname.slice(BANGLA_BASE.length) || '/';
}

/** The same page in `language`: '/team' → '/bn/team' for Bangla; search and hash kept. */
export function pathIn(language: Language, address: string): string {
  const split = /^([^?#]*)(.*)$/.exec(address);
  const pathname = withoutLanguage(split?.[1] || '/');
  const rest = split?.[2] ?? '';
  if (language === 'en') return `${pathname}${rest}`;
  return `${BANGLA_BASE}${pathname === '/' ? '/' : pathname}${rest}`;
}

/**
 * The language a browser asks for first among ours (RFC 9110 Accept-Language with q-values:
 * 'bn-BD,bn;q=0.9,en;q=0.8' → bn); null when it names neither.
 */
export function negotiateLanguage(acceptLanguage: string | undefined): Language | null {
  if (!acceptLanguage) return null;
  let best: { language: Language; q: number } | null = null;
  for (const part of acceptLanguage.split(',')) {
    const [range = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    const primary = range.trim().split('-')[0];
    if (!isLanguage(primary)) continue;
    if (!best || q > best.q) best = { language: primary, q };
  }
  return best?.language ?? null;
}

/**
 * The Intl locale dates, numbers and money are written in: Bangla as Bangladesh writes it (bn-BD:
 * Bengali digits, lakh grouping), or with Latin digits when the salon chooses them.
 */
export function intlLocale(language: Language, latinDigits = false): string {
  if (language === 'en') return 'en-GB';
  return latinDigits ? 'bn-BD-u-nu-latn' : 'bn-BD';
}

const BENGALI_DIGIT = /[\u09E6-\u09EF]/g;

/**
 * A Bangla text with Latin digits for Bengali ones: the catalogues' own numbers ('৬ অঙ্কের কোড',
 * 'গত ৩০ দিন') when the salon chose Latin digits, as Intl writes the values (docs/decisions/050).
 */
export function withLatinDigits(text: string): string {
  return text.replace(BENGALI_DIGIT, (digit) => String(digit.charCodeAt(0) - 0x09e6));
}

/**
 * withLatinDigits as an i18next post-processor, for the browser's and the server's instances alike:
 * `use` it, then name it in `postProcess` where the salon chose Latin digits.
 */
export const latinDigitsProcessor = { type: 'postProcessor', name: 'latinDigits', process: (value: string) => withLatinDigits(value) } as const;

/** The language the visitor chose, from a Cookie header (RFC 6265: `name=value` pairs split by ';'). */
export function languageFromCookie(cookieHeader: string | undefined): Language | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return null;
}

/** The Set-Cookie / document.cookie text that remembers a choice for a year, for the whole site. */
export function languageCookie(language: Language): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/**
 * The language of text a person wrote (a review, its reviewer's line): Bangla when it holds Bengali
 * letters, else English. Marked on the page so screen readers pick the right voice.
 */
export function languageOfText(text: string): Language {
  // Letters only (the vowels and consonants, U+0985–U+09B9 and U+09DC–U+09DF): the Bengali block
  // also holds the taka sign (৳) and the digits, which an English e-mail or text writes too.
  return /[\u0985-\u09B9\u09DC-\u09DF]/.test(text) ? 'bn' : 'en';
}
