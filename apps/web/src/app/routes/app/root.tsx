/**
 * Frame and guard of the protected screens (SPEC 2): 'Loading...' while the session is restored,
 * a redirect to /login (replacing history) when signed out, else the app frame, whose header gets
 * the holder's notifications and search records from the notifications feature (SPEC 2, 4, 9;
 * DECISIONS 6). After Sign Out the redirect goes to '/' instead (SPEC 2: "sign out goes to /").
 */
import { Navigate, Outlet, ScrollRestoration } from 'react-router';
import { AppLayout } from '@/components/layouts/app-layout';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { NotificationsProvider } from '@/features/notifications/components/notifications-provider';
import { useAuth } from '@/lib/auth';

export function Component() {
  const { user, loading, signedOutTo } = useAuth();
  if (loading) return <Spinner className="min-h-dvh" />;
  if (!user) return <Navigate to={signedOutTo ?? paths.login.getHref()} replace />;
  return (
    <NotificationsProvider userId={user.id}>
      <AppLayout>
        <ScrollRestoration />
        <Outlet />
      </AppLayout>
    </NotificationsProvider>
  );
}
