import { useTranslation } from 'react-i18next';
import { intlLocale, isLanguage, type Language } from '../../shared/i18n/language';

/** The language the page is shown in (its address decides: /bn/… is Bangla). */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** The Intl locale the page writes dates and numbers in (bn-BD: Bengali digits). */
export function useIntlLocale(): string {
  return intlLocale(useLanguage());
}
