import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { AddServiceForm } from '@/features/services/components/add-service-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /dashboard/addservice (admin): a new treatment for the menu. */
export function AddServiceRoute() {
  // The form's messages come from `errors`: loaded with the page, so the form never waits for it.
  const { t } = useTranslation(['services', 'errors']);
  useDocumentTitle(t('add.documentTitle'));
  return (
    <>
      <PageHeader eyebrow={t('add.eyebrow')} title={t('add.title')}>
        {t('add.intro')}
      </PageHeader>
      <AddServiceForm />
    </>
  );
}
