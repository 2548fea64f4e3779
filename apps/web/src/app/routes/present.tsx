/**
 * /present?… (issue 16, DECISIONS 7): the web wallet's entry point for a verifier's OpenID4VP
 * 1.0 link. It takes exactly the query of an `openid4vp://` URL (a web wallet cannot own that
 * scheme, so verifiers link or QR-encode `{origin}/present?…` instead).
 *
 * Signed in: posts the query to POST /user/{userId}/presentation-requests and goes to /consent
 * (replacing this entry), where the new request waits in the pending list. Signed out: keeps the
 * query in sessionStorage and goes to /login, which comes back here after sign-in. A refused
 * link shows the server's plain-language reason and a way to /consent.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import {
  forgetPresentationQuery,
  receivePresentationRequest,
  rememberPresentationQuery,
} from '@/features/consent/api/receive-presentation-request';
import { errorDetail, isApiUnavailable } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';

export function Component() {
  const { user, loading } = useAuth();
  const { search } = useLocation();
  const query = search.replace(/^\?/, '');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation('consent');
  const [error, setError] = useState<string | null>(null);
  const sent = useRef(false);
  const userId = user?.id;

  useEffect(() => {
    if (!userId || sent.current || query === '') return;
    sent.current = true;
    forgetPresentationQuery();
    receivePresentationRequest({ userId, link: query })
      .then(async () => {
        await queryClient.invalidateQueries({ queryKey: queryKeys.consentRequests(userId) });
        await navigate(paths.app.consent.getHref(), { replace: true });
      })
      .catch((caught: unknown) => {
        setError(
          isApiUnavailable(caught)
            ? t('presentation.errors.offline')
            : (errorDetail(caught) ?? t('presentation.errors.generic')),
        );
      });
  }, [userId, query, navigate, queryClient, t]);

  if (loading) return <Spinner className="min-h-dvh" />;
  if (!user) {
    if (query !== '') rememberPresentationQuery(query);
    return <Navigate to={paths.login.getHref()} replace />;
  }
  if (query === '') return <Navigate to={paths.app.consent.getHref()} replace />;
  return (
    <main className="mx-auto max-w-lg space-y-4 p-6 text-center">
      {error ? (
        <>
          <p role="alert" className="text-red-700 dark:text-red-300">
            {error}
          </p>
          <Link className="font-medium underline" to={paths.app.consent.getHref()}>
            {t('presentation.backToConsent')}
          </Link>
        </>
      ) : (
        <>
          <Spinner />
          <p className="text-slate-700 dark:text-slate-300">{t('presentation.opening')}</p>
        </>
      )}
    </main>
  );
}
