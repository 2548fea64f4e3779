/**
 * Everything the app needs around the router: i18n (initialised on import), the server-state
 * cache (lib/query-client.ts), theme, session, the holder's preferences and greeting name
 * (holder-facts.tsx) and the toaster. Tests render the same
 * providers around a memory router, each with a fresh cache (testing/query-client.ts).
 */
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import '@/lib/i18n';
import { AuthProvider } from '@/lib/auth';
import { queryClient as appQueryClient } from '@/lib/query-client';
import { ThemeProvider } from '@/lib/theme';
import { AppToaster } from '@/lib/toast';
import { HolderFactsRoot } from './holder-facts';

export function AppProvider({
  children,
  queryClient = appQueryClient,
}: {
  children: ReactNode;
  /** The cache to use; the app's one by default (tests pass a fresh one). */
  queryClient?: QueryClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AuthProvider>
          <HolderFactsRoot>{children}</HolderFactsRoot>
          <AppToaster />
        </AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
