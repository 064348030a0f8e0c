import { useTranslation } from 'react-i18next';

/**
 * Messages are written in English (the shared schemas, the server, the API client); the `errors`
 * catalogue has each, its English text as the key, in the page's language. A message it does not
 * know (one the server already sent in the page's language) is shown as it came.
 */
export function useErrorText(): (message: string) => string {
  const { t } = useTranslation('errors');
  return (message) => t(message, { keySeparator: false, nsSeparator: false, defaultValue: message });
}
