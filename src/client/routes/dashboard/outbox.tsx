import { useTranslation } from 'react-i18next';
import { DEFAULT_SALON_SETTINGS } from '@shared/salon-settings';
import { OUTBOX_PAGE_SIZE } from '@shared/outbox';
import { PageHeader } from '@/components/ui/page-header';
import { OutboxList } from '@/features/outbox/components/outbox-list';
import { useSalonSettings } from '@/features/settings/api/get-settings';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /dashboard/outbox: the e-mails the salon sent (admin). Shown when the server has SHOW_OUTBOX on,
 * as `npm start` does, so a newcomer without a mail server can still open a password-reset link.
 */
export function OutboxRoute() {
  const { t } = useTranslation('admin-tools');
  useDocumentTitle(t('outbox.documentTitle'));
  const settings = useSalonSettings();
  const timeZone = settings.data?.timeZone ?? DEFAULT_SALON_SETTINGS.timeZone;
  return (
    <>
      <PageHeader eyebrow={t('outbox.eyebrow')} title={t('outbox.title')}>
        {t('outbox.intro', { count: OUTBOX_PAGE_SIZE })}
      </PageHeader>
      <OutboxList timeZone={timeZone} />
    </>
  );
}
