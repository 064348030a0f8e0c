// No schema here: the first page's modules import this, and a zod schema built while the first
// page loads runs zod's eval probe before the client turns zod's JIT off (a CSP report on every
// page; docs/decisions/047).

/** A text the salon wrote in English and perhaps in Bangla. */
export type BilingualText = { en: string; bn: string | null | undefined };

/**
 * The text a reader of `language` sees and the language it is in: the Bangla one on a Bangla page
 * when the salon wrote one, else the English (docs/decisions/050).
 */
export function pickText(text: BilingualText, language: string): { text: string; lang: 'en' | 'bn' } {
  return language === 'bn' && text.bn ? { text: text.bn, lang: 'bn' } : { text: text.en, lang: 'en' };
}
