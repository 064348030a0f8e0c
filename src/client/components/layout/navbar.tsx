import { useEffect, useId, useRef, useState } from 'react';
import { LogIn, LogOut, Menu, X } from 'lucide-react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { UserAvatar } from '../ui/user-avatar';
import { LanguageSwitch } from './language-switch';

export interface NavbarUser {
  name: string;
  image: string | null;
}

interface NavbarProps {
  user: NavbarUser | null;
  isAdmin: boolean;
  isAuthLoading: boolean;
  bookingCount: number;
  onLogout: () => void;
  isLoggingOut?: boolean;
}

interface NavItem {
  key: string;
  to: string;
  label: string;
  isCurrent: boolean;
}

const desktopLinkClass =
  'rounded-full px-4 py-2 text-sm font-medium text-base-content transition-colors hover:bg-base-200 hover:text-primary aria-[current=page]:text-primary';
const mobileLinkClass =
  'block rounded-field px-4 py-3 text-base font-medium text-base-content hover:bg-base-200 aria-[current=page]:bg-base-200 aria-[current=page]:text-primary';

/** Fixed top bar. Below the lg breakpoint the links fold into a keyboard-usable menu. */
export function Navbar({ user, isAdmin, isAuthLoading, bookingCount, onLogout, isLoggingOut = false }: NavbarProps) {
  const location = useLocation();
  const { t } = useTranslation();
  // The menu is open for the page it was opened on: any navigation closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === location.key;
  const menuId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpenAt(null);
        menuButtonRef.current?.focus();
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !headerRef.current?.contains(event.target)) setMenuOpenAt(null);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [menuOpen]);

  const onHome = location.pathname === paths.home;
  const items: NavItem[] = [
    { key: 'home', to: paths.home, label: t('nav.home'), isCurrent: onHome && location.hash !== '#contact' },
    {
      key: 'booking',
      to: paths.dashboard.bookingList,
      label: t('nav.booking', { count: bookingCount }),
      isCurrent: location.pathname === paths.dashboard.bookingList,
    },
  ];
  if (user) {
    const dashboardPath = isAdmin ? paths.dashboard.adminHome : paths.dashboard.userHome;
    items.push({
      key: 'dashboard',
      to: dashboardPath,
      label: t('nav.dashboard'),
      isCurrent: location.pathname.startsWith(paths.dashboard.root) && location.pathname !== paths.dashboard.bookingList,
    });
  }
  items.push({ key: 'contact', to: paths.contact, label: t('nav.contact'), isCurrent: onHome && location.hash === '#contact' });

  return (
    <header
      ref={headerRef}
      // Tabbing out of the open menu closes it: it lies over the page and would hide what has focus.
      onBlur={(event) => {
        if (menuOpen && event.relatedTarget instanceof Node && !headerRef.current?.contains(event.relatedTarget)) setMenuOpenAt(null);
      }}
      className="fixed inset-x-0 top-0 z-40 border-b border-base-300/70 bg-base-100/90 backdrop-blur-md supports-[backdrop-filter]:bg-base-100/80"
    >
      <nav aria-label={t('nav.label')} className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <Link to={paths.home} className="mr-2 flex shrink-0 items-center gap-2 rounded-full pr-2 sm:mr-4">
          <img src="/favicon.svg" alt="" width={36} height={36} className="size-9" />
          <span translate="no" className="font-display text-2xl font-semibold tracking-tight text-secondary">
            {t('brand')}
          </span>
        </Link>

        <ul className="hidden items-center gap-1 lg:flex">
          {items.map((item) => (
            <li key={item.key}>
              <NavItemLink item={item} className={desktopLinkClass} />
            </li>
          ))}
        </ul>

        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <LanguageSwitch className="hidden items-center gap-1.5 rounded-full px-3 py-2 text-sm font-medium text-base-content hover:bg-base-200 hover:text-primary sm:inline-flex" />
          <AuthControls user={user} isAuthLoading={isAuthLoading} onLogout={onLogout} isLoggingOut={isLoggingOut} />
          <button
            ref={menuButtonRef}
            type="button"
            className="btn btn-square btn-ghost lg:hidden"
            aria-label={t('nav.openMenu')}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpenAt(menuOpen ? null : location.key)}
          >
            {menuOpen ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
          </button>
        </div>
      </nav>

      <div
        id={menuId}
        hidden={!menuOpen}
        // On a short window (a phone held sideways, 320x256) the menu scrolls rather than run off it.
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto overscroll-contain border-t border-base-300/70 bg-base-100 shadow-lift lg:hidden"
      >
        <ul className="mx-auto max-w-7xl space-y-1 px-4 py-3 sm:px-6">
          {items.map((item) => (
            <li key={item.key}>
              <NavItemLink item={item} className={mobileLinkClass} />
            </li>
          ))}
          {/* On a phone the switch lives in the menu: the bar has room for the logo and LogIn only. */}
          <li className="sm:hidden">
            <LanguageSwitch className={`flex items-center gap-2 ${mobileLinkClass}`} />
          </li>
        </ul>
      </div>
    </header>
  );
}

function NavItemLink({ item, className }: { item: NavItem; className: string }) {
  // Home and Contact share the path "/", and Dashboard stands for every dashboard page, so
  // "current" is decided here rather than by NavLink.
  if (item.key === 'home' || item.key === 'contact' || item.key === 'dashboard') {
    return (
      <Link to={item.to} className={className} aria-current={item.isCurrent ? 'page' : undefined}>
        {item.label}
      </Link>
    );
  }
  return (
    <NavLink to={item.to} className={className}>
      {item.label}
    </NavLink>
  );
}

function AuthControls({
  user,
  isAuthLoading,
  onLogout,
  isLoggingOut,
}: {
  user: NavbarUser | null;
  isAuthLoading: boolean;
  onLogout: () => void;
  isLoggingOut: boolean;
}) {
  const { t } = useTranslation();
  if (isAuthLoading) {
    // The LogIn button's own box: the server-rendered bar does not move when the button appears.
    // A still grey box, not a shimmering skeleton: it is in every server-rendered page, where an
    // animation would run on a phone's main thread for as long as the session takes to arrive.
    return (
      <span aria-hidden="true" className="btn pointer-events-none rounded-full border-0 bg-base-300 px-5 text-transparent shadow-none">
        <LogIn className="size-4" />
        {t('nav.login')}
      </span>
    );
  }
  if (!user) {
    return (
      <Link to={paths.login} className="btn rounded-full px-5 btn-primary">
        <LogIn aria-hidden="true" className="size-4" />
        {t('nav.login')}
      </Link>
    );
  }
  return (
    <>
      <button type="button" className="btn rounded-full btn-outline btn-sm btn-secondary sm:btn-md" onClick={onLogout} disabled={isLoggingOut}>
        <LogOut aria-hidden="true" className="size-4" />
        {t('nav.logout')}
      </button>
      {/* Below 360 px the photo gives way, so the menu button stays inside the window (WCAG 1.4.10). */}
      <UserAvatar name={user.name} image={user.image} className="max-[359px]:hidden" />
    </>
  );
}
