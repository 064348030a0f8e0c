import { DEFAULT_SALON_SETTINGS } from '../../../shared/salon-settings';
import { PageHeader } from '../../components/ui/page-header';
import { ContactInbox } from '../../features/contact-inbox/components/contact-inbox';
import { useSalonSettings } from '../../features/settings/api/get-settings';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** /dashboard/messages: what visitors wrote through the home page's contact form (admin). */
export function MessagesRoute() {
  useDocumentTitle('Messages | Parlour');
  const settings = useSalonSettings();
  const timeZone = settings.data?.timeZone ?? DEFAULT_SALON_SETTINGS.timeZone;
  return (
    <>
      <PageHeader eyebrow="Messages" title="Messages">
        What visitors wrote through the contact form, newest first. Open one to read it, reply by e-mail, then mark it handled.
      </PageHeader>
      <ContactInbox timeZone={timeZone} />
    </>
  );
}
