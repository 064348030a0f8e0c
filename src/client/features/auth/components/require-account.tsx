import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useCurrentUser, useSignedOutWhileHere, type CurrentUserState } from '../use-current-user';

/** Shown while the session (or the admin check) is still on its way (spec section 2). */
export function AccountLoading() {
  const { t } = useTranslation('dashboard');
  return (
    <div className="grid min-h-[50vh] place-items-center px-4 py-16">
      <div className="flex w-full max-w-xs flex-col items-center gap-4 text-center">
        <progress className="progress w-full progress-primary" aria-label={t('accountLoading.label')} />
        <p className="text-sm text-base-content/75">{t('accountLoading.text')}</p>
      </div>
    </div>
  );
}

/**
 * The guard of the dashboard pages: `gate` is what to show instead of the page (the progress bar,
 * or a redirect to /login remembering the page), or null when she may see it.
 */
export function useAccountGate(needs: 'user' | 'admin'): CurrentUserState & { gate: ReactElement | null } {
  const account = useCurrentUser();
  const location = useLocation();
  const signedOutHere = useSignedOutWhileHere(account.user);

  let gate: ReactElement | null = null;
  if (account.isLoading) gate = <AccountLoading />;
  // Logging out from a guarded page ends at home, not at the log-in page.
  else if (signedOutHere) gate = <Navigate to={paths.home} replace />;
  else if (!account.user || (needs === 'admin' && !account.isAdmin)) {
    gate = <Navigate to={paths.login} state={{ from: location }} replace />;
  }
  return { ...account, gate };
}

/** Pages under it need an admin; anyone else goes to /login, remembering where she was going. */
export function RequireAdmin() {
  const { gate } = useAccountGate('admin');
  return gate ?? <Outlet />;
}
