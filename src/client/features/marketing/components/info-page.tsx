import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle, type PageMeta } from '@/config/page-meta';
import { useIntlLocale } from '@/hooks/use-language';

/**
 * A short page of plain text (About, Terms, ...): a heading, the date it was last changed if any
 * (YYYY-MM-DD, written out in the page's language), its sections.
 */
export function InfoPage({ meta, heading, updated, children }: { meta: PageMeta; heading: string; updated?: string; children: ReactNode }) {
  usePageTitle(meta);
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const updatedOn = updated ? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${updated}T00:00:00Z`)) : null;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:py-20">
      <h1 className="text-4xl font-semibold text-secondary sm:text-5xl">{heading}</h1>
      {updatedOn ? <p className="mt-3 text-sm text-base-content/75">{t('info.updated', { date: updatedOn })}</p> : null}
      <div className="mt-8 space-y-8 text-lg leading-relaxed text-base-content/85 [overflow-wrap:anywhere]">{children}</div>
    </article>
  );
}

export function InfoSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="text-2xl font-semibold text-base-content">{title}</h2>
      {children}
    </section>
  );
}
