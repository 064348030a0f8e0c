import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createQueryClient } from '../lib/query-client';

/**
 * The query cache (a server-rendered page passes the one it seeded with the data it was rendered
 * from) and the page's texts: the server renders each request with its own i18next instance; without
 * one (tests) the last instance created stands in (react-i18next's global).
 */
export function AppProvider({ children, queryClient, i18n }: { children: ReactNode; queryClient?: QueryClient; i18n?: I18n }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const app = <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return i18n ? <I18nextProvider i18n={i18n}>{app}</I18nextProvider> : app;
}
