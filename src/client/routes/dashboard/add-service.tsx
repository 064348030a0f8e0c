import { PageHeader } from '../../components/ui/page-header';
import { AddServiceForm } from '../../features/services/components/add-service-form';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** /dashboard/addservice (admin): a new treatment for the menu. */
export function AddServiceRoute() {
  useDocumentTitle('Add services | Parlour');
  return (
    <>
      <PageHeader eyebrow="Add services" title="Add service">
        A new treatment for the menu: it shows on the home page as soon as it is saved.
      </PageHeader>
      <AddServiceForm />
    </>
  );
}
