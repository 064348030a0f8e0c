import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { useCurrentUser } from '@/features/auth/use-current-user';
import { UsersTable } from '@/features/users/components/users-table';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /dashboard/alluser (admin): every account and its role. */
export function AllUsersRoute() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('allUsers.documentTitle'));
  const { user } = useCurrentUser();
  return (
    <>
      <PageHeader eyebrow={t('allUsers.eyebrow')} title={t('allUsers.title')}>
        {t('allUsers.intro')}
      </PageHeader>
      <UsersTable currentUserId={user?.id} />
    </>
  );
}
