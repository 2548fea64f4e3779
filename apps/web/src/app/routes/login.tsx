/**
 * SPEC 2 /login. A signed-in visitor goes to /dashboard; a successful login too (replacing the
 * history entry), or back to /present when a verifier's link was opened while signed out
 * (issue 16), or to /receive for an issuer's offer (DECISIONS 9), or to /oid4vci/callback when
 * the browser came back from an issuer's sign-in while signed out. While the stored session is being looked at (one effect after the first render) the form is shown, not a spinner: that first render is the page prerendered at build
 * time (src/app/prerender.tsx), and a signed-in visitor is sent on a moment later.
 */
import { Navigate, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { LoginPage } from '@/features/auth/components/login-page';
import { pendingPresentationQuery } from '@/features/consent/api/receive-presentation-request';
import {
  pendingCallbackQuery,
  pendingOfferQuery,
} from '@/features/credentials/api/credential-offers';
import { useAuth } from '@/lib/auth';

/**
 * Where to go after sign-in: back to a verifier's link, an issuer's sign-in return or an issuer's
 * offer opened while signed out, else /dashboard.
 */
function afterLogin(): string {
  const query = pendingPresentationQuery();
  if (query) return paths.present.getHref(query);
  const callback = pendingCallbackQuery();
  if (callback) return paths.oid4vciCallback.getHref(callback);
  const offer = pendingOfferQuery();
  return offer ? paths.receive.getHref(offer) : paths.app.dashboard.getHref();
}

export function Component() {
  const { user } = useAuth();
  const navigate = useNavigate();
  if (user) return <Navigate to={afterLogin()} replace />;
  return <LoginPage onSuccess={() => void navigate(afterLogin(), { replace: true })} />;
}
