import { showSuccess } from '../../../lib/dialogs';
import { useCreateService } from '../api/create-service';
import { ServiceForm } from './service-form';

/** Adds a service: the image is uploaded, the service saved, the catalogue refetched. */
export function AddServiceForm() {
  const createService = useCreateService();
  return (
    <ServiceForm
      onSubmit={async ({ image, title, category, paymentPolicy, ...fields }) => {
        // The form's rules require the image when adding; this only narrows its type.
        if (!image || title === undefined) return undefined;
        // Left out, a new service follows the salon's policy, as it does with null.
        await createService.mutateAsync({ title, ...fields, ...(category ? { category } : {}), ...(paymentPolicy ? { paymentPolicy } : {}), image });
        void showSuccess({ title: 'Service added', text: `${title} is on the menu now.` });
        return undefined;
      }}
    />
  );
}
