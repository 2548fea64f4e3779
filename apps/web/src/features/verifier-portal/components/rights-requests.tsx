/**
 * Grievances (DPDP Act s.13) and erasure requests (s.12(3)) data principals sent this
 * organisation (issue 17), newest first: kind, status and age, the consent's purpose, the
 * message, the data principal's pseudonymous id (all the organisation knows of them), the
 * receipt sent with it (its public page) and the organisation's own verifier request. An open
 * one can be marked resolved with a note the data principal reads in their wallet.
 */
import { lastActivityParts, type VerifierRightsRequest } from '@pehchaan/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { problemMessage } from '@/lib/problem-message';
import { toast } from '@/lib/toast';
import { useResolveRightsRequest, verifierRightsRequestsQuery } from '../api/rights-requests';
import '../i18n';
import { Ltr } from '@/components/ui/ltr';

function useAge() {
  const { t } = useTranslation('verifierPortal');
  return (iso: string) => {
    const parts = lastActivityParts(iso);
    if (parts.unit === 'hours') return t('rights.age.hours', { count: parts.count });
    if (parts.unit === 'days') return t('rights.age.days', { count: parts.count });
    return t('rights.age.justNow');
  };
}

function Entry({ apiKey, request }: { apiKey: string; request: VerifierRightsRequest }) {
  const { t } = useTranslation('verifierPortal');
  const age = useAge();
  const noteId = useId();
  const [note, setNote] = useState('');
  const resolve = useResolveRightsRequest(apiKey);

  const onResolve = async () => {
    try {
      await resolve.mutateAsync({ id: request.id, note });
      toast.success(t('rights.resolved'));
    } catch (error) {
      toast.error(problemMessage(error, { fallback: t('rights.resolveFailed') }));
    }
  };

  return (
    <li className="space-y-2 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0 dark:border-slate-800">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{t(`rights.kind.${request.kind}`)}</span>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${
            request.status === 'open'
              ? 'bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100'
              : 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100'
          }`}
        >
          {t(`rights.status.${request.status}`)}
        </span>
        <span className="text-sm text-slate-600 dark:text-slate-400">
          {t('rights.received', { age: age(request.created_at) })}
        </span>
      </p>
      <dl className="grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600 dark:text-slate-400">{t('rights.purpose')}</dt>
        <dd>{request.purpose}</dd>
        <dt className="text-slate-600 dark:text-slate-400">{t('rights.dataPrincipal')}</dt>
        <dd className="font-mono text-xs break-all">
          <Ltr>{request.data_principal}</Ltr>
        </dd>
        {request.receipt_id && (
          <>
            <dt className="text-slate-600 dark:text-slate-400">{t('rights.receipt')}</dt>
            <dd>
              <a
                href={paths.verify.getHref(request.receipt_id)}
                target="_blank"
                rel="noopener"
                dir="ltr"
                className="font-mono text-xs break-all underline"
              >
                {request.receipt_id}
              </a>
            </dd>
          </>
        )}
        {request.verifier_request_id && (
          <>
            <dt className="text-slate-600 dark:text-slate-400">{t('rights.request')}</dt>
            <dd className="font-mono text-xs break-all">
              <Ltr>{request.verifier_request_id}</Ltr>
            </dd>
          </>
        )}
      </dl>
      <blockquote className="rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-wrap dark:bg-slate-950">
        {request.message}
      </blockquote>
      {request.status === 'resolved' ? (
        request.resolution_note && (
          <p className="text-sm">{t('rights.yourNote', { note: request.resolution_note })}</p>
        )
      ) : (
        <div className="space-y-2">
          <label htmlFor={noteId} className="block text-sm font-medium">
            {t('rights.note')}
          </label>
          <textarea
            id={noteId}
            value={note}
            rows={2}
            maxLength={1000}
            onChange={(event) => setNote(event.target.value)}
            className="w-full rounded-lg border border-slate-300 bg-white p-2 text-sm dark:border-slate-600 dark:bg-slate-900"
          />
          <Button
            size="sm"
            className="min-h-11"
            loading={resolve.isPending}
            loadingLabel={t('rights.resolving')}
            onClick={() => void onResolve()}
          >
            {t('rights.resolve')}
          </Button>
        </div>
      )}
    </li>
  );
}

export function RightsRequests({ apiKey }: { apiKey: string }) {
  const { t } = useTranslation('verifierPortal');
  const requests = useQuery(verifierRightsRequestsQuery(apiKey));
  const open = requests.data?.filter((request) => request.status === 'open').length ?? 0;
  return (
    <Card title={t('rights.heading')} lead={t('rights.lead', { count: open })}>
      {requests.isPending ? (
        <Spinner />
      ) : requests.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t('rights.loadFailed')}
        </p>
      ) : requests.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('rights.empty')}</p>
      ) : (
        <ul className="space-y-4">
          {requests.data.map((request) => (
            <Entry key={request.id} apiKey={apiKey} request={request} />
          ))}
        </ul>
      )}
    </Card>
  );
}
