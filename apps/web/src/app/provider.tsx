/**
 * Everything the app needs around the router: i18n (initialised on import), theme, session and
 * the toaster. Tests render the same providers around a memory router.
 */
import type { ReactNode } from 'react';
import '@/lib/i18n';
import { AuthProvider } from '@/lib/auth';
import { ThemeProvider } from '@/lib/theme';
import { AppToaster } from '@/lib/toast';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      <AuthProvider>
        {children}
        <AppToaster />
      </AuthProvider>
    </ThemeProvider>
  );
}
