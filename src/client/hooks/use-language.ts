import { useTranslation } from 'react-i18next';
import { useSite } from '../app/site';
import { intlLocale, isLanguage, type Language } from '../../shared/i18n/language';

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
 * The `lang` of text the salon wrote (service titles and descriptions, stylists' bios): English
 * until the admin writes a Bangla version, so on a Bangla page it is marked as English, and a
 * screen reader reads it with an English voice.
 */
export function useContentLang(): 'en' | undefined {
  return useLanguage() === 'en' ? undefined : 'en';
}
