import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { ServicesTable } from '@/features/services/components/services-table';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /dashboard/manageservice (admin): every service, to update or delete. */
export function ManageServicesRoute() {
  const { t } = useTranslation(['services', 'ui']);
  useDocumentTitle(t('manage.documentTitle'));
  return (
    <>
      <PageHeader eyebrow={t('manage.eyebrow')} title={t('manage.title')}>
        {t('manage.intro')}
      </PageHeader>
      <ServicesTable />
    </>
  );
}
