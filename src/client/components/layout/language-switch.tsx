import { Languages } from 'lucide-react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, languageCookie, pathIn, type Language } from '@shared/i18n/language';
import { useLanguage } from '@/hooks/use-language';

/**
 * The same page in the other language. A plain link (the other language is another router, under
 * or out of /bn), so it works before the page's script has run and search engines follow it; a
 * click also remembers the choice, so '/' opens in it next time (decision 047).
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const language = useLanguage();
  const { t } = useTranslation();
  const location = useLocation();
  const queryClient = useQueryClient();
  const other: Language = language === 'bn' ? 'en' : 'bn';
  const href = pathIn(other, `${location.pathname}${location.search}${location.hash}`);
  return (
    <a
      href={href}
      hrefLang={other}
      className={className}
      onClick={() => {
        document.cookie = languageCookie(other);
        // Signed in: her account keeps it too (a new phone, an e-mail in her language). Sent with
        // keepalive, as the link leaves the page at once. The session is read, not subscribed to.
        const session = queryClient.getQueryData<{ user?: unknown } | null>(queryKeys.session);
        if (session?.user) {
          apiRequest('/api/me/language', { method: 'PUT', body: { language: other }, keepalive: true }).catch(() => undefined);
        }
      }}
    >
      <Languages aria-hidden="true" className="size-4 shrink-0" />
      <span lang={other}>{LANGUAGE_NAMES[other]}</span>
      <span className="sr-only">{t('language.switchTo')}</span>
    </a>
  );
}
