import { showSuccess } from '../../../lib/dialogs';
import { useCreateService } from '../api/create-service';
import { ServiceForm } from './service-form';

/** Adds a service: the image is uploaded, the service saved, the catalogue refetched. */
export function AddServiceForm() {
  const createService = useCreateService();
  return (
    <ServiceForm
      onSubmit={async ({ image, title, category, ...fields }) => {
        // The form's rules require the image when adding; this only narrows its type.
        if (!image || title === undefined) return undefined;
        await createService.mutateAsync({ title, ...fields, ...(category ? { category } : {}), image });
        void showSuccess({ title: 'Service added', text: `${title} is on the menu now.` });
        return undefined;
      }}
    />
  );
}
