import { useTranslation } from 'react-i18next';
import { translateTemplated } from '@shared/i18n/message-templates';
import { useIntlLocale, useLanguage } from './use-language';

const WHOLE_KEY = { keySeparator: false, nsSeparator: false } as const;

/**
 * Messages are written in English (the shared schemas, the server, the API client); the `errors`
 * catalogue has each, its English text as the key, in the page's language. A message with values
 * ('Overlaps or touches 10:00 – 13:00') is found by its template, its values written in the page's
 * digits (shared/i18n/message-templates.ts). A message it does not know (one the server already
 * sent in the page's language) is shown as it came.
 */
export function useErrorText(): (message: string) => string {
  const { t, i18n } = useTranslation('errors');
  const language = useLanguage();
  const locale = useIntlLocale();
  return (message) => {
    if (i18n.exists(message, { ns: 'errors', ...WHOLE_KEY })) return t(message, WHOLE_KEY);
    // English messages are already written from their templates.
    if (language === 'en') return message;
    const catalogue = i18n.getResourceBundle(i18n.language, 'errors') as Record<string, unknown> | undefined;
    return (catalogue && translateTemplated(message, catalogue, locale)) ?? message;
  };
}
