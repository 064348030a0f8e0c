import { useId } from 'react';
import { ShieldMinus, ShieldPlus, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { User } from '@shared/user';
import { QueryState } from '@/components/ui/query-state';
import { UserAvatar } from '@/components/ui/user-avatar';
import { confirmDialog, showError, showSuccess } from '@/lib/dialogs';
import { useChangeRole, type RoleChange } from '../api/change-role';
import { useUsers } from '../api/get-users';
import { TableScrollBox } from '@/components/ui/table-scroll-box';
import { useSalonFormat } from '@/hooks/use-salon-format';

/**
 * Ask, change, say so, refetch. The question names the person; the spec's sentence stays under it,
 * with the spelling corrected.
 */
const dialogsIn = (t: TFunction<'admin'>): Record<RoleChange, { title: (name: string) => string; text: string; confirm: string; done: (name: string) => string }> => ({
  'make-admin': {
    title: (name) => t('users.makeTitle', { name }),
    text: t('users.makeText'),
    confirm: t('users.makeConfirm'),
    done: (name) => t('users.makeDone', { name }),
  },
  'remove-admin': {
    title: (name) => t('users.removeTitle', { name }),
    text: t('users.removeText'),
    confirm: t('users.removeConfirm'),
    done: (name) => t('users.removeDone', { name }),
  },
});

interface UsersTableProps {
  /** The signed-in admin, marked "you" in the list. */
  currentUserId: string | undefined;
}

/** Every account with its role, and the button that changes it (admin only). */
export function UsersTable({ currentUserId }: UsersTableProps) {
  const users = useUsers();
  const changeRole = useChangeRole();
  const captionId = useId();
  const { t } = useTranslation('admin');
  const { number } = useSalonFormat();

  const onChangeRole = async (user: User, change: RoleChange) => {
    const dialog = dialogsIn(t)[change];
    const confirmed = await confirmDialog({ title: dialog.title(user.name), text: dialog.text, icon: 'warning', confirmButtonText: dialog.confirm });
    if (!confirmed) return;
    changeRole.mutate(
      { id: user._id, change },
      {
        onSuccess: ({ modifiedCount }) => {
          if (modifiedCount === 1) void showSuccess({ title: t('users.doneTitle'), text: dialog.done(user.name) });
        },
        onError: (error) => void showError({ title: t('users.failed'), text: error.message }),
      },
    );
  };

  const pendingId = changeRole.isPending ? changeRole.variables.id : null;

  return (
    <QueryState
      query={users}
      className="mt-8"
      loading={{
        label: t('users.loading'),
        rows: 4,
        row: (
          <>
            <div className="skeleton size-10 shrink-0 rounded-full" />
            <div className="flex-1 space-y-2">
              <div className="skeleton h-3.5 w-2/5" />
              <div className="skeleton h-3 w-3/5" />
            </div>
            <div className="skeleton h-8 w-28 rounded-full" />
          </>
        ),
      }}
      empty={{ icon: Users, title: t('users.emptyTitle'), message: t('users.emptyText') }}
    >
      {(accounts) => {
        const admins = accounts.filter((user) => user.role === 'admin').length;
        return (
          <div className="mt-8 overflow-hidden rounded-box bg-base-100 shadow-soft ring-1 ring-base-300/70">
            <p id={captionId} className="border-b border-base-300/70 px-5 py-3 text-sm text-base-content/75">
              {t('users.accounts', { count: accounts.length })}, {t('users.admins', { count: admins })}
            </p>
            <TableScrollBox label={t('users.label')} className="hidden md:block">
              <table className="table table-sm sm:table-md" aria-describedby={captionId}>
                <caption className="sr-only">{t('users.caption')}</caption>
                <thead>
                  <tr className="text-xs tracking-wide text-base-content/75 uppercase">
                    <th scope="col" className="w-12">
                      #
                    </th>
                    <th scope="col">{t('users.name')}</th>
                    <th scope="col">{t('users.email')}</th>
                    <th scope="col">{t('users.role')}</th>
                    <th scope="col" className="text-right">
                      {t('users.action')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {accounts.map((user, index) => {
                    const isAdmin = user.role === 'admin';
                    const isMe = user._id === currentUserId;
                    const busy = pendingId === user._id;
                    return (
                      <tr key={user._id} className="hover:bg-base-200/50">
                        <td className="text-base-content/70">{number(index + 1)}</td>
                        <td>
                          <div className="flex items-center gap-3">
                            <UserAvatar name={user.name} image={user.image} ring="none" />
                            <div className="min-w-0">
                              <p className="flex flex-wrap items-center gap-x-2 font-semibold">
                                <span translate="no">{user.name}</span>
                                {isMe ? <span className="badge badge-ghost badge-sm">{t('users.you')}</span> : null}
                              </p>
                            </div>
                          </div>
                        </td>
                        <td className="text-base-content/80" translate="no">
                          {user.email}
                        </td>
                        <td>
                          <RoleBadge isAdmin={isAdmin} />
                        </td>
                        <td className="text-right">
                          <RoleButton user={user} isMe={isMe} busy={busy} onChangeRole={onChangeRole} />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableScrollBox>
            {/* Below md each account is a card with its button in view, not in a sideways scroll. */}
            <ul aria-label={t('users.caption')} className="divide-y divide-base-300/70 md:hidden">
              {accounts.map((user) => (
                <li key={user._id} className="flex flex-wrap items-center gap-3 px-4 py-4">
                  <UserAvatar name={user.name} image={user.image} ring="none" className="size-10" />
                  <div className="min-w-0 flex-1 basis-40">
                    <p className="font-semibold wrap-break-word">
                      <span translate="no">{user.name}</span>
                      {user._id === currentUserId ? <span className="ml-2 badge badge-ghost badge-sm">{t('users.you')}</span> : null}
                    </p>
                    <p className="truncate text-xs text-base-content/70" title={user.email} translate="no">
                      {user.email}
                    </p>
                    <p className="mt-1">
                      <RoleBadge isAdmin={user.role === 'admin'} />
                    </p>
                  </div>
                  <RoleButton user={user} isMe={user._id === currentUserId} busy={pendingId === user._id} onChangeRole={onChangeRole} />
                </li>
              ))}
            </ul>
          </div>
        );
      }}
    </QueryState>
  );
}

function RoleBadge({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation('admin');
  return isAdmin ? (
    <span className="badge border-accent/50 bg-accent/15 font-medium text-gold-ink badge-sm">{t('users.roleAdmin')}</span>
  ) : (
    <span className="badge border-base-300 bg-base-200 font-medium text-base-content/80 badge-sm">{t('users.roleCustomer')}</span>
  );
}

const roleButtons = {
  'remove-admin': { icon: ShieldMinus, tone: 'btn-outline btn-secondary' },
  'make-admin': { icon: ShieldPlus, tone: 'btn-primary' },
} as const;

interface RoleButtonProps {
  user: User;
  /** The signed-in admin's own row: the server refuses to let her remove her own role. */
  isMe: boolean;
  busy: boolean;
  onChangeRole: (user: User, change: RoleChange) => Promise<void>;
}

function RoleButton({ user, isMe, busy, onChangeRole }: RoleButtonProps) {
  const change: RoleChange = user.role === 'admin' ? 'remove-admin' : 'make-admin';
  const { icon: Icon, tone } = roleButtons[change];
  const { t } = useTranslation('admin');
  const label = change === 'remove-admin' ? t('users.removeButton') : t('users.makeButton');
  const reasonId = useId();
  // Not offered only to be refused: her own admin role stays, and the row says why.
  const ownRole = isMe && change === 'remove-admin';
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <button
        type="button"
        className={`btn rounded-full whitespace-nowrap btn-sm ${tone}`}
        // Every row has one: the name says whose role it changes (the visible words come first).
        aria-label={change === 'remove-admin' ? t('users.removeButtonFor', { name: user.name }) : t('users.makeButtonFor', { name: user.name })}
        aria-describedby={ownRole ? reasonId : undefined}
        disabled={busy || ownRole}
        onClick={() => void onChangeRole(user, change)}
      >
        {busy ? <span aria-hidden="true" className="loading loading-xs loading-spinner" /> : <Icon aria-hidden="true" className="size-4" />}
        {label}
      </button>
      {ownRole ? (
        <span id={reasonId} className="max-w-48 text-right text-xs text-base-content/70">
          {t('users.ownRole')}
        </span>
      ) : null}
    </span>
  );
}
