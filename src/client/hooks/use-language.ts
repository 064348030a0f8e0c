import { useTranslation } from 'react-i18next';
import { useSite } from '../lib/site';
import { intlLocale, isLanguage, type Language } from '@shared/i18n/language';
import { pickText } from '@shared/i18n/bilingual';

/** The language the page is shown in (its address decides: /bn/… is Bangla). */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** The Intl locale the page writes dates and numbers in (bn-BD: Bengali digits). */
export function useIntlLocale(): string {
  return intlLocale(useLanguage(), useSite().latinDigits);
}

/**
 * The `lang` of text the salon wrote (service titles and descriptions, stylists' bios), in the
 * language it is actually shown in (English unless given): marked only when it differs from the
 * page's, so an English title on a Bangla page is read with an English voice.
 */
export function useContentLang(shown: Language = 'en'): Language | undefined {
  return useLanguage() === shown ? undefined : shown;
}

/**
 * A text the salon wrote in English and perhaps in Bangla, as this page shows it: the Bangla one on
 * a Bangla page when there is one, else the English (docs/decisions/050), with the `lang` to mark it.
 */
export function useSalonText(en: string, bn: string | null | undefined): { text: string; lang: Language | undefined } {
  const shown = pickText({ en, bn }, useLanguage());
  return { text: shown.text, lang: useContentLang(shown.lang) };
}
