import { DEFAULT_SALON_SETTINGS } from '../../../shared/salon-settings';
import { PageHeader } from '../../components/ui/page-header';
import { SENT_SMS_PAGE_SIZE } from '../../features/sms/api/get-sent-sms';
import { SentSmsList } from '../../features/sms/components/sent-sms-list';
import { useSalonSettings } from '../../features/settings/api/get-settings';
import { useDocumentTitle } from '../../hooks/use-document-title';

/**
 * /dashboard/sms: the texts the salon sent (admin). Shown beside 'Sent e-mails' under the same rule
 * (SHOW_OUTBOX), so the demo's verification codes can be read without a phone.
 */
export function SentSmsRoute() {
  useDocumentTitle('Sent SMS | Parlour');
  const settings = useSalonSettings();
  const timeZone = settings.data?.timeZone ?? DEFAULT_SALON_SETTINGS.timeZone;
  return (
    <>
      <PageHeader eyebrow="Sent SMS" title="Sent SMS">
        {`The ${SENT_SMS_PAGE_SIZE} most recent texts the salon sent, newest first, with what each cost in SMS parts.`}
      </PageHeader>
      <SentSmsList timeZone={timeZone} />
    </>
  );
}
