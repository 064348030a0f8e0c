import { useId, useState } from 'react';
import { ChevronDown, House } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { UserAvatar } from '@/components/ui/user-avatar';
import { paths } from '@/config/paths';
import type { CurrentUser } from '@/features/auth/use-current-user';
import type { DashboardMenuItem } from './dashboard-menu';

const itemClass =
  'flex items-center gap-3 rounded-field px-3 py-2.5 text-sm font-medium text-secondary-content/85 transition-colors hover:bg-white/10 hover:text-secondary-content aria-[current=page]:bg-base-100 aria-[current=page]:text-secondary aria-[current=page]:shadow-soft';

interface DashboardSidebarProps {
  user: CurrentUser;
  isAdmin: boolean;
  menu: DashboardMenuItem[];
}

/** The role's side menu (spec section 2). Below lg it folds behind a button, like the navbar. */
export function DashboardSidebar({ user, isAdmin, menu }: DashboardSidebarProps) {
  const { t } = useTranslation('dashboard');
  const location = useLocation();
  const menuId = useId();
  // Open for the page it was opened on: following a link closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const current = menu.find((item) => item.to === location.pathname);

  return (
    <aside aria-label={t('sidebar.label')} className="lg:sticky lg:top-24 lg:self-start">
      <div className="relative overflow-hidden rounded-box bg-secondary text-secondary-content shadow-lift">
        <div aria-hidden="true" className="pointer-events-none absolute -right-16 -bottom-20 size-56 rounded-full bg-primary/30 blur-3xl" />
        <div aria-hidden="true" className="pointer-events-none absolute -top-12 -left-12 size-36 rounded-full bg-accent/15 blur-2xl" />

        <div className="relative flex items-center gap-3 p-4 lg:p-5">
          <UserAvatar name={user.name} image={user.image} size={48} ring="none" className="ring-2 ring-accent/70" />
          <div className="min-w-0 flex-1">
            <p translate="no" className="truncate font-display text-lg leading-tight font-semibold">
              {user.name}
            </p>
            <p className="mt-0.5 text-xs font-semibold tracking-[0.15em] text-accent uppercase">
              {isAdmin ? t('sidebar.adminTitle') : t('sidebar.userTitle')}
            </p>
          </div>
          <button
            type="button"
            // On plum, the button's own (dark) focus ring would not show: a light one does (12:1).
            className="btn gap-1.5 rounded-full border-white/20 bg-white/10 text-secondary-content btn-sm hover:bg-white/20 focus-visible:outline-secondary-content lg:hidden"
            aria-label={t('sidebar.menuLabel')}
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpenAt(open ? null : location.key)}
          >
            {t('sidebar.menu')}
            <ChevronDown aria-hidden="true" className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
          </button>
        </div>

        {current && !open ? (
          <p className="relative border-t border-white/10 px-4 py-2.5 text-sm text-secondary-content/85 lg:hidden">
            <span className="sr-only">{t('sidebar.currentPage')} </span>
            {current.label}
          </p>
        ) : null}

        <nav
          id={menuId}
          aria-label={t('sidebar.menuLabel')}
          className={`relative border-t border-white/10 p-3 lg:block lg:p-4 ${open ? 'block' : 'hidden'}`}
        >
          <ul className="space-y-1">
            {menu.map(({ to, label, icon: Icon, count }) => (
              <li key={to}>
                {/* With a count, the link says it in words: 'Messages, 3 unread' (the badge is only seen). */}
                <NavLink to={to} end className={itemClass} aria-label={count ? t('sidebar.withCount', { label, count: count.label }) : undefined}>
                  <Icon aria-hidden="true" className="size-4 shrink-0" />
                  {label}
                  {count ? (
                    <span aria-hidden="true" className="ml-auto badge min-w-6 border-0 bg-accent badge-sm font-semibold text-accent-content">
                      {count.value}
                    </span>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
          <div aria-hidden="true" className="my-3 flex items-center gap-2 px-3">
            <span className="h-px flex-1 bg-white/15" />
            <span className="size-1.5 rotate-45 bg-accent" />
            <span className="h-px flex-1 bg-white/15" />
          </div>
          <ul>
            <li>
              <Link to={paths.home} className={itemClass}>
                <House aria-hidden="true" className="size-4 shrink-0" />
                {t('sidebar.home')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </aside>
  );
}
