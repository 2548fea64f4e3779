/**
 * The verifier portal at /verifier (issue 16; not the public /verify/{id} page): an officer of a
 * registered verifier organisation signs in with its API key (kept in sessionStorage only), sees
 * the organisation, creates an OpenID4VP request for one registered purpose and watches it:
 * QR code and link, live status, verified claims and the holder's consent receipts. Below, the
 * organisation's requests from the server (status, purpose, claims until erased, receipts),
 * filterable by status, and the grievances and erasure requests data principals sent it (issue
 * 17), to resolve. The request shown is named in the address (`?request=<id>`), so a reload
 * shows it again. Sign out forgets the key and the cached reads.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageHeading } from '@/components/ui/page-heading';
import { Spinner } from '@/components/ui/spinner';
import { hasProblemCode } from '@/lib/api-client';
import { verifierOrganisationQuery } from '../api/get-verifier-organisation';
import { invalidateVerifierRequests } from '../api/list-verifier-requests';
import { forgetApiKey, readApiKey } from '../api-key-store';
import '../i18n';
import { RequestForm } from './request-form';
import { RequestHistory } from './request-history';
import { RequestStatus } from './request-status';
import { RightsRequests } from './rights-requests';
import { SignInForm } from './sign-in-form';

function SignedIn({ apiKey, onSignOut }: { apiKey: string; onSignOut: (error?: string) => void }) {
  const { t } = useTranslation('verifierPortal');
  const queryClient = useQueryClient();
  const organisation = useQuery(verifierOrganisationQuery(apiKey));
  const [searchParams, setSearchParams] = useSearchParams();
  const requestId = searchParams.get('request');
  const show = useCallback(
    (id: string | null) => {
      setSearchParams(id ? { request: id } : {});
      if (id) window.scrollTo({ top: 0, behavior: 'smooth' });
    },
    [setSearchParams],
  );
  const refused = hasProblemCode(organisation.error, 'unauthenticated');

  // A kept key the server no longer accepts (revoked): back to sign-in, saying why.
  useEffect(() => {
    if (refused) onSignOut(t('signIn.invalid'));
  }, [refused, onSignOut, t]);

  if (organisation.isPending || refused) return <Spinner className="py-12" />;
  if (organisation.isError) {
    return (
      <p role="alert" className="text-red-700 dark:text-red-300">
        {t('signIn.unavailable')}
      </p>
    );
  }
  const { data } = organisation;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <div className="min-w-0">
          <p className="text-lg font-semibold text-slate-900 dark:text-white">
            {t('signedInAs', { name: data.name })}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('grievance', { contact: data.grievance_contact })}
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => onSignOut()}>
          {t('signOut')}
        </Button>
      </div>
      {requestId ? (
        <RequestStatus
          key={requestId}
          apiKey={apiKey}
          requestId={requestId}
          onNew={() => show(null)}
        />
      ) : (
        <RequestForm
          apiKey={apiKey}
          organisation={data}
          onCreated={(created) => {
            void invalidateVerifierRequests(queryClient, apiKey);
            show(created.id);
          }}
        />
      )}
      <RequestHistory apiKey={apiKey} organisation={data} currentId={requestId} onOpen={show} />
      <RightsRequests apiKey={apiKey} />
    </div>
  );
}

export function VerifierPortal() {
  const { t } = useTranslation('verifierPortal');
  const queryClient = useQueryClient();
  const [apiKey, setApiKey] = useState<string | null>(() => readApiKey());
  const [signInError, setSignInError] = useState<string | null>(null);

  const signOut = useCallback(
    (error?: string) => {
      forgetApiKey();
      queryClient.removeQueries({ queryKey: ['verifier'] });
      setSignInError(error ?? null);
      setApiKey(null);
    },
    [queryClient],
  );

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <PageHeading title={t('title')} description={t('lead')} />
      {apiKey ? (
        <SignedIn key={apiKey} apiKey={apiKey} onSignOut={signOut} />
      ) : (
        <SignInForm
          initialError={signInError}
          onSignedIn={(key) => {
            setSignInError(null);
            setApiKey(key);
          }}
        />
      )}
    </div>
  );
}
