import { DEFAULT_SALON_SETTINGS } from '@shared/salon-settings';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { ContactInbox } from '@/features/contact-inbox/components/contact-inbox';
import { useSalonSettings } from '@/features/settings/api/get-settings';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /dashboard/messages: what visitors wrote through the home page's contact form (admin). */
export function MessagesRoute() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('messagesPage.documentTitle'));
  const settings = useSalonSettings();
  const timeZone = settings.data?.timeZone ?? DEFAULT_SALON_SETTINGS.timeZone;
  return (
    <>
      <PageHeader eyebrow={t('messagesPage.eyebrow')} title={t('messagesPage.title')}>
        {t('messagesPage.intro')}
      </PageHeader>
      <ContactInbox timeZone={timeZone} />
    </>
  );
}
