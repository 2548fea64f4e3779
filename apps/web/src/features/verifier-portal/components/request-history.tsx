/**
 * The organisation's requests (GET /verifier/requests), newest first, read from the server so
 * they survive a reload: each with its purpose, status, when it was made, the verified claims
 * until they are erased (then when they were erased), the wallets' error answers ("The wallet
 * declined") and the holder's consent receipts. A status filter narrows the list; older
 * requests come a page at a time. Open shows one in the request panel above.
 */
import {
  VERIFIER_REQUEST_STATUSES,
  type VerifierOrganisation,
  type VerifierRequestAnswer,
} from '@pehchaan/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { inputClass } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { claimName, documentTypeName } from '@/lib/document-labels';
import { claimValue } from '@/lib/format-claim';
import { useFormat } from '@/lib/preferences';
import { type RequestFilter, verifierRequestsQuery } from '../api/list-verifier-requests';
import '../i18n';
import { BADGE_TONES, WalletErrors } from './request-status';

const FILTERS: readonly RequestFilter[] = ['all', ...VERIFIER_REQUEST_STATUSES];

/** The purpose's text in the current language (its code when it is no longer registered). */
function purposeText(organisation: VerifierOrganisation, code: string, language: string) {
  const purpose = organisation.purposes.find((p) => p.code === code);
  if (!purpose) return code;
  return language === 'hi' ? purpose.text_hi : purpose.text;
}

function Entry({
  request,
  organisation,
  current,
  onOpen,
}: {
  request: VerifierRequestAnswer;
  organisation: VerifierOrganisation;
  current: boolean;
  onOpen: (id: string) => void;
}) {
  const { t, i18n } = useTranslation('verifierPortal');
  const language = i18n.language;
  const format = useFormat();
  const receipts = request.consent_receipts ?? [];
  return (
    <li className="space-y-2 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0 dark:border-slate-800">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="min-w-0 flex-1 font-semibold text-slate-900 dark:text-white">
          {purposeText(organisation, request.purpose, language)}
        </p>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${BADGE_TONES[request.status]}`}
        >
          {t(`status.${request.status}`)}
        </span>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t('history.created', { date: format.dateTime(request.created_at) })}
        {request.answered_at &&
          ` · ${t('history.answered', { date: format.dateTime(request.answered_at) })}`}
      </p>
      {request.credentials ? (
        <dl className="grid gap-x-3 gap-y-0.5 text-sm sm:grid-cols-[auto_1fr]">
          {Object.entries(request.credentials).flatMap(([queryId, credentials]) =>
            credentials.flatMap((credential, index) =>
              Object.entries(credential.claims).map(([claim, value]) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the answer's order is fixed
                <div key={`${queryId}-${index}-${claim}`} className="contents">
                  <dt className="text-slate-600 dark:text-slate-400">
                    {claimName(claim, language)}
                    <span className="sr-only"> ({documentTypeName(queryId, language)})</span>
                  </dt>
                  <dd className="min-w-0 font-medium break-words">
                    {claimValue(claim, value, format)}
                  </dd>
                </div>
              )),
            ),
          )}
        </dl>
      ) : request.erased_at ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t('history.erased', { date: format.date(request.erased_at) })}
        </p>
      ) : null}
      <WalletErrors errors={request.wallet_errors} status={request.status} explain={false} />
      {receipts.length > 0 && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="text-slate-600 dark:text-slate-400">
            {t('history.receipts', { count: receipts.length })}
          </span>
          {receipts.map((receipt) => (
            <a
              key={receipt.id}
              href={paths.verify.getHref(receipt.id)}
              target="_blank"
              rel="noopener"
              className="underline"
            >
              {t(`receipts.event.${receipt.event}`)} · {format.date(receipt.issued_at)}
            </a>
          ))}
        </p>
      )}
      <Button
        size="sm"
        variant="secondary"
        className="min-h-11"
        disabled={current}
        aria-label={
          current
            ? t('history.shown')
            : t('history.openLabel', {
                purpose: purposeText(organisation, request.purpose, language),
                date: format.dateTime(request.created_at),
              })
        }
        onClick={() => onOpen(request.id)}
      >
        {current ? t('history.shown') : t('history.open')}
      </Button>
    </li>
  );
}

export function RequestHistory({
  apiKey,
  organisation,
  currentId,
  onOpen,
}: {
  apiKey: string;
  organisation: VerifierOrganisation;
  currentId: string | null;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('verifierPortal');
  const filterId = useId();
  const [filter, setFilter] = useState<RequestFilter>('all');
  const list = useInfiniteQuery(verifierRequestsQuery(apiKey, filter));
  const requests = list.data?.pages.flatMap((page) => page.requests) ?? [];
  return (
    <Card title={t('history.heading')} lead={t('history.lead')}>
      <div className="mb-4 max-w-xs">
        <label htmlFor={filterId} className="text-sm font-medium">
          {t('history.filter')}
        </label>
        <select
          id={filterId}
          className={inputClass}
          value={filter}
          onChange={(event) => setFilter(event.target.value as RequestFilter)}
        >
          {FILTERS.map((value) => (
            <option key={value} value={value}>
              {value === 'all' ? t('history.all') : t(`status.${value}`)}
            </option>
          ))}
        </select>
      </div>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t('history.loadFailed')}
        </p>
      ) : requests.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {filter === 'all' ? t('history.empty') : t('history.emptyFiltered')}
        </p>
      ) : (
        <>
          <ul className="space-y-4">
            {requests.map((request) => (
              <Entry
                key={request.id}
                request={request}
                organisation={organisation}
                current={request.id === currentId}
                onOpen={onOpen}
              />
            ))}
          </ul>
          {list.hasNextPage && (
            <Button
              variant="secondary"
              size="sm"
              className="mt-4 min-h-11"
              loading={list.isFetchingNextPage}
              loadingLabel={t('history.loading')}
              onClick={() => void list.fetchNextPage()}
            >
              {t('history.more')}
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
