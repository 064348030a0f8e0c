import { useTranslation } from 'react-i18next';
import { DEFAULT_SALON_SETTINGS } from '@shared/salon-settings';
import { PageHeader } from '@/components/ui/page-header';
import { SENT_SMS_PAGE_SIZE } from '@/features/sms/api/get-sent-sms';
import { SentSmsList } from '@/features/sms/components/sent-sms-list';
import { useSalonSettings } from '@/features/settings/api/get-settings';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /dashboard/sms: the texts the salon sent (admin). Shown beside 'Sent e-mails' under the same rule
 * (SHOW_OUTBOX), so the demo's verification codes can be read without a phone.
 */
export function SentSmsRoute() {
  const { t } = useTranslation('admin-tools');
  useDocumentTitle(t('sms.documentTitle'));
  const settings = useSalonSettings();
  const timeZone = settings.data?.timeZone ?? DEFAULT_SALON_SETTINGS.timeZone;
  return (
    <>
      <PageHeader eyebrow={t('sms.eyebrow')} title={t('sms.title')}>
        {t('sms.intro', { count: SENT_SMS_PAGE_SIZE })}
      </PageHeader>
      <SentSmsList timeZone={timeZone} />
    </>
  );
}
