import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE } from '@shared/i18n/language';

/** `/api/...?<filters>&format=csv`: the list the page shows, as a spreadsheet file. */
export function csvHref(path: string, filters: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  params.set('format', 'csv');
  return `${path}?${params.toString()}`;
}

/**
 * A plain link (the server answers with `content-disposition: attachment`), so the browser saves
 * the file with the session cookie and no JavaScript holds the whole list in memory.
 */
export function DownloadCsvLink({ href, label }: { href: string; label?: string }) {
  // The file in the page's language: a link sends the browser's Accept-Language, not the page's.
  const { t, i18n } = useTranslation('ui');
  const language = i18n.language;
  const inLanguage = language && language !== DEFAULT_LANGUAGE ? `${href}&lang=${language}` : href;
  return (
    <a href={inLanguage} download className="btn gap-2 btn-outline btn-sm">
      <Download aria-hidden="true" className="size-4" />
      {label ?? t('downloadCsv')}
    </a>
  );
}
