/**
 * SPEC 2 /login. A signed-in visitor goes to /dashboard; a successful login too (replacing the
 * history entry).
 */
import { Navigate, useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { LoginPage } from '@/features/auth/components/login-page';
import { useAuth } from '@/lib/auth';

export function Component() {
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  if (loading) return <Spinner />;
  if (user) return <Navigate to={paths.app.dashboard.getHref()} replace />;
  return (
    <LoginPage onSuccess={() => void navigate(paths.app.dashboard.getHref(), { replace: true })} />
  );
}
