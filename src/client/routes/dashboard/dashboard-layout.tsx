import { Navigate, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { useAccountGate } from '@/features/auth/components/require-account';
import { useCurrentUser } from '@/features/auth/use-current-user';
import { useAdminMenu, useUserMenu } from './dashboard-menu';
import { DashboardSidebar } from './dashboard-sidebar';

/** /dashboard/*: needs a signed-in user; the side menu follows her role (spec section 2). */
export function DashboardLayout() {
  const { user, isAdmin, gate } = useAccountGate('user');
  const adminMenu = useAdminMenu(isAdmin);
  const userMenu = useUserMenu(Boolean(user) && !isAdmin);
  if (gate || !user) return gate;

  return (
    <div className="bg-linear-to-b from-blush/70 via-base-100 to-base-100">
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:grid lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-10 lg:px-8 lg:py-10">
        <DashboardSidebar user={user} isAdmin={isAdmin} menu={isAdmin ? adminMenu : userMenu} />
        <div className="mt-6 min-w-0 lg:mt-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

/** /dashboard itself opens the role's home page. */
export function DashboardIndex() {
  const { isAdmin } = useCurrentUser();
  return <Navigate to={isAdmin ? paths.dashboard.adminHome : paths.dashboard.userHome} replace />;
}
