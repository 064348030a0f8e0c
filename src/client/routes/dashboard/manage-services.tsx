import { PageHeader } from '../../components/ui/page-header';
import { ServicesTable } from '../../features/services/components/services-table';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** /dashboard/manageservice (admin): every service, to update or delete. */
export function ManageServicesRoute() {
  useDocumentTitle('Manage Services | Parlour');
  return (
    <>
      <PageHeader eyebrow="Manage Services" title="Manage services">
        Change a treatment's price, description or picture, or take it off the menu.
      </PageHeader>
      <ServicesTable />
    </>
  );
}
