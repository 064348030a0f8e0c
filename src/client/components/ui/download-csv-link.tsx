import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation('ui');
  return (
    <a href={href} download className="btn gap-2 btn-outline btn-sm">
      <Download aria-hidden="true" className="size-4" />
      {label ?? t('downloadCsv')}
    </a>
  );
}
