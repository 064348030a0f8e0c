import { useId } from 'react';
import { ShieldMinus, ShieldPlus, Users } from 'lucide-react';
import type { User } from '../../../../shared/user';
import { QueryState } from '../../../components/ui/query-state';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { confirmDialog, showError, showSuccess } from '../../../lib/dialogs';
import { useChangeRole, type RoleChange } from '../api/change-role';
import { useUsers } from '../api/get-users';
import { TableScrollBox } from '../../../components/ui/table-scroll-box';

/**
 * Ask, change, say so, refetch. The question names the person; the spec's sentence stays under it,
 * with the spelling corrected.
 */
const dialogs: Record<RoleChange, { title: (name: string) => string; text: string; confirm: string; done: (name: string) => string }> = {
  'make-admin': { title: (name) => `Make ${name} an admin?`, text: 'You want to make user admin!', confirm: 'Yes, make admin', done: (name) => `${name} is an admin now.` },
  'remove-admin': {
    title: (name) => `Remove ${name}'s admin role?`,
    text: 'You want to remove user admin role!',
    confirm: 'Yes, remove admin',
    done: (name) => `${name} is no longer an admin.`,
  },
};

interface UsersTableProps {
  /** The signed-in admin, marked "you" in the list. */
  currentUserId: string | undefined;
}

/** Every account with its role, and the button that changes it (admin only). */
export function UsersTable({ currentUserId }: UsersTableProps) {
  const users = useUsers();
  const changeRole = useChangeRole();
  const captionId = useId();

  const onChangeRole = async (user: User, change: RoleChange) => {
    const dialog = dialogs[change];
    const confirmed = await confirmDialog({ title: dialog.title(user.name), text: dialog.text, icon: 'warning', confirmButtonText: dialog.confirm });
    if (!confirmed) return;
    changeRole.mutate(
      { id: user._id, change },
      {
        onSuccess: ({ modifiedCount }) => {
          if (modifiedCount === 1) void showSuccess({ title: 'Admin!', text: dialog.done(user.name) });
        },
        onError: (error) => void showError({ title: 'The role was not changed', text: error.message }),
      },
    );
  };

  const pendingId = changeRole.isPending ? changeRole.variables.id : null;

  return (
    <QueryState
      query={users}
      className="mt-8"
      loading={{
        label: 'Loading the accounts',
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
      empty={{ icon: Users, title: 'No accounts yet', message: 'When customers sign up, they appear here.' }}
    >
      {(accounts) => {
        const admins = accounts.filter((user) => user.role === 'admin').length;
        return (
          <div className="mt-8 overflow-hidden rounded-box bg-base-100 shadow-soft ring-1 ring-base-300/70">
            <p id={captionId} className="border-b border-base-300/70 px-5 py-3 text-sm text-base-content/75">
              {accounts.length} {accounts.length === 1 ? 'account' : 'accounts'}, {admins} {admins === 1 ? 'admin' : 'admins'}
            </p>
            <TableScrollBox label="Accounts" className="hidden md:block">
              <table className="table table-sm sm:table-md" aria-describedby={captionId}>
                <caption className="sr-only">Accounts and their roles</caption>
                <thead>
                  <tr className="text-xs tracking-wide text-base-content/75 uppercase">
                    <th scope="col" className="w-12">
                      #
                    </th>
                    <th scope="col">Name</th>
                    <th scope="col">Email</th>
                    <th scope="col">Role</th>
                    <th scope="col" className="text-right">
                      Action
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
                        <td className="text-base-content/70">{index + 1}</td>
                        <td>
                          <div className="flex items-center gap-3">
                            <UserAvatar name={user.name} image={user.image} ring="none" />
                            <div className="min-w-0">
                              <p className="flex flex-wrap items-center gap-x-2 font-semibold">
                                <span>{user.name}</span>
                                {isMe ? <span className="badge badge-ghost badge-sm">you</span> : null}
                              </p>
                            </div>
                          </div>
                        </td>
                        <td className="text-base-content/80">{user.email}</td>
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
            <ul aria-label="Accounts and their roles" className="divide-y divide-base-300/70 md:hidden">
              {accounts.map((user) => (
                <li key={user._id} className="flex flex-wrap items-center gap-3 px-4 py-4">
                  <UserAvatar name={user.name} image={user.image} ring="none" className="size-10" />
                  <div className="min-w-0 flex-1 basis-40">
                    <p className="font-semibold wrap-break-word">
                      {user.name}
                      {user._id === currentUserId ? <span className="ml-2 badge badge-ghost badge-sm">you</span> : null}
                    </p>
                    <p className="truncate text-xs text-base-content/70" title={user.email}>
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
  return isAdmin ? (
    <span className="badge border-accent/50 bg-accent/15 font-medium text-gold-ink badge-sm">Admin</span>
  ) : (
    <span className="badge border-base-300 bg-base-200 font-medium text-base-content/80 badge-sm">Customer</span>
  );
}

const roleButtons = {
  'remove-admin': { label: 'Remove Admin', icon: ShieldMinus, tone: 'btn-outline btn-secondary' },
  'make-admin': { label: 'Make admin', icon: ShieldPlus, tone: 'btn-primary' },
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
  const { label, icon: Icon, tone } = roleButtons[change];
  const reasonId = useId();
  // Not offered only to be refused: her own admin role stays, and the row says why.
  const ownRole = isMe && change === 'remove-admin';
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <button
        type="button"
        className={`btn rounded-full whitespace-nowrap btn-sm ${tone}`}
        // Every row has one: the name says whose role it changes (the visible words come first).
        aria-label={`${label} ${user.name}`}
        aria-describedby={ownRole ? reasonId : undefined}
        disabled={busy || ownRole}
        onClick={() => void onChangeRole(user, change)}
      >
        {busy ? <span aria-hidden="true" className="loading loading-xs loading-spinner" /> : <Icon aria-hidden="true" className="size-4" />}
        {label}
      </button>
      {ownRole ? (
        <span id={reasonId} className="max-w-48 text-right text-xs text-base-content/70">
          Your own role: another admin can remove it.
        </span>
      ) : null}
    </span>
  );
}
