import { createContext, useContext, type ReactNode } from 'react';
import type { SiteInfo } from '@shared/ssr';

/**
 * Where the site lives and the year its footer shows. The server sends both with a page
 * (PUBLIC_URL, and the year on the salon's clock), so the browser hydrates exactly what the server
 * rendered; without them (Vite's dev server, tests) the browser's own origin and clock stand in.
 */
export function browserSiteInfo(): SiteInfo {
  return { publicUrl: globalThis.location?.origin ?? '', year: new Date().getFullYear(), latinDigits: false };
}

const SiteContext = createContext<SiteInfo | null>(null);

export function SiteProvider({ site, children }: { site: SiteInfo; children: ReactNode }) {
  return <SiteContext.Provider value={site}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteInfo {
  return useContext(SiteContext) ?? browserSiteInfo();
}
