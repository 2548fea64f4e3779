/**
 * The screen of a link the web wallet takes on behalf of a URL scheme it cannot own: /present?…
 * (a verifier's `openid4vp://` request) and /receive?… (an issuer's `openid-credential-offer://`
 * offer). While the session loads: a spinner. Signed out: the link's query is remembered (the
 * caller's `remember`, sessionStorage) and the holder goes to /login, which comes back after
 * sign-in. Without a query: straight to `backHref`. Otherwise "opening…" while the caller posts
 * the query, or the refusal in the holder's language (lib/problem-message.ts) with the server's
 * own words under "Technical details" (`cause`) and a way back.
 */
import { Link, Navigate } from 'react-router';
import { ProblemDetails } from '@/components/ui/problem-details';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';

export function LinkHandoff({
  loading,
  signedIn,
  query,
  remember,
  error,
  cause,
  backHref,
  backText,
  openingText,
}: {
  loading: boolean;
  signedIn: boolean;
  /** The link's query without '?'; '' when there is none. */
  query: string;
  remember: (query: string) => void;
  /** The refusal to show, or null while the link is being opened. */
  error: string | null;
  /** The caught error behind `error`, for its "Technical details" (none when absent). */
  cause?: unknown;
  backHref: string;
  backText: string;
  openingText: string;
}) {
  if (loading) return <Spinner className="min-h-dvh" />;
  if (!signedIn) {
    if (query !== '') remember(query);
    return <Navigate to={paths.login.getHref()} replace />;
  }
  if (query === '') return <Navigate to={backHref} replace />;
  return (
    // A section of the site layout's <main> (one main landmark per page), not a second main.
    <div className="mx-auto max-w-lg space-y-4 p-6 text-center">
      {error ? (
        <>
          <p role="alert" className="text-red-700 dark:text-red-300">
            {error}
          </p>
          <ProblemDetails error={cause} />
          <Link className="font-medium underline" to={backHref}>
            {backText}
          </Link>
        </>
      ) : (
        <>
          <Spinner />
          <p className="text-slate-700 dark:text-slate-300">{openingText}</p>
        </>
      )}
    </div>
  );
}
