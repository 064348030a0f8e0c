import { useEffect } from 'react';

/** Sets the browser tab title for the page that calls it. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
