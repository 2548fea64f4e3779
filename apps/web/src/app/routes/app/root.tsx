/**
 * Frame and guard of the protected screens (SPEC 2): 'Loading...' while the session is restored,
 * a redirect to /login (replacing history) when signed out, else the app frame. After Sign Out
 * the redirect goes to '/' instead (SPEC 2: "sign out goes to /").
 */
import { Navigate, Outlet, ScrollRestoration } from 'react-router';
import { AppLayout } from '@/components/layouts/app-layout';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';

export function Component() {
  const { user, loading, signedOutTo } = useAuth();
  if (loading) return <Spinner className="min-h-dvh" />;
  if (!user) return <Navigate to={signedOutTo ?? paths.login.getHref()} replace />;
  return (
    <AppLayout>
      <ScrollRestoration />
      <Outlet />
    </AppLayout>
  );
}
