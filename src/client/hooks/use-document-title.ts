import { useLayoutEffect } from 'react';

/**
 * Sets the browser tab title for the page that calls it. A layout effect, so the title changes in
 * the same commit as the page it names (a passive effect runs after paint, when a screen reader
 * or a test may already have read the new page under the old title).
 */
export function useDocumentTitle(title: string): void {
  useLayoutEffect(() => {
    document.title = title;
  }, [title]);
}
