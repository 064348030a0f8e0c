import { PageHeader } from '../../components/ui/page-header';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { UsersTable } from '../../features/users/components/users-table';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** /dashboard/alluser (admin): every account and its role. */
export function AllUsersRoute() {
  useDocumentTitle('Make Admin | Parlour');
  const { user } = useCurrentUser();
  return (
    <>
      <PageHeader eyebrow="Make Admin" title="All users">
        Give trusted staff the admin role, or take it back. The salon always keeps at least one admin.
      </PageHeader>
      <UsersTable currentUserId={user?.id} />
    </>
  );
}
