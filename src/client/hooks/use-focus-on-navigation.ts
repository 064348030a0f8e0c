import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

function focusWithoutScrolling(element: HTMLElement) {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.setAttribute('data-focus-target', '');
  element.focus({ preventScroll: true });
}

/**
 * After a client-side navigation, moves keyboard and screen-reader focus to what the user asked
 * for: the section named by the hash, else the page's main heading, else the main region.
 * Scrolling is left to <ScrollRestoration />. The first page load keeps the browser's own focus.
 */
export function useFocusOnNavigation(mainRef: RefObject<HTMLElement | null>): void {
  const location = useLocation();
  const lastKey = useRef(location.key);

  useEffect(() => {
    if (lastKey.current === location.key) return;
    lastKey.current = location.key;
    const main = mainRef.current;
    if (!main) return;
    const hashTarget = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    focusWithoutScrolling(hashTarget ?? main.querySelector<HTMLElement>('h1') ?? main);
  }, [location.key, location.hash, mainRef]);
}
