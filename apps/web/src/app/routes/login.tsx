/**
 * SPEC 2 /login. A signed-in visitor goes to /dashboard; a successful login too (replacing the
 * history entry). While the stored session is being looked at (one effect after the first
 * render) the form is shown, not a spinner: that first render is the page prerendered at build
 * time (src/app/prerender.tsx), and a signed-in visitor is sent on a moment later.
 */
import { Navigate, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { LoginPage } from '@/features/auth/components/login-page';
import { useAuth } from '@/lib/auth';

export function Component() {
  const { user } = useAuth();
  const navigate = useNavigate();
  if (user) return <Navigate to={paths.app.dashboard.getHref()} replace />;
  return (
    <LoginPage onSuccess={() => void navigate(paths.app.dashboard.getHref(), { replace: true })} />
  );
}
