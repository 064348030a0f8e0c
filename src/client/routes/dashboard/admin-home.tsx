import { PageHeader } from '../../components/ui/page-header';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useAdminMenu } from './dashboard-menu';
import { ShortcutCards } from './shortcut-cards';

export function AdminHomeRoute() {
  useDocumentTitle('Admin Home | Parlour');
  const { user, isAdmin } = useCurrentUser();
  const adminMenu = useAdminMenu(isAdmin);
  return (
    <>
      <PageHeader eyebrow="Admin Home" title={`Welcome back, ${user?.name ?? ''}`}>
        Everything you need to run the salon: the team, the treatments on the menu, and every booking and payment.
      </PageHeader>
      <ShortcutCards label="Admin tools" items={adminMenu.slice(1)} />
    </>
  );
}
