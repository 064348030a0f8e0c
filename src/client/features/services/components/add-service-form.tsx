import { useTranslation } from 'react-i18next';
import { pickText } from '@shared/i18n/bilingual';
import { useLanguage } from '@/hooks/use-language';
import { showSuccess } from '@/lib/dialogs';
import { useCreateService } from '../api/create-service';
import { ServiceForm } from './service-form';

/** Adds a service: the image is uploaded, the service saved, the catalogue refetched. */
export function AddServiceForm() {
  const { t } = useTranslation('services');
  const language = useLanguage();
  const createService = useCreateService();
  return (
    <ServiceForm
      onSubmit={async ({ image, title, category, paymentPolicy, title_bn, description_bn, ...fields }) => {
        // The form's rules require the image when adding; this only narrows its type.
        if (!image || title === undefined) return undefined;
        // Left out, a new service follows the salon's policy, as it does with null; a Bangla text
        // left out is none, as it is with null (docs/decisions/050).
        await createService.mutateAsync({
          title,
          ...fields,
          ...(title_bn ? { title_bn } : {}),
          ...(description_bn ? { description_bn } : {}),
          ...(category ? { category } : {}),
          ...(paymentPolicy ? { paymentPolicy } : {}),
          image,
        });
        void showSuccess({ title: t('add.done'), text: t('add.doneText', { title: pickText({ en: title, bn: title_bn }, language).text }) });
        return undefined;
      }}
    />
  );
}
