/**
 * /receive?… (DECISIONS 9): the web wallet's entry point for an issuer's OpenID4VCI 1.0
 * credential offer, the twin of /present. It takes exactly the query of an
 * `openid-credential-offer://` URL (`credential_offer=…` or `credential_offer_uri=…`; a web wallet
 * cannot own that scheme, so issuers link or QR-encode `{origin}/receive?…` instead).
 *
 * Signed in: posts the query as the contract's link form `?<query>` (docs/api-contract.md; the
 * server reads a link, not a bare query) to POST /user/{userId}/credential-offers and goes to
 * /credentials?offer={id} (replacing this entry), where the offer's review opens over the list
 * (the view is put in the query cache, so it is not fetched again). Signed out: keeps the query
 * in sessionStorage and goes to /login, which comes back here after sign-in. A refused offer
 * shows the server's plain-language reason and a way to /credentials.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LinkHandoff } from '@/components/link-handoff';
import { paths } from '@/config/paths';
import {
  forgetOfferQuery,
  getCredentialOfferQueryOptions,
  receiveCredentialOffer,
  rememberOfferQuery,
} from '@/features/credentials/api/credential-offers';
import { offerErrorText } from '@/features/credentials/components/receive-offer-dialog';
import { useAuth } from '@/lib/auth';

export function Component() {
  const { user, loading } = useAuth();
  const { search } = useLocation();
  const query = search.replace(/^\?/, '');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation('credentials');
  const [error, setError] = useState<string | null>(null);
  const [cause, setCause] = useState<unknown>(null);
  const sent = useRef(false);
  const userId = user?.id;

  useEffect(() => {
    if (!userId || sent.current || query === '') return;
    sent.current = true;
    forgetOfferQuery();
    receiveCredentialOffer({ userId, offer: `?${query}` })
      .then(async (view) => {
        queryClient.setQueryData(getCredentialOfferQueryOptions(userId, view.id).queryKey, view);
        await navigate(paths.app.credentials.getHref(view.id), { replace: true });
      })
      .catch((caught: unknown) => {
        setCause(caught);
        setError(offerErrorText(caught, t));
      });
  }, [userId, query, navigate, queryClient, t]);

  return (
    <LinkHandoff
      loading={loading}
      signedIn={user !== null && user !== undefined}
      query={query}
      remember={rememberOfferQuery}
      error={error}
      cause={cause}
      backHref={paths.app.credentials.getHref()}
      backText={t('receive.backToCredentials')}
      openingText={t('receive.opening')}
    />
  );
}
