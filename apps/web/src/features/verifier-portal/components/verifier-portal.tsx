/**
 * The verifier portal at /verifier (issue 16; not the public /verify/{id} page): an officer of a
 * registered verifier organisation signs in with its API key (kept in sessionStorage only), sees
 * the organisation, creates an OpenID4VP request for one registered purpose and watches it:
 * QR code and link, live status, verified claims and the holder's consent receipts; below, the
 * grievances and erasure requests data principals sent it (issue 17), to resolve. Sign out
 * forgets the key and the cached reads.
 */
import type { CreateVerifierRequestAnswer } from '@pehchaan/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PageHeading } from '@/components/ui/page-heading';
import { Spinner } from '@/components/ui/spinner';
import { hasProblemCode } from '@/lib/api-client';
import { verifierOrganisationQuery } from '../api/get-verifier-organisation';
import { forgetApiKey, readApiKey } from '../api-key-store';
import '../i18n';
import { RequestForm } from './request-form';
import { RequestStatus } from './request-status';
import { RightsRequests } from './rights-requests';
import { SignInForm } from './sign-in-form';

function SignedIn({ apiKey, onSignOut }: { apiKey: string; onSignOut: (error?: string) => void }) {
  const { t } = useTranslation('verifierPortal');
  const organisation = useQuery(verifierOrganisationQuery(apiKey));
  const [request, setRequest] = useState<CreateVerifierRequestAnswer | null>(null);
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
      {request ? (
        <RequestStatus apiKey={apiKey} request={request} onNew={() => setRequest(null)} />
      ) : (
        <RequestForm apiKey={apiKey} organisation={data} onCreated={setRequest} />
      )}
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
    <main className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
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
    </main>
  );
}
