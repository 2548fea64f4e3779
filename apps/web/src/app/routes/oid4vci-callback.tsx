/**
 * /oid4vci/callback?code=…&state=… (or ?error=…&state=…): the wallet's redirect_uri in the
 * OpenID4VCI 1.0 authorization code grant (DECISIONS 9; RFC 6749 4.1.2). The holder accepted an
 * offer, signed in at the issuer, and the issuer's authorization server sent the browser back
 * here.
 *
 * Signed in: the query (`state`, `code` or `error` and `error_description`, and `iss` when the
 * issuer names itself, RFC 9207) is read once, taken out of the address bar (the code is one use; a reload
 * must not send it again) and posted to POST /user/{userId}/credential-offers/authorization
 * (api/credential-offers.ts completeCredentialOfferAuthorization); while the server exchanges
 * the code and receives the credentials the page says so, then shows each received credential
 * (its name, its issuer, waiting when deferred) with a way to /credentials, or the refusal in
 * plain words (the return not recognised, the sign-in cancelled, the code refused, or the
 * server's detail) with the same way back. Signed out: the query is kept in sessionStorage while
 * the holder signs in, and /login comes back here (components/link-handoff.tsx), as /receive
 * does.
 */
import type { CompleteCredentialOfferAuthorizationBody, CredentialRecord } from '@pehchaan/core';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { LinkHandoff } from '@/components/link-handoff';
import { CheckCircleIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import {
  completeCredentialOfferAuthorization,
  forgetCallbackQuery,
  OFFER_PROBLEMS,
  rememberCallbackQuery,
} from '@/features/credentials/api/credential-offers';
import { offerErrorText } from '@/features/credentials/components/receive-offer-dialog';
import { problemCode } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';

/** The holder's words for a refused return from the issuer. */
function callbackErrorText(error: unknown, t: TFunction<'credentials'>): string {
  const code = problemCode(error);
  if (code === OFFER_PROBLEMS.stateInvalid) return t('callback.errors.stateInvalid');
  if (code === OFFER_PROBLEMS.denied) return t('callback.errors.denied');
  if (code === OFFER_PROBLEMS.codeInvalid) return t('callback.errors.codeInvalid');
  return offerErrorText(error, t);
}

/**
 * The body the issuer's answer makes, or the refusal to show when it is not one (no state, or
 * neither a code nor an error).
 */
function readAnswer(
  query: string,
  t: TFunction<'credentials'>,
): { body: CompleteCredentialOfferAuthorizationBody } | { refusal: string } {
  const params = new URLSearchParams(query);
  const state = params.get('state');
  const code = params.get('code');
  const error = params.get('error');
  if (error === 'access_denied' && !state) return { refusal: t('callback.errors.denied') };
  if (!state || (!code && !error)) return { refusal: t('callback.errors.malformed') };
  // The authorization server's name for itself (RFC 9207), checked by the server.
  const iss = params.get('iss');
  const named = iss ? { iss: iss.slice(0, 2048) } : {};
  if (code) return { body: { state, code, ...named } };
  const description = params.get('error_description');
  return {
    body: {
      state,
      ...named,
      error: (error as string).slice(0, 200),
      ...(description ? { error_description: description.slice(0, 1000) } : {}),
    },
  };
}

export function Component() {
  const { user, loading } = useAuth();
  const { search } = useLocation();
  // Read once: the address bar loses the query as soon as it is sent.
  const [query] = useState(() => search.replace(/^\?/, ''));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation('credentials');
  const [error, setError] = useState<string | null>(null);
  const [cause, setCause] = useState<unknown>(null);
  const [received, setReceived] = useState<CredentialRecord[] | null>(null);
  const sent = useRef(false);
  const userId = user?.id;

  useEffect(() => {
    if (!userId || sent.current || query === '') return;
    sent.current = true;
    forgetCallbackQuery();
    void navigate(paths.oid4vciCallback.getHref(), { replace: true });
    const answer = readAnswer(query, t);
    if ('refusal' in answer) {
      setError(answer.refusal);
      return;
    }
    completeCredentialOfferAuthorization({ userId, body: answer.body })
      .then((credentials) => {
        setReceived(credentials);
        void queryClient.invalidateQueries({ queryKey: queryKeys.credentials(userId) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.activityLogs(userId) });
      })
      .catch((caught: unknown) => {
        setCause(caught);
        setError(callbackErrorText(caught, t));
      });
  }, [userId, query, navigate, queryClient, t]);

  if (received) {
    return (
      // A section of the site layout's <main>, as LinkHandoff is.
      <div className="mx-auto max-w-lg space-y-4 p-6">
        <h1 className="flex items-center gap-2 text-xl font-semibold text-slate-900 dark:text-white">
          <CheckCircleIcon className="size-6 text-green-700 dark:text-green-400" />
          {t('callback.doneTitle')}
        </h1>
        <ul className="space-y-2">
          {received.map((credential) => {
            const name = credential.received?.name ?? credential.credential_subject.document_type;
            return (
              <li key={credential.id}>
                <article
                  aria-label={name}
                  className="rounded-xl border border-slate-200 p-4 dark:border-slate-700"
                >
                  <p className="font-semibold text-slate-900 dark:text-white">{name}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {t('callback.from', {
                      issuer: credential.received?.issuer_name ?? credential.issuer,
                    })}
                  </p>
                  {credential.received?.state === 'pending' && (
                    <p className="mt-1 text-sm text-amber-800 dark:text-amber-200">
                      {t('received.waitingHint')}
                    </p>
                  )}
                </article>
              </li>
            );
          })}
        </ul>
        <Link
          className="inline-flex min-h-11 items-center font-medium underline"
          to={paths.app.credentials.getHref()}
        >
          {t('receive.backToCredentials')}
        </Link>
      </div>
    );
  }

  return (
    <LinkHandoff
      loading={loading}
      signedIn={user !== null && user !== undefined}
      query={query}
      remember={rememberCallbackQuery}
      error={error}
      cause={cause}
      backHref={paths.app.credentials.getHref()}
      backText={t('receive.backToCredentials')}
      openingText={t('callback.working')}
    />
  );
}
