import { z } from 'zod';
import { LANGUAGES } from './language.js';

/**
 * PUT /api/me/language: the language she chose, kept on her account. Apart from language.ts, which
 * the first page loads: a schema built there would run zod's eval probe before the browser's
 * zod-jitless setting (the Content-Security-Policy would report it on every page).
 */
export const myLanguageInputSchema = z.object({
  language: z.enum(LANGUAGES, { error: 'Choose English or Bangla' }),
});
export type MyLanguageInput = z.infer<typeof myLanguageInputSchema>;
