import { PageHeader } from '../../components/ui/page-header';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { userMenu } from './dashboard-menu';
import { ShortcutCards } from './shortcut-cards';

export function UserHomeRoute() {
  useDocumentTitle('User Home | Parlour');
  const { user } = useCurrentUser();
  return (
    <>
      <PageHeader eyebrow="User Home" title={`Welcome back, ${user?.name ?? ''}`}>
        Book your next treatment, check your booking list, or tell us how your last visit went.
      </PageHeader>
      <ShortcutCards label="Your salon" items={userMenu.slice(1)} />
    </>
  );
}
