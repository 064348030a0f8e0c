import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Glides to a section when a link only changes the hash on the current page ('Get an Appointment',
 * 'Contact Us' from the home page); jumps instantly when the page itself changes, so a new page
 * never slowly scrolls up into view. Must be rendered just before <ScrollRestoration />: sibling
 * layout effects run in order, so the class is in place before React Router scrolls.
 */
export function AnchorScrollBehavior() {
  const location = useLocation();
  const previousPathname = useRef(location.pathname);

  useLayoutEffect(() => {
    const samePage = previousPathname.current === location.pathname;
    previousPathname.current = location.pathname;
    const root = document.documentElement;
    root.classList.toggle('smooth-scroll', samePage && location.hash !== '');
    // Chrome reads scroll-behavior from the last computed style; make it see the change now.
    void getComputedStyle(root).scrollBehavior;
  }, [location.key, location.pathname, location.hash]);

  return null;
}
