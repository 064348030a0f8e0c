import { Suspense, useRef, type MouseEvent } from 'react';
import { Outlet, ScrollRestoration, useNavigation, type Location } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AnchorScrollBehavior } from '../components/layout/anchor-scroll-behavior';
import { Footer } from '../components/layout/footer';
import { hydrateLater } from '../components/layout/hydrate-later';
import { Navbar } from '../components/layout/navbar';
import { PageLoader } from '../components/ui/page-loader';
import { useCurrentUser } from '../features/auth/use-current-user';
import { useLogout } from '../features/auth/use-logout';
import { useBookingCount } from '../features/cart/use-booking-count';
import { useFocusOnNavigation } from '../hooks/use-focus-on-navigation';
import { scrollRestorationKey } from '../lib/scroll-restoration-key';
import { toast } from '../lib/dialogs';

// The location only (React Router passes the route matches second), and stable across renders.
const restorationKey = (location: Location) => scrollRestorationKey(location);

// Below every page: hydrated after the first screen (see hydrate-later.tsx).
const LaterFooter = hydrateLater(Footer);

/** Navbar, the routed page and the footer (spec section 2). */
export function RootLayout() {
  const mainRef = useRef<HTMLElement>(null);
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { user, isLoading, isAdmin } = useCurrentUser();
  const bookingCount = useBookingCount(user?.email);
  const logout = useLogout();
  useFocusOnNavigation(mainRef);

  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    mainRef.current?.focus();
  };

  const onLogout = () => {
    logout.mutate(undefined, {
      onError: (error) => void toast({ title: error.message, icon: 'error' }),
    });
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        onClick={skipToContent}
        className="sr-only z-50 rounded-full bg-primary px-4 py-2 text-primary-content focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('skipToContent')}
      </a>
      <Navbar
        user={user}
        isAdmin={isAdmin}
        isAuthLoading={isLoading}
        bookingCount={bookingCount}
        onLogout={onLogout}
        isLoggingOut={logout.isPending}
      />
      {navigation.state === 'loading' ? (
        <div aria-hidden="true" className="fixed inset-x-0 top-16 z-40 h-0.5 overflow-hidden bg-primary/15">
          <div className="h-full w-1/3 bg-primary motion-safe:animate-pulse" />
        </div>
      ) : null}
      {/* pt-16 keeps the fixed navbar (h-16) from covering the page. */}
      <main id="main" ref={mainRef} tabIndex={-1} data-focus-target="" className="flex-1 pt-16">
        {/*
          A page whose component suspends (a catalogue not yet fetched: see withTexts in
          app/router.tsx) shows the loader while its state is kept. With no boundary here, React
          dropped the page and rendered it anew: the sign-up page forgot that she had just signed
          up and sent her home instead of to the texted code.
        */}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <LaterFooter />
      <AnchorScrollBehavior />
      <ScrollRestoration getKey={restorationKey} />
    </div>
  );
}
