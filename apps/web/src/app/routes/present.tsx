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
import { useLocation, useNavigate } from 'react-router';
import { LinkHandoff } from '@/components/link-handoff';
import { paths } from '@/config/paths';
import {
  forgetPresentationQuery,
  receivePresentationRequest,
  rememberPresentationQuery,
} from '@/features/consent/api/receive-presentation-request';
import { isApiUnavailable } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { problemMessage } from '@/lib/problem-message';
import { queryKeys } from '@/lib/query-keys';

export function Component() {
  const { user, loading } = useAuth();
  const { search } = useLocation();
  const query = search.replace(/^\?/, '');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation('consent');
  const [error, setError] = useState<string | null>(null);
  const [cause, setCause] = useState<unknown>(null);
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
        setCause(caught);
        setError(
          isApiUnavailable(caught)
            ? t('presentation.errors.offline')
            : problemMessage(caught, { fallback: t('presentation.errors.generic') }),
        );
      });
  }, [userId, query, navigate, queryClient, t]);

  return (
    <LinkHandoff
      loading={loading}
      signedIn={user !== null && user !== undefined}
      query={query}
      remember={rememberPresentationQuery}
      error={error}
      cause={cause}
      backHref={paths.app.consent.getHref()}
      backText={t('presentation.backToConsent')}
      openingText={t('presentation.opening')}
    />
  );
}
