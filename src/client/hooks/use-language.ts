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
  return useSalonTexts()(en, bn);
}

/** useSalonText for the items of a list: one function, called for each. */
export function useSalonTexts(): (en: string, bn: string | null | undefined) => { text: string; lang: Language | undefined } {
  const language = useLanguage();
  return (en, bn) => {
    const shown = pickText({ en, bn }, language);
    return { text: shown.text, lang: shown.lang === language ? undefined : shown.lang };
  };
}

/**
 * A service's title in the page's language, as a string, for what names it in words (labels,
 * dialogs, alt text): its Bangla one on a Bangla page when it has one (useSalonText for one shown).
 */
export function useServiceTitle(): (service: { title: string; title_bn?: string | null }) => string {
  const texts = useSalonTexts();
  return (service) => texts(service.title, service.title_bn).text;
}
