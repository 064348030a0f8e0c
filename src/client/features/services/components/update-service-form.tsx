import { useTranslation } from 'react-i18next';
import type { Service } from '@shared/service';
import { pickText } from '@shared/i18n/bilingual';
import { useLanguage } from '@/hooks/use-language';
import { showSuccess } from '@/lib/dialogs';
import { useUpdateService } from '../api/update-service';
import { ServiceForm } from './service-form';

interface UpdateServiceFormProps {
  service: Service;
  /** Called once the change is saved, to load the saved service again. */
  onUpdated: () => Promise<void> | void;
}

/**
 * Changes a service; an empty image (or title) keeps the current one. The Bangla title and
 * description are always sent: emptied, they are null, and the service has none any more.
 */
export function UpdateServiceForm({ service, onUpdated }: UpdateServiceFormProps) {
  const { t } = useTranslation('services');
  const language = useLanguage();
  const updateService = useUpdateService();
  return (
    <ServiceForm
      service={service}
      onSubmit={async ({ image, title, ...fields }) => {
        const { modifiedCount } = await updateService.mutateAsync({
          id: service._id,
          changes: title === undefined ? fields : { title, ...fields },
          image,
        });
        if (modifiedCount === 0) return t('update.nothingToChange');
        // decisions.md: 'Service updated', not the original's 'Drag me!'.
        const shown = pickText({ en: title ?? service.title, bn: fields.title_bn }, language).text;
        void showSuccess({ title: t('update.done'), text: t('update.doneText', { title: shown }) });
        await onUpdated();
        return undefined;
      }}
    />
  );
}
