import type { Service } from '../../../../shared/service';
import { showSuccess } from '../../../lib/dialogs';
import { useUpdateService } from '../api/update-service';
import { ServiceForm } from './service-form';

interface UpdateServiceFormProps {
  service: Service;
  /** Called once the change is saved, to load the saved service again. */
  onUpdated: () => Promise<void> | void;
}

/** Changes a service; an empty image (or title) keeps the current one. */
export function UpdateServiceForm({ service, onUpdated }: UpdateServiceFormProps) {
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
        if (modifiedCount === 0) return 'Nothing to change: the service already had these details.';
        // decisions.md: 'Service updated', not the original's 'Drag me!'.
        void showSuccess({ title: 'Service updated', text: `${title ?? service.title} is saved.` });
        await onUpdated();
        return undefined;
      }}
    />
  );
}
